"""Throwaway PostgreSQL and Redis servers for the tests that need them, started by the same
scripts as `make test-postgres` (bin/with-postgres) and bin/with-redis.

Each script runs a command against its server, then stops and removes the server. Here the
command is a small Python process that prints the server's URL and waits for its standard input
to close: the server lives as long as the `with` block.
"""

import contextlib
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import redis as redis_client

from tests.helpers.live import PYTHON, ROOT
from tests.helpers.ports import pool

WAITER = "import os, sys; print(os.environ[sys.argv[1]], flush=True); sys.stdin.read()"


@contextlib.contextmanager
def throwaway(script, variable):
    """The URL (`variable`, e.g. REDIS_URL) of the server `script` runs, for the block."""
    command = [*script, PYTHON, "-c", WAITER, variable]
    with subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          text=True) as process:  # fmt: skip
        try:
            url = process.stdout.readline().strip()
            if not url:
                raise RuntimeError(f"{script[0]} did not start (exit {process.wait(timeout=60)})")
            yield url
        finally:
            process.stdin.close()  # the waiter ends, then the script stops its server
            process.wait(timeout=60)


@contextlib.contextmanager
def postgres():
    """The suite's own server when it runs on PostgreSQL, else a throwaway one."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        yield url
        return
    with throwaway([str(ROOT / "bin/with-postgres"), "--fast"], "DATABASE_URL") as url:
        yield url


@contextlib.contextmanager
def redis():
    """REDIS_URL's server when there is one (bin/with-redis around the suite), else a new one."""
    url = os.environ.get("REDIS_URL", "")
    if url:
        yield url
        return
    with throwaway([str(ROOT / "bin/with-redis")], "REDIS_URL") as url:
        yield url


class RedisServer:
    """A redis-server of the test's own, as bin/with-redis runs it (nothing stored on disk), that
    the test can kill with SIGKILL in the middle and start again on the same port.

    redis-server cannot take a bound socket: the first start tries the ports of this xdist
    worker's pool until one is ours (the server that answers gives our process id)."""

    def __init__(self, folder, ports=None):
        self.folder, self.process = Path(folder), None
        self.ports = ports or pool(64000)
        self.port = None

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        for port in [self.port] if self.port else self.ports:
            if self._start_on(port):
                self.port = port
                return self
        raise RuntimeError(f"redis-server did not start on any port of {self.ports}")

    def _start_on(self, port):
        executable = shutil.which("redis-server")
        if executable is None:
            raise RuntimeError("Redis is not installed: apt-get install redis-server")
        self.process = subprocess.Popen(
            [executable, "--bind", "127.0.0.1", "--port", str(port), "--save", "",
             "--appendonly", "no", "--dir", str(self.folder), "--daemonize", "no",
             "--logfile", str(self.folder / "redis.log")]
        )  # fmt: skip
        client = redis_client.Redis.from_url(
            f"redis://127.0.0.1:{port}/0", socket_connect_timeout=0.2
        )
        deadline = time.monotonic() + 10
        try:
            while time.monotonic() < deadline and self.process.poll() is None:
                with contextlib.suppress(redis_client.ConnectionError):
                    if client.info("server")["process_id"] == self.process.pid:
                        return True
                time.sleep(0.05)
        finally:
            client.close()
        self.stop()  # the port was taken (it exited), or it never answered
        return False

    @contextlib.contextmanager
    def paused(self):
        """Redis frozen (SIGSTOP) for the block: connections open, no answer, then it resumes
        with all its data, as after a network cut or a stall of its machine."""
        self.process.send_signal(signal.SIGSTOP)
        try:
            yield
        finally:
            self.process.send_signal(signal.SIGCONT)

    def kill(self):
        self.process.kill()
        self.process.wait(timeout=30)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.kill()
