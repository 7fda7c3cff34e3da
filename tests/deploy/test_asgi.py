"""The ASGI application (scorekeeper/asgi.py) that gunicorn and `make run` serve."""

import asyncio

from scorekeeper.asgi import Handler, application


def served(path):
    """What the application sends for a GET of `path`: the messages, in order."""
    sent, asked = [], []

    async def receive():
        if asked:  # after the body, a server's receive waits for the client to go
            await asyncio.Event().wait()
        asked.append(True)
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "headers": [(b"host", b"127.0.0.1")],
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 80)}  # fmt: skip
    asyncio.run(asyncio.wait_for(application(scope, receive, send), timeout=30))
    return sent


def test_a_synchronous_stream_is_sent_as_it_comes_not_read_whole_first():
    # A static file is one (whitenoise's FileResponse): Django warns (an error in the tests)
    # as it reads it whole, and would read a history's export whole too.
    messages = served("/static/django_htmx/htmx-2.min.js")

    assert messages[0]["status"] == 200
    assert sum(len(message.get("body", b"")) for message in messages[1:]) > 40_000


def asked(handler, path, hold=False):
    """What `handler` sends for a GET of `path`, with every one of its threads taken first
    if `hold` (as by slow clients)."""
    sent, asked = [], []

    async def receive():
        if asked:  # after the body, a server's receive waits for the client to go
            await asyncio.Event().wait()
        asked.append(True)
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "headers": [(b"host", b"127.0.0.1")],
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 80)}  # fmt: skip

    async def run():
        if hold:
            for _ in range(handler.threads):
                await handler._borrow()
        await asyncio.wait_for(handler(scope, receive, send), timeout=5)

    asyncio.run(run())
    return sent


def test_healthz_answers_while_every_thread_is_taken():
    messages = asked(Handler(threads=1), "/healthz", hold=True)

    assert messages[0]["status"] == 200
    assert messages[1]["body"] == b"ok"


def test_a_request_that_gets_no_thread_in_time_gets_503_with_retry_after(monkeypatch):
    monkeypatch.setenv("ASGI_THREAD_WAIT_SECONDS", "0.2")
    messages = asked(Handler(threads=1), "/", hold=True)

    assert messages[0]["status"] == 503
    assert dict(messages[0]["headers"])[b"retry-after"] == b"1"


def test_a_body_that_comes_too_slowly_gets_408_and_takes_no_thread(monkeypatch):
    monkeypatch.setenv("REQUEST_BODY_SECONDS", "0.2")
    handler, sent = Handler(threads=1), []
    parts = [{"type": "http.request", "body": b"a=1", "more_body": True}]

    async def receive():  # a part of the body, then nothing (1 kB/s, or a stalled phone)
        if parts:
            return parts.pop()
        await asyncio.Event().wait()

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/accounts/login/", "raw_path": b"/accounts/login/",
             "query_string": b"", "root_path": "",
             "headers": [(b"host", b"127.0.0.1"), (b"content-length", b"1000")],
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 80)}  # fmt: skip
    asyncio.run(asyncio.wait_for(handler(scope, receive, send), timeout=5))

    assert sent[0]["status"] == 408
    assert handler.made == 0
