"""A proxy that passes each response's headers at once but holds an event stream's body, as a
proxy set up for ordinary pages does (nginx's `proxy_buffering on`, a carrier's proxy): the
page's EventSource opens, then hears nothing, although the server sends each event.

- `proxy.holding = True` (the default): the body of every event stream is held, from its
  first byte or from now on for one already flowing (then it is a connection gone
  half-open: open at both ends, nothing arriving). What it held is sent when the server
  ends the stream, as a buffering proxy flushes its buffer.
- `proxy.holding = False`: event streams are passed on as they come; `proxy.heartbeats`
  counts the heartbeats passed on, so that a test knows the page has heard its stream (a
  stream open on the server may not have reached the page yet).

Every other response passes as it comes. A response is taken to start a chunk of its own
(the browser sends no request on a connection before the answer to the last one is in), so
no HTTP is parsed past a response's headers, which are passed on once they are whole.
"""

import socket
import threading

from tests.helpers.relay import _cut

EVENT_STREAM = b"content-type: text/event-stream"


class BufferingProxy:
    def __init__(self, host, port):
        self.upstream = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.holding = True
        self.heartbeats = 0
        self.lock = threading.Lock()
        self.open = set()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self):
        threading.Thread(target=self._accept, daemon=True, name="buffering-proxy").start()
        return self

    def __exit__(self, *exc_info):
        self.listener.close()
        with self.lock:
            cut, self.open = self.open, set()
        for connection in cut:
            _cut(connection)

    def _accept(self):
        while True:
            try:
                client, _address = self.listener.accept()
            except OSError:  # closed by __exit__
                return
            try:
                server = socket.create_connection(self.upstream, timeout=5)
                server.settimeout(None)
            except OSError:
                _cut(client)
                continue
            with self.lock:
                self.open |= {client, server}
            ends = threading.Barrier(2, action=lambda c=client, s=server: self._close(c, s))
            for copy in (self._requests, self._responses):
                threading.Thread(target=copy, args=(client, server, ends), daemon=True).start()

    def _requests(self, client, server, ends):
        self._pass(client, server, ends, lambda data: data)

    def _responses(self, client, server, ends):
        # `head`: a response's headers, read until their end (they come in several chunks).
        stream = {"on": False, "head": None, "held": bytearray()}

        def passed(data):
            if not data:  # the server ended the response: what was held goes
                return bytes(stream["head"] or b"") + bytes(stream["held"])
            if stream["on"]:
                return self._body(data, stream["held"])
            if stream["head"] is None and not data.startswith(b"HTTP/"):
                return data  # the rest of an ordinary response's body
            stream["head"] = (stream["head"] or b"") + data
            head, end, body = stream["head"].partition(b"\r\n\r\n")
            if not end:
                return b""
            stream["head"] = None
            if EVENT_STREAM not in head.lower():
                return head + end + body
            stream["on"] = True
            return head + end + self._body(body, stream["held"])

        self._pass(server, client, ends, passed)

    def _body(self, data, held):
        if not self.holding:
            self.heartbeats += data.count(b"event: heartbeat")
            return data
        held += data
        return b""

    def _pass(self, source, target, ends, passed):
        """Copy what `source` says to `target`, as `passed(data)` has it (b"" at the end)."""
        try:
            while data := source.recv(65536):
                target.sendall(passed(data))
            target.sendall(passed(b""))
            target.shutdown(socket.SHUT_WR)
        except OSError:  # one side gone: so is the other
            _cut(source)
            _cut(target)
        ends.wait()

    def _close(self, *connections):
        with self.lock:
            self.open -= set(connections)
        for connection in connections:
            connection.close()
