"""The ASGI application: every page as under WSGI, and the pages' streams
(games/views/streams.py). gunicorn serves it with uvicorn's worker (gunicorn.conf.py), and
`make run` with uvicorn (bin/serve).

Django runs a request's synchronous code (the middleware, every view but the streams) on a
thread of the request's own, by default a new one each time: a stream would hold it for
hours, and each new thread opens a new database connection. Here a request borrows one of at
most ASGI_THREADS long-lived threads (each keeps its connection, as a WSGI worker's thread
does), and all the streams share one more thread: their synchronous steps are short (the
session, a version), and an idle stream holds no thread at all. A request that finds no thread
free within ASGI_THREAD_WAIT_SECONDS gets 503 with Retry-After, and /healthz takes none. A
file (Django's FileResponse: a download, an export, a static file) gives its thread back once
its view has returned, and is sent from the event loop: a slow reader holds a socket, never a
thread (45 slow readers of an export once held all 8, and the export's transaction).
"""

import asyncio
import contextvars
import os
from collections import deque
from concurrent.futures import Executor, ThreadPoolExecutor

import django
from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIHandler, ASGIRequest
from django.http import FileResponse
from django.http.request import split_domain_port, validate_host

from scorekeeper.handler import Readable

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
django.setup(set_prefix=False)

STREAMS_SUFFIX = "/events/"  # the streams' URLs (games/urls.py)
HEALTHZ = "/healthz"  # games/views/site.py's healthz, answered here without a thread
# A file's pieces are read from disk in the event loop's default threads (no database there).
FILE_PIECE_BYTES = 64 * 1024


class Request(Readable, ASGIRequest):
    pass


class Handler(ASGIHandler):
    request_class = Request

    def __init__(self, threads=None, streams=None):
        super().__init__()
        self.threads = threads or int(os.environ.get("ASGI_THREADS", 8))
        # A request that finds every thread taken for this long gets 503 rather than waiting
        # without end behind slow clients (a load balancer retries it on another node).
        self.wait = float(os.environ.get("ASGI_THREAD_WAIT_SECONDS", 10))
        self.body_wait = float(os.environ.get("REQUEST_BODY_SECONDS", 60))
        self.idle, self.made = deque(), 0
        self.freed = None  # an asyncio.Condition, made on the server's loop
        self.streams = streams or ThreadPoolExecutor(1, thread_name_prefix="streams")

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":  # nothing to start or stop
            return await lifespan(receive, send)
        receive = bounded(scope, receive)
        if scope["path"].endswith(STREAMS_SUFFIX):
            async with ThreadSensitiveContext(executor=self.streams):
                return await self.handle(scope, receive, send)
        if probe(scope):  # a load balancer's probe must not queue behind views
            return await healthy(send)
        # The whole body is read before a thread is taken, in a bounded time: a slow upload
        # holds a socket, never one of the threads.
        try:
            body = await asyncio.wait_for(read_whole(receive), self.body_wait)
        except TimeoutError:
            return await refused(send, 408, b"The request's body came too slowly.")
        receive = replayed(body, receive)
        try:
            executor = await asyncio.wait_for(self._borrow(), self.wait)
        except TimeoutError:
            retry = [(b"retry-after", str(max(1, round(self.wait))).encode())]
            return await refused(send, 503, b"Busy: try again shortly.", retry)
        lease = Lease(self, executor)
        token = LEASE.set(lease)
        try:
            async with ThreadSensitiveContext(executor=lease):
                await self.handle(scope, receive, send)
        finally:
            LEASE.reset(token)
            await lease.end()

    async def handle(self, scope, receive, send):
        await super().handle(scope, receive, send)

    async def send_response(self, response, send):
        lease = LEASE.get(None)
        if isinstance(response, FileResponse) and response.file_to_stream and lease:
            # The view is done: the thread goes back to the others, the file is sent from here.
            file = response.file_to_stream
            await lease.end()
            response.streaming_content = read_file(file, FILE_PIECE_BYTES)
        elif response.streaming and not response.is_async:
            # Django reads a synchronous stream whole before sending it under ASGI: here it is
            # sent chunk by chunk, as under WSGI.
            response.streaming_content = pulled(response.streaming_content)
        await super().send_response(response, send)

    async def give_back(self, executor):
        self.idle.append(executor)
        async with self.freed:
            self.freed.notify()

    async def _borrow(self):
        if self.freed is None:
            self.freed = asyncio.Condition()
        async with self.freed:
            while not self.idle and self.made >= self.threads:
                await self.freed.wait()
            if self.idle:
                return self.idle.pop()
            self.made += 1
            return ThreadPoolExecutor(1, thread_name_prefix="request")


LEASE = contextvars.ContextVar("lease")
# Where a request's last steps run once its thread is given back (the response's close, which
# closes its file and sends request_finished): a thread that holds no database connection.
AFTERWARDS = ThreadPoolExecutor(1, thread_name_prefix="afterwards")


class Lease(Executor):
    """A request's thread, as its thread-sensitive context sees it: the borrowed one until the
    lease ends, AFTERWARDS from then on (Django's handler still closes the response)."""

    def __init__(self, handler, executor):
        self.handler, self.executor = handler, executor

    def submit(self, fn, /, *args, **kwargs):
        return self.executor.submit(fn, *args, **kwargs)

    async def end(self):
        if self.executor is AFTERWARDS:
            return
        executor, self.executor = self.executor, AFTERWARDS
        await self.handler.give_back(executor)


async def read_file(file, size):
    """A file's pieces, each read off the event loop, on a thread without a database."""
    while piece := await asyncio.to_thread(file.read, size):
        yield piece


def probe(scope):
    """Whether it is a GET of /healthz with an allowed Host (any other goes through Django,
    to its 400 or 405, as before)."""
    if scope["path"] != HEALTHZ or scope["method"] != "GET":
        return False
    host = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
    domain, _ = split_domain_port(host)
    return bool(domain) and validate_host(domain, settings.ALLOWED_HOSTS)


async def healthy(send):
    headers = [(b"content-type", b"text/plain"), (b"content-length", b"2")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"ok"})


async def refused(send, status, body, headers=()):
    length = str(len(body)).encode()
    headers = [(b"content-type", b"text/plain"), (b"content-length", length), *headers]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def read_whole(receive):
    """The messages of a request's body (`bounded` stops it past UPLOAD_MAX_BYTES)."""
    messages = []
    while True:
        messages.append(message := await receive())
        if message["type"] != "http.request" or not message.get("more_body", False):
            return messages


def replayed(messages, receive):
    """`receive` that gives the body already read first (Django's handler reads it again)."""
    messages = list(messages)

    async def replay():
        return messages.pop(0) if messages else await receive()

    return replay


async def pulled(chunks):
    """The chunks of a synchronous stream, each pulled on the request's own thread (where an
    export's snapshot transaction is open), never all in memory at once."""
    chunks, end = iter(chunks), object()
    step = sync_to_async(next, thread_sensitive=True)
    while (chunk := await step(chunks, end)) is not end:
        yield chunk


def bounded(scope, receive):
    """`receive`, which Django's handler reads the whole body from before any middleware: a
    body over UPLOAD_MAX_BYTES by its Content-Length is not read at all, and one sent without
    a length stops there, said to have the length past the limit, so that the middleware
    (refuse_oversized_requests) answers 413 either way, as under WSGI."""
    limit = settings.UPLOAD_MAX_BYTES
    headers = dict(scope["headers"])
    try:
        declared = int(headers.get(b"content-length", 0))
    except ValueError:
        declared = 0
    read, done = 0, False

    async def bounded_receive():
        nonlocal read, done
        if done:  # after the body: only a disconnect matters (Django listens for it)
            while (message := await receive())["type"] == "http.request":
                pass
            return message
        message = await receive() if declared <= limit else {"type": "http.request"}
        if message["type"] != "http.request":
            return message
        read += len(message.get("body", b""))
        if declared > limit or read > limit:
            done = True
            if declared <= limit:  # sent without a length (chunked): it has one now
                kept = [(name, value) for name, value in scope["headers"]
                        if name != b"content-length"]  # fmt: skip
                scope["headers"] = [*kept, (b"content-length", str(limit + 1).encode())]
            return {"type": "http.request", "body": b"", "more_body": False}
        done = not message.get("more_body", False)
        return message

    return bounded_receive


async def lifespan(receive, send):
    while (await receive())["type"] != "lifespan.shutdown":
        await send({"type": "lifespan.startup.complete"})
    await send({"type": "lifespan.shutdown.complete"})


application = Handler()
