"""A page's stream (games/views/streams.py) as a phone reads it, in the views' tests: opened
with Django's AsyncClient, its chunks read as they come."""

import asyncio
import contextlib
import time

import pytest

WAIT = 2  # seconds: far more than anything here takes
GONE = b"event: gone\ndata: \n\n"


def event(version):
    return f"id: {version}\ndata: {version}\n\n".encode()


class Stream:
    """A stream opened by a phone, its chunks read as they come."""

    END = object()

    def __init__(self, response):
        self.response, self.chunks = response, asyncio.Queue()
        self.reader = asyncio.create_task(self._read()) if response.streaming else None

    async def _read(self):
        async for chunk in self.response.streaming_content:
            await self.chunks.put(chunk)
        await self.chunks.put(self.END)

    async def next(self, wait=WAIT):
        return await asyncio.wait_for(self.chunks.get(), wait)

    async def nothing(self, wait=0.3):
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(self.chunks.get(), wait)

    async def said(self, wait=WAIT):
        """The next chunk that says something (a heartbeat only says the stream is open)."""
        deadline = time.monotonic() + wait
        while heartbeat(chunk := await self.next(deadline - time.monotonic())):
            pass
        return chunk

    async def quiet(self, wait=0.3):
        """Nothing but heartbeats for `wait` seconds."""
        with pytest.raises(TimeoutError):
            await self.said(wait)

    async def ended(self):
        assert await self.next() is self.END

    async def close(self):
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader


def heartbeat(chunk):
    """Whether `chunk` only keeps the stream open (whatever the heartbeat's form)."""
    return chunk is not Stream.END and b"heartbeat" in chunk.split(b"\n", 1)[0]


async def opened(client, url, **headers):
    stream = Stream(await client.get(url, headers=headers))
    if stream.reader is not None:
        assert (await stream.next()).startswith(b"retry: ")
    return stream
