"""The pages' streams on the browser tests' live server.

pytest-django's live server is a threaded WSGI server, which cannot serve a stream: Django
reads an async view's stream whole before a WSGI server sends a byte. `StreamsApart` sends
the streams' URLs to the ASGI application (scorekeeper/asgi.py) instead, on an event loop of
their own in the request's thread, and every other request to the WSGI app as before. The
streams' synchronous steps run on one thread that shares the live server's in-memory SQLite
connection, one at a time with the WSGI requests (`lock`), each counted as a request under
way (`under_way`), so that a test's wait_for_requests waits for them; an open stream itself
is not counted, or no test would ever see the server quiet.
"""

import asyncio
import contextlib
import queue
import threading
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import async_to_sync
from django.db import connections

from scorekeeper.asgi import STREAMS_SUFFIX, Handler

# A comment line this often: a WSGI server hears that the browser went only when it writes.
LISTEN_SECONDS = 0.05


class SharedThread(ThreadPoolExecutor):
    """One thread on the live server's connections, each call taken in turn with its requests."""

    def __init__(self, connections_override, lock, under_way):
        super().__init__(1, "streams", initializer=self._share, initargs=(connections_override,))
        self.lock, self.under_way = lock, under_way

    @staticmethod
    def _share(connections_override):
        for alias, connection in connections_override.items():
            connections[alias] = connection

    def submit(self, fn, /, *args, **kwargs):
        def call():
            with self.under_way.one(), self.lock or contextlib.nullcontext():
                return fn(*args, **kwargs)

        return super().submit(call)


class StreamsApart:
    def __init__(self, wsgi, connections_override, lock, under_way):
        self.wsgi = wsgi
        self.asgi = Handler(streams=SharedThread(connections_override, lock, under_way))

    def __call__(self, environ, start_response):
        if not environ["PATH_INFO"].endswith(STREAMS_SUFFIX):
            return self.wsgi(environ, start_response)
        return self.stream(environ, start_response)

    def stream(self, environ, start_response):
        said = queue.Queue()
        loop = asyncio.new_event_loop()
        disconnected = None

        async def receive():
            nonlocal disconnected
            if disconnected is None:
                disconnected = asyncio.Event()
                return {"type": "http.request", "body": b"", "more_body": False}
            await disconnected.wait()
            return {"type": "http.disconnect"}

        async def send(message):
            said.put(message)

        async def serve():
            try:
                await self.asgi(scope(environ), receive, send)
            finally:
                said.put(None)

        runner = threading.Thread(target=loop.run_until_complete, args=(serve(),), daemon=True)
        runner.start()
        start = said.get()
        if start is None:
            start_response("500 Internal Server Error", [])
            return [b""]
        headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in start["headers"]]
        start_response(f"{start['status']} -", headers)

        def body():
            try:
                while True:
                    try:
                        message = said.get(timeout=LISTEN_SECONDS)
                    except queue.Empty:  # a write to a browser gone fails, and ends this
                        yield b":\n\n"
                        continue
                    if message is None:
                        return
                    if message.get("body"):
                        yield message["body"]
                    if not message.get("more_body"):
                        return
            finally:  # the browser went: the stream ends as when a phone leaves a real server
                if disconnected is not None:
                    loop.call_soon_threadsafe(disconnected.set)
                runner.join(timeout=5)
                loop.close()

        return body()


def said_at_once(response, wait=0.3):
    """What a streamed response says within `wait` seconds of each chunk (all of it, for one
    that ends; the start, for a page's stream, which never does), the rest left unread."""
    if not getattr(response, "is_async", False):
        return response.getvalue()

    async def read():
        said, chunks = [], aiter(response.streaming_content)
        with contextlib.suppress(TimeoutError, StopAsyncIteration):
            while True:
                said.append(await asyncio.wait_for(anext(chunks), wait))
        return b"".join(said)

    return async_to_sync(read)()


def scope(environ):
    headers = [
        (key[5:].replace("_", "-").lower().encode("latin-1"), value.encode("latin-1"))
        for key, value in environ.items()
        if key.startswith("HTTP_")
    ]
    return {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
        "method": environ["REQUEST_METHOD"], "scheme": "http",
        "path": environ["PATH_INFO"], "raw_path": environ["PATH_INFO"].encode("latin-1"),
        "query_string": environ.get("QUERY_STRING", "").encode("latin-1"),
        "root_path": "", "headers": headers,
        "client": (environ.get("REMOTE_ADDR", "127.0.0.1"), 0),
        "server": (environ.get("SERVER_NAME", "127.0.0.1"), int(environ.get("SERVER_PORT", 80))),
    }  # fmt: skip
