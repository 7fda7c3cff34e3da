"""A TCP relay in front of a server, that a test unplugs to take the server away for real.

Playwright's `context.set_offline(True)` does not reach a service worker's own fetches, and
the live server cannot be stopped in the middle of a session. So a browser test of the phone
without a signal points the browser at a relay (the `relay` fixture of tests/browser/conftest.py
does it for a test that overrides `server_url`), then:

- `relay.unplug()`: every connection open through it is cut, and each new one is refused at
  once (the browser sees a reset connection: no signal at all);
- `relay.unplug(hang=True)`: new connections are accepted and never answered (bars on the
  screen, but nothing gets through: the timeouts' case);
- `relay.plug()`: connections go through again;
- `relay.refuse(pattern)`: a request whose first line matches (bytes, a regular expression) is
  cut before a byte of it reaches the server, the others go through: a signal that fails for
  some requests and not others. `relay.refuse(None)` lets them all through again.
- `relay.hold(pattern)`: a request whose first line matches waits in the relay, neither sent
  nor cut (a save on its way over a poor signal; `relay.held` is set once one waits), until
  `relay.release()` sends it on, or `relay.release(cut=True)` cuts it.

- `relay.asked`: the first line of each request it passed on (bytes), to count them;
  `relay.cut_off`: of each request `refuse` cut.

The relay copies bytes and nothing else: the browser's Host header names the relay, which is
the origin its cookies, service worker and storage belong to.
"""

import contextlib
import re
import socket
import struct
import threading


def _request_line(data):
    """The first line of what the browser sent (a request's, when a request starts there)."""
    return data.split(b"\r\n", 1)[0]


def _cut(connection):
    """Close at once, with a reset: nothing more is read or sent."""
    with contextlib.suppress(OSError):
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    with contextlib.suppress(OSError):
        connection.shutdown(socket.SHUT_RDWR)  # wakes a thread waiting in recv()
    connection.close()


class Relay:
    def __init__(self, host, port):
        self.upstream = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.plugged, self.hang = True, False
        self.refused = None  # a compiled pattern of the request lines cut
        self.holding, self.held, self.released, self.cut_held = None, None, None, False
        self.lock = threading.Lock()
        self.open = set()  # every socket on either side, cut at unplug()
        self.asked, self.cut_off = [], []

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self):
        threading.Thread(target=self._accept, daemon=True, name="relay").start()
        return self

    def __exit__(self, *exc_info):
        self.listener.close()
        self.unplug()

    def unplug(self, hang=False):
        with self.lock:
            self.plugged, self.hang = False, hang
            cut, self.open = self.open, set()
        for connection in cut:
            _cut(connection)

    def plug(self):
        with self.lock:
            self.plugged = True
            held, self.open = self.open, set()
        for connection in held:  # those held by a hanging relay: a fresh start
            _cut(connection)

    def refuse(self, pattern):
        self.refused = re.compile(pattern) if pattern else None

    def hold(self, pattern):
        self.held, self.released = threading.Event(), threading.Event()
        self.holding, self.cut_held = re.compile(pattern), False

    def release(self, cut=False):
        self.holding, self.cut_held = None, cut
        self.released.set()

    def _holds(self, data):
        holding = self.holding
        if not (holding and holding.match(_request_line(data))):
            return False
        self.held.set()
        self.released.wait(timeout=30)
        return self.cut_held

    def _refuses(self, data):
        refused = self.refused
        return bool(refused and refused.match(_request_line(data)))

    def _accept(self):
        while True:
            try:
                client, _address = self.listener.accept()
            except OSError:  # closed by __exit__
                return
            with self.lock:
                plugged, hang = self.plugged, self.hang
                if not plugged and hang:
                    self.open.add(client)
            if plugged:
                self._connect(client)
            elif not hang:
                _cut(client)

    def _connect(self, client):
        try:
            server = socket.create_connection(self.upstream, timeout=5)
            server.settimeout(None)
        except OSError:
            _cut(client)
            return
        with self.lock:
            self.open |= {client, server}
        ends = threading.Barrier(2, action=lambda: self._close(client, server))
        for source, target in ((client, server), (server, client)):
            asks = source is client
            thread = threading.Thread(
                target=self._copy, args=(source, target, ends, asks), daemon=True
            )
            thread.start()

    def _copy(self, source, target, ends, asks):
        """`asks`: the source is the browser, whose requests may be refused."""
        try:
            while data := source.recv(65536):
                if asks and self._refuses(data):
                    self.cut_off.append(_request_line(data))
                    raise ConnectionResetError("refused by the relay")
                if asks and self._holds(data):
                    raise ConnectionResetError("refused by the relay")
                if asks and re.match(rb"[A-Z]+ /", data):
                    self.asked.append(_request_line(data))
                target.sendall(data)
            target.shutdown(socket.SHUT_WR)  # the end, passed on after the last bytes
        except OSError:  # cut by unplug(), or reset by one side: so is the other
            _cut(source)
            _cut(target)
        ends.wait()

    def _close(self, *connections):
        with self.lock:
            self.open -= set(connections)
        for connection in connections:
            connection.close()
