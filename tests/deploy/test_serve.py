"""`make run` (bin/serve): the development server and the worker beside it, stopped together."""

import contextlib
import os
import signal
import socket
import sqlite3
import subprocess
import time
from functools import partial
from pathlib import Path

import pytest

from tests.helpers.live import PYTHON, ROOT, EventStream, Phone, manage
from tests.helpers.ports import free_port, pool
from tests.helpers.worker import queue_pings, wait_for

pytestmark = pytest.mark.server  # bin/serve starts its processes itself


def children(pid):
    """The processes whose parent is `pid`."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def descendants(pid):
    found = children(pid)
    for child in list(found):
        found += descendants(child)
    return found


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    return state != "Z"


def as_from_a_terminal():
    """Ctrl-C as a terminal sends it: a suite started in the background (`.ci/run &`) hands
    its children SIGINT ignored, and a shell may not trap a signal ignored on entry. Seen in
    CI runs started so: make run's server and worker all still running 30 s after the test's
    Ctrl-C (not reproduced with this test alone: the likeliest cause, not a proven one)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_the_server_runs_tasks_beside_it_and_stops_with_its_worker(tmp_path):
    database = tmp_path / "db.sqlite3"
    dev = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "DEBUG": "1"}
    env = {key: value for key, value in dev.items() if key != "DEBUG"}  # bin/serve sets it
    manage(dev, "migrate", "--noinput")
    port = free_port(pool(8130))
    with (tmp_path / "serve.log").open("wb") as log:  # the child keeps its own copy
        serve = subprocess.Popen(
            [str(ROOT / "bin/serve"), PYTHON, f"127.0.0.1:{port}"], cwd=ROOT, env=env,
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            preexec_fn=as_from_a_terminal,
        )  # fmt: skip
    running = []
    try:
        server = type("Server", (), {"port": port})()
        wait_for(lambda: _answers(server))
        [job] = queue_pings(dev, 1)

        def done():
            with contextlib.closing(sqlite3.connect(database)) as connection:
                query = "SELECT state FROM jobs_job WHERE id = ?"
                return connection.execute(query, [job]).fetchone()[0] == "done"

        wait_for(done)
        running = descendants(serve.pid)
        assert len(running) >= 2  # the server and the worker, each with its reloader's child
        workers = [pid for pid in running if b"worker" in _command(pid)]
        assert workers
        assert all(_address_space(pid) == 1024**3 for pid in workers)  # WORKER_MEMORY_MB
        serve.send_signal(signal.SIGINT)  # Ctrl-C
        # What it said and what was left, should it outlive Ctrl-C.
        try:
            serve.wait(timeout=30)
        except subprocess.TimeoutExpired:
            left = [_command(pid).replace(b"\0", b" ") for pid in running if alive(pid)]
            said = (tmp_path / "serve.log").read_text(errors="replace")[-3000:]
            pytest.fail(f"make run still running 30 s after Ctrl-C: {left}\n{said}")
        wait_for(lambda: not any(alive(pid) for pid in running), timeout=20)
    finally:
        for pid in [serve.pid, *running]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        serve.wait()


@contextlib.contextmanager
def _make_run(tmp_path, port, **extra):
    """bin/serve on a migrated SQLite file, answering; killed afterwards if it still runs."""
    database = tmp_path / "db.sqlite3"
    dev = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "DEBUG": "1", **extra}
    env = {key: value for key, value in dev.items() if key != "DEBUG"}  # bin/serve sets it
    manage(dev, "migrate", "--noinput")
    serve = subprocess.Popen(
        [str(ROOT / "bin/serve"), PYTHON, f"127.0.0.1:{port}"], cwd=ROOT, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    running = []
    try:
        server = type("Server", (), {"port": port})()
        wait_for(lambda: _answers(server))
        running = descendants(serve.pid)
        yield serve, server
    finally:
        for pid in [serve.pid, *running]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        serve.wait()


def test_a_stop_ends_the_open_streams_at_once_and_frees_the_port(tmp_path):
    """Phones following a game do not hold the server: a stop ends their streams (the pages
    open them again on the next server) and `make run` starts again on the same port."""
    port = free_port(pool(8140))
    for attempt in range(2):  # the second time on the port the first one freed
        with _make_run(tmp_path, port) as (serve, server):
            phone = Phone(server).sign_up(f"stopper{attempt}")
            game = phone.start_game("Ann", "Bob")
            streams = [EventStream(phone, f"/games/{game}/events/") for _ in range(3)]
            assert [stream.status for stream in streams] == [200] * 3
            running = descendants(serve.pid)
            started = time.monotonic()
            serve.send_signal(signal.SIGTERM)
            serve.wait(timeout=30)
            wait_for(partial(_all_ended, running), timeout=30, every=0.05)
            stopped = time.monotonic() - started
            for stream in streams:  # each ended by the server, its reader done
                stream.reader.join(timeout=1)
                assert not stream.reader.is_alive()
                stream.close()
            assert stopped < 3, f"make run took {stopped:.1f} s to stop"
        with socket.create_server(("127.0.0.1", port)):  # free again
            pass


def test_a_connection_that_sends_no_headers_in_time_is_closed(tmp_path):
    """As gunicorn's worker does (servers.Protocol): a bare connection, or half a header, is
    closed after REQUEST_HEADER_SECONDS; a whole request is answered."""
    limit = 0.5
    with _make_run(tmp_path, free_port(pool(8150)), REQUEST_HEADER_SECONDS=str(limit)) as (
        _,
        server,
    ):
        for sent in (b"", b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a"):
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as bare:
                bare.sendall(sent)
                started = time.monotonic()
                assert bare.recv(100) == b""  # closed by the server, with nothing said
                assert time.monotonic() - started < limit + 1
        assert _answers(server)


def _all_ended(pids):
    return not any(alive(pid) for pid in pids)


def _command(pid):
    return Path(f"/proc/{pid}/cmdline").read_bytes()


def _address_space(pid):
    """The process's ceiling on its memory (`ulimit -v`), in bytes."""
    limits = Path(f"/proc/{pid}/limits").read_text().splitlines()
    line = next(line for line in limits if line.startswith("Max address space"))
    return int(line.split()[3])  # "unlimited" would fail the test


def _answers(server):
    try:
        return Phone(server).get("/healthz").status == 200
    except OSError:
        return False
