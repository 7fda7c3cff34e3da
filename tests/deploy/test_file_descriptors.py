"""A worker out of file descriptors refuses quietly (scorekeeper/servers.py): asyncio logged
each accept() that failed, with its traceback, in a loop (785,634 lines, 53 MB in 8 s, under
128 files and 300 idle connections), and the connections past WORKER_CONNECTIONS were held
until they ran out, since uvicorn asks its cap only once a request's headers are whole."""

import contextlib
import resource
import socket
import subprocess
import time
from functools import partial

import pytest

from tests.helpers.live import PYTHON, ROOT, Phone, fresh_database, manage, production_env
from tests.helpers.ports import bound_socket
from tests.helpers.worker import wait_for

pytestmark = pytest.mark.server  # gunicorn, started here under a lower file limit

FILES = 128  # the worker's RLIMIT_NOFILE: Python, Django and the database take some 30
IDLE = 300  # connections that send nothing: more than the worker can hold


@contextlib.contextmanager
def gunicorn(tmp_path, **env):
    """One gunicorn worker under FILES file descriptors, its log in a file."""
    log = tmp_path / "gunicorn.log"
    with fresh_database(tmp_path) as url, log.open("w") as output:
        (tmp_path / "static").mkdir()  # no static file is asked for: none collected
        env = production_env(tmp_path / "static", url, REQUEST_HEADER_SECONDS="3", **env)
        manage(env, "migrate", "--noinput")
        listening = bound_socket()
        command = [
            PYTHON, "-m", "gunicorn", "scorekeeper.asgi", "--workers", "1",
            "--bind", f"fd://{listening.fileno()}", "--log-level", "warning",
        ]  # fmt: skip
        server = subprocess.Popen(
            command, cwd=ROOT, env=env, pass_fds=[listening.fileno()], stdout=output,
            stderr=subprocess.STDOUT, preexec_fn=partial(resource.setrlimit,
            resource.RLIMIT_NOFILE, (FILES, FILES)),
        )  # fmt: skip
        node = type("Node", (), {"port": listening.getsockname()[1], "log": log})()
        try:
            wait_for(partial(healthy, node), timeout=30)
            yield node
        finally:
            server.terminate()
            server.wait(timeout=30)
            listening.close()


def healthy(node):
    with contextlib.suppress(OSError):
        return Phone(node).get("/healthz").status == 200
    return False


def idle_connections(node, count):
    return [socket.create_connection(("127.0.0.1", node.port), timeout=5) for _ in range(count)]


def test_running_out_of_file_descriptors_is_said_in_a_few_lines(tmp_path):
    with gunicorn(tmp_path) as node:  # WORKER_CONNECTIONS (4000) above the files: EMFILE
        idle = idle_connections(node, IDLE)
        time.sleep(2)  # the worker keeps trying to accept the rest meanwhile
        for connection in idle:
            connection.close()
        wait_for(partial(healthy, node), timeout=10)  # answering once they are gone

    lines = node.log.read_text().splitlines()
    assert len(lines) <= 5, lines[:20]
    assert any("Out of file descriptors" in line for line in lines)


def test_connections_past_the_cap_are_refused_as_they_open(tmp_path):
    with gunicorn(tmp_path, WORKER_CONNECTIONS="50") as node:
        idle = idle_connections(node, 50)
        refused = idle_connections(node, 20)
        try:
            for connection in refused:  # at once, not after REQUEST_HEADER_SECONDS
                connection.settimeout(1)
                assert connection.recv(100).startswith(b"HTTP/1.1 503")
        finally:
            for connection in idle + refused:
                connection.close()
        wait_for(partial(healthy, node), timeout=10)
