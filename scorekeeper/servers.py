"""uvicorn's server, as gunicorn's worker (scorekeeper/workers.py) and `make run` (bin/serve)
run it: a stop ends the pages' streams at once and gives every other request its grace; a
request's headers have a time limit; connections past the worker's cap are refused at once;
running out of file descriptors is said once a minute, not at every try.

uvicorn, told to stop, waits for every response under way (until its graceful timeout, then
it cancels them all): a stream lasts as long as its page, so a stop waited for the phones
(`make run`, with no timeout, until their browsers closed). Here the streams end as the stop
begins, each page opening its stream again on the next process; the other requests finish.

    python -m scorekeeper.servers HOST PORT    (bin/serve: reloaded on code changes)
"""

import asyncio
import errno
import logging
import os
import sys
import time

from uvicorn import Config
from uvicorn import Server as UvicornServer
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.supervisors import ChangeReload

from games.streams.hub import hub

APP = "scorekeeper.asgi:application"
LOOP = "scorekeeper.servers:EventLoop"  # uvicorn's `loop`: a factory of event loops
# `make run`: a request under way when it stops gets this long, as gunicorn's graceful_timeout.
GRACE_SECONDS = 30
# The connections (streams included) one process holds at most: WORKER_CONNECTIONS, well
# under its file descriptors (docs/deploy.md's systemd unit: LimitNOFILE=8192).
CONNECTIONS = int(os.environ.get("WORKER_CONNECTIONS", 4000))
BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\ncontent-length: 5\r\n"
    b"retry-after: 10\r\nconnection: close\r\n\r\nBusy."
)


class Protocol(H11Protocol):
    """uvicorn's HTTP/1.1, with a time limit on a request's headers: uvicorn has none (a bare
    connection, or one that sent half a header, stayed open for good, each a file descriptor
    and, by the dozen, a worker's all). Its keep-alive timer is armed from the connection's
    start, and stays armed until the headers are whole (uvicorn stops it at the first byte);
    the body's own limit is scorekeeper/asgi.py's REQUEST_BODY_SECONDS.

    uvicorn's limit_concurrency is asked only once a request's headers are whole: connections
    that send nothing were held past it until the file descriptors ran out. One past it is
    answered 503 as it opens, and closed."""

    header_seconds = float(os.environ.get("REQUEST_HEADER_SECONDS", 10))

    def connection_made(self, transport):
        super().connection_made(transport)
        if self.limit_concurrency is not None and len(self.connections) > self.limit_concurrency:
            transport.write(BUSY)
            transport.close()
            return
        self.timeout_keep_alive_task = self.loop.call_later(
            self.header_seconds, self.timeout_keep_alive_handler
        )

    def data_received(self, data):
        # handle_events stops the timer when a request's headers are whole (h11.Request).
        self.conn.receive_data(data)
        self.handle_events()


class Seldom(logging.Filter):
    """Lets one record of a kind through a minute, saying how many it held back, without its
    traceback: asyncio logs each accept() that fails for want of a file descriptor (once a
    second with EventLoop; before it, 785,634 lines, 53 MB, in 8 s under 300 idle connections
    and 128 files), uvicorn each request past its cap."""

    KINDS = {
        "socket.accept() out of system resource": (
            "Out of file descriptors: new connections wait in the backlog"
            " (said once a minute: %d times since the last)"
        ),
        "Exceeded concurrency limit.": (
            "WORKER_CONNECTIONS reached: requests answered 503"
            " (said once a minute: %d times since the last)"
        ),
    }
    every = 60.0

    def __init__(self):
        super().__init__()
        self.last, self.held = {}, {}

    def filter(self, record):
        kind = next((kind for kind in self.KINDS if str(record.msg).startswith(kind)), None)
        if kind is None:
            return True
        now = time.monotonic()
        if now - self.last.get(kind, -self.every) < self.every:
            self.held[kind] = self.held.get(kind, 0) + 1
            return False
        self.last[kind] = now
        record.msg, record.args = self.KINDS[kind], (self.held.pop(kind, 0),)
        record.exc_info = record.exc_text = None  # the same traceback each time
        return True


SELDOM = Seldom()
OUT_OF_FILES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
# asyncio's pause before it tries accept() again once it ran out (constants.ACCEPT_RETRY_DELAY)
ACCEPT_RETRY_SECONDS = 1


class EventLoop(asyncio.SelectorEventLoop):
    """asyncio's loop (uvicorn's with no uvloop), whose accept() out of file descriptors stops
    and tries again a second later. asyncio's own goes on through its whole backlog (2,048
    here) at each turn: each failure logged, each scheduling one more retry, thousands a
    second, and as many errors again once the socket closes (CPython 3.12, 3.13). The rest of
    `_accept_connection` is asyncio's."""

    def _accept_connection(self, protocol_factory, sock, sslcontext=None, server=None,
                           backlog=100, *timeouts):  # fmt: skip
        for _ in range(backlog):
            try:
                conn, addr = sock.accept()
                conn.setblocking(False)
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                return
            except OSError as error:
                if error.errno not in OUT_OF_FILES:
                    raise
                self.call_exception_handler(
                    {"message": "socket.accept() out of system resource", "exception": error}
                )
                self._remove_reader(sock.fileno())
                retry = (protocol_factory, sock, sslcontext, server, backlog, *timeouts)
                self.call_later(ACCEPT_RETRY_SECONDS, self._start_serving, *retry)
                return
            accept = self._accept_connection2(
                protocol_factory, conn, {"peername": addr}, sslcontext, server, *timeouts
            )
            self.create_task(accept)


class Server(UvicornServer):
    async def _serve(self, sockets=None):
        for name in ("asyncio", "uvicorn.error"):
            logging.getLogger(name).addFilter(SELDOM)
        await super()._serve(sockets)

    async def shutdown(self, sockets=None):
        hub().shut()
        await super().shutdown(sockets)


def serve(host, port):
    """uvicorn's `--reload`, as `uvicorn.run` does it, with this server and gunicorn's worker's
    protocol (a time limit on headers, the connections' cap)."""
    config = Config(
        APP, host=host, port=port, reload=True, log_level="warning",
        timeout_graceful_shutdown=GRACE_SECONDS, http=Protocol, limit_concurrency=CONNECTIONS,
        loop=LOOP,
    )  # fmt: skip
    ChangeReload(config, target=Server(config).run, sockets=[config.bind_socket()]).run()


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]))
