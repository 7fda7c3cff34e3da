"""A client that sends half a header, or nothing, is cut off (scorekeeper/workers.py's
Protocol), as uvicorn alone never did."""

import asyncio
import socket

import uvicorn

from scorekeeper.servers import Protocol

LIMIT = 0.3


class Quick(Protocol):
    header_seconds = LIMIT


async def app(scope, receive, send):
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


def closed_after(sent):
    """How long the server keeps a connection that sent `sent` and then nothing."""

    async def run():
        listening = socket.socket()
        listening.bind(("127.0.0.1", 0))
        config = uvicorn.Config(app, http=Quick, lifespan="off", log_level="error")
        server = uvicorn.Server(config)
        serving = asyncio.create_task(server.serve(sockets=[listening]))
        while not server.started:
            await asyncio.sleep(0.01)
        reader, writer = await asyncio.open_connection(*listening.getsockname())
        writer.write(sent)
        start = asyncio.get_running_loop().time()
        answer = await asyncio.wait_for(reader.read(), timeout=5)
        took = asyncio.get_running_loop().time() - start
        writer.close()
        await writer.wait_closed()
        server.should_exit = True
        await serving
        return answer, took

    return asyncio.run(run())


def test_a_bare_connection_is_closed_within_the_header_limit():
    answer, took = closed_after(b"")

    assert answer == b""
    assert took < LIMIT + 1


def test_half_a_header_is_closed_within_the_limit():
    answer, took = closed_after(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a")

    assert answer == b""
    assert took < LIMIT + 1


def test_a_whole_request_is_answered():
    answer, _ = closed_after(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")

    assert answer.startswith(b"HTTP/1.1 200")
