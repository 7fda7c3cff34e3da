"""A real server for the tests that need one, and for the benchmark.

gunicorn runs in a subprocess with production settings (DEBUG off, hashed static files) on a
database of its own: a SQLite file, or a new database on the PostgreSQL server that
DATABASE_URL names. pytest-django's live_server is not used: on SQLite its test database
lives in memory and its threads share one connection, so a race there would prove nothing.
`Phone` is a small HTTP client that keeps its cookies, as a phone's browser does.
"""

import contextlib
import http.client
import json
import os
import queue
import re
import secrets
import socket
import subprocess
import sys
import threading
import time
import uuid
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import psycopg

from tests.helpers.pagetext import tags
from tests.helpers.ports import bound_socket

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
PASSWORD = "correct-horse-battery-9"


def production_env(static_root, database_url, **extra):
    # Not the test run's own switches (the browser tests allow async-unsafe ORM calls).
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("PYTEST") and key != "DJANGO_ALLOW_ASYNC_UNSAFE"
    }
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        STATIC_ROOT=str(static_root),
        CACHE_DIR=str(Path(static_root).parent / "cache"),
        DATABASE_URL=database_url,
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        EMAIL_HOST="localhost",  # the worker refuses to start without it in production
        ACCESS_LOG="",
        # Every phone of a module's tests signs up from 127.0.0.1.
        SIGNUPS_PER_CLIENT="1000",
    )
    env.update(extra)
    return env


def manage(env, *args):
    return subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )


@contextlib.contextmanager
def fresh_database(folder, main=None):
    """An empty database: a new one on the PostgreSQL server of `main` (default: DATABASE_URL),
    else a SQLite file in `folder`."""
    main = main or os.environ.get("DATABASE_URL", "")
    if not main.startswith("postgres"):
        yield f"sqlite:///{Path(folder) / 'live.sqlite3'}"
        return
    name = f"scorekeeper_live_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(main, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield main.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(main, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Server:
    """gunicorn on a socket bound here first (tests/helpers/ports.py): two servers started at
    once, by two xdist workers or two test runs, never reach for the same port."""

    def __init__(self, env, workers=None):
        self.env, self.workers = env, workers
        self.socket = bound_socket()
        self.port = self.socket.getsockname()[1]
        self.process = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        command = [
            PYTHON, "-m", "gunicorn", "scorekeeper.asgi",
            "--bind", f"fd://{self.socket.fileno()}", "--log-level", "warning",
        ]  # fmt: skip
        if self.workers:  # else gunicorn.conf.py's: twice the cores, plus one
            command += ["--workers", str(self.workers)]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, pass_fds=[self.socket.fileno()]
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}")
            with contextlib.suppress(OSError):
                if Phone(self).get("/healthz").status == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError("gunicorn did not answer within 30 s")

    def stop(self):
        self._end_process()
        self.socket.close()

    def restart(self):
        """Stopped and started again on its own socket, as an upgrade restarts a node: its
        workers' memory is gone."""
        self._end_process()
        return self.start()

    def _end_process(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)


class Response:
    def __init__(self, raw):
        self.status, self.headers = raw.status, raw.headers
        self.text = raw.read().decode("utf-8", "replace")

    @property
    def location(self):
        return self.headers.get("Location", "")

    def csrf_token(self):
        found = tags(self.text, "input", name="csrfmiddlewaretoken")
        return found[0]["value"] if found else None

    def json(self):
        return json.loads(self.text)


class Phone:
    """A browser on a phone: keeps its cookies (Secure ones too, over loopback HTTP)."""

    def __init__(self, server):
        self.server, self.cookies, self.set_cookies = server, {}, []

    def request(self, method, path, data=None, headers=(), body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=60)
        headers = dict(headers)
        if data is not None:
            body = urlencode(data, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{key}={value}" for key, value in self.cookies.items())
        try:
            connection.request(method, path, body=body, headers=headers)
            response = Response(connection.getresponse())
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or ():
            self.set_cookies.append(header)
            for key, morsel in SimpleCookie(header).items():
                self.cookies[key] = morsel.value
        return response

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, data, **kwargs):
        return self.request("POST", path, data, **kwargs)

    def post_file(self, path, data, field, content):
        """POST `data` and one file as a browser's file field does (multipart/form-data)."""
        body, headers = multipart(data, field, content)
        return self.request("POST", path, headers=headers, body=body)

    def submit(self, path, data, form_path=None, **kwargs):
        """POST `data` the way the browser does: with the token of the page that has the form."""
        token = self.get(form_path or path).csrf_token()
        return self.post(path, {"csrfmiddlewaretoken": token, **data}, **kwargs)

    def sign_up(self, username):
        data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
        response = self.submit("/accounts/signup/", data)
        assert response.status == 302, response.text
        return self

    def log_in(self, username, password=PASSWORD):
        data = {"username": username, "password": password}
        response = self.submit("/accounts/login/", data)
        assert response.status == 302, response.text
        return self

    def start_game(self, *names):
        data = {f"player_{seat}": name for seat, name in enumerate(names)}
        data |= {"starter": 0, "game": "lama"}
        response = self.submit("/games/new/", data)
        assert response.status == 302, response.text
        return int(re.search(r"/games/(\d+)/", response.location).group(1))


def round_post(phone, game, number, entries, htmx=False):
    """The round form as the sheet the phone holds sends it, ready to post."""
    sheet = phone.get(f"/games/{game}/")
    assert tags(sheet.text, "input", name="round_number", value=str(number))
    data = {"csrfmiddlewaretoken": sheet.csrf_token(), "round_number": number,
            "idempotency_key": uuid.uuid4(), "last_to_quit": 0}  # fmt: skip
    data |= {f"seat_{seat}": value for seat, value in enumerate(entries)}
    headers = {"HX-Request": "true"} if htmx else {}
    return lambda: phone.post(f"/games/{game}/rounds/", data, headers=headers)


def multipart(data, field, content):
    """The body and headers of a form with `data` and one file `content` in `field`."""
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
        for name, value in data.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{field}"'
        "\r\nContent-Type: application/octet-stream\r\n\r\n"
    )
    body = "".join(parts).encode() + content + f"\r\n--{boundary}--\r\n".encode()
    return body, {"Content-Type": f"multipart/form-data; boundary={boundary}"}


def uploading(phone, content, path="/history/import/"):
    """The upload of `content` as a backup, ready to post (its form and body built first):
    called, it posts it and gives (the response, the seconds it took)."""
    token = phone.get(path).csrf_token()
    body, headers = multipart({"csrfmiddlewaretoken": token}, "backup", content)

    def post():
        started = time.monotonic()
        response = phone.request("POST", path, headers=headers, body=body)
        return response, time.monotonic() - started

    return post


def at_once(*requests):
    """Run the requests in threads released together; their responses in the same order."""
    barrier = threading.Barrier(len(requests))
    responses = [None] * len(requests)

    def run(index, request):
        barrier.wait()
        responses[index] = request()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return responses


class EventStream:
    """A page's stream (games/views/streams.py) opened by `phone`, its events read as they
    come, in a thread: `next()` is the data of the next event, or None past `timeout`. Its
    heartbeats are not counted: they say only that it is alive."""

    def __init__(self, phone, path):
        self.events = queue.Queue()
        self.connection = http.client.HTTPConnection("127.0.0.1", phone.server.port, timeout=60)
        cookies = "; ".join(f"{key}={value}" for key, value in phone.cookies.items())
        self.connection.request("GET", path, headers={"Cookie": cookies} if cookies else {})
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.reader = threading.Thread(target=self._read, daemon=True)
        if self.status == 200:
            self.reader.start()

    def _read(self):
        data, name = [], ""
        # close() cuts the connection under it: http.client then fails in several ways.
        with contextlib.suppress(OSError, ValueError, AttributeError, http.client.HTTPException):
            while line := self.response.readline():
                line = line.decode().rstrip("\r\n")
                if line.startswith("data: "):
                    data.append(line[6:])
                elif line.startswith("event: "):
                    name = line[7:]
                elif line == "" and data:
                    if name != "heartbeat":
                        self.events.put("\n".join(data))
                    data, name = [], ""
        self.events.put(None)

    def next(self, timeout=5):
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self):
        with contextlib.suppress(OSError, AttributeError):
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        if self.reader.is_alive():
            self.reader.join(timeout=5)
        self.connection.close()
