"""The streams of the pages that follow a game: server-sent events (games/streams).

A page opens one (static/js/stream.js); it gets an event whenever its game's version is not
the one it says it has: at once if the game moved on while it was away (`Last-Event-ID`, or
`seen` for a first stream), then at each save. The event carries the version and nothing else;
the page fetches the board as its poll does. A heartbeat event, as soon as the stream is
open and then after every STREAM_HEARTBEAT_SECONDS of silence, tells the page the stream is
alive: a page that hears nothing for two of them and a margin stops trusting it (a proxy
that buffers it, a half-open connection) and polls. Served asynchronously
(scorekeeper/asgi.py): an idle stream holds a socket and a queue, no thread and no database
connection. It ends when its door shuts (hub messages say when to ask again, and so does each
heartbeat).
"""

import asyncio
import time
from functools import partial

from asgiref.sync import sync_to_async
from django import forms
from django.conf import settings
from django.db import DatabaseError
from django.http import HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from common.limits import client_address
from games import access
from games.streams.hub import hub
from games.streams.notices import SHUT


class SeenForm(forms.Form):
    """The version the page shows: Last-Event-ID when the browser reconnects, else `seen`."""

    seen = forms.CharField(required=False, max_length=64)


@require_GET
async def game_events(request, pk):
    return await _stream(request, partial(access.followed_by_owner, request, pk), "owner")


@require_GET
async def scorer_events(request, token):
    return await _stream(request, partial(access.followed_by_scorer, token), f"scorer:{token}")


@require_GET
async def live_events(request, token):
    return await _stream(request, partial(access.followed_by_viewer, token), f"live:{token}")


async def _stream(request, opened, opener):
    """`opener` is whose budget the stream takes: the owner's account (all its phones), or
    one link (each its own). Counted against the opener, not the game's owner, so that a live
    link's viewers use up that link's room and never the owner's own sheet."""
    followed = await sync_to_async(opened)()
    if followed is None:  # the page's next fetch shows why (a 404, a log-in)
        return HttpResponse(status=404)
    if opener == "owner":
        opener = f"owner:{followed.owner}"
    keys = (f"opener:{opener}", f"address:{client_address(request)}")
    caps = (settings.STREAMS_PER_OPENER, settings.STREAMS_PER_ADDRESS)
    if not hub().room(keys, caps):  # the page polls instead, and tries a stream again later
        return HttpResponse(status=429)
    form = SeenForm({"seen": request.headers.get("Last-Event-ID") or request.GET.get("seen")})
    seen = form.cleaned_data["seen"] if form.is_valid() else ""
    held = (keys, caps)
    response = StreamingHttpResponse(
        _events(followed, held, seen), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache, no-store"
    response["X-Accel-Buffering"] = "no"  # nginx passes each event on at once
    return response


GONE = b"event: gone\ndata: \n\n"  # the door shut: the page's fetch shows why


def heartbeat():
    """An event, not a comment: `EventSource` never shows a comment to the page. It names the
    interval, from which the page (static/js/stream.js) reckons how long a silence may last."""
    return f"event: heartbeat\ndata: {settings.STREAM_HEARTBEAT_SECONDS:g}\n\n".encode()


def retry():
    """How soon a browser whose stream ended comes back."""
    return f"retry: {settings.STREAM_RETRY_MS}\n\n".encode()


def event(version):
    return f"id: {version}\ndata: {version}\n\n".encode()


async def _events(followed, held, seen):
    """What the stream says, until its door shuts or the page goes (the server then cancels
    it: the hub forgets it in `finally`). It joins the hub only once it is sent: a response
    never sent holds nothing. The database out of reach ends it with the retry hint, as a
    stopping server does: the page polls meanwhile and comes back, and no error is logged for
    each of a thousand streams."""
    topics = [f"game:{followed.pk}"] + [f"account:{followed.account}"] * bool(followed.account)
    follower = hub().follow(topics, *held)
    if follower is None:  # others took the room meanwhile, or the server is stopping: the
        # browser comes back later
        yield retry()
        return
    yield retry() + heartbeat()  # the page trusts the stream once it hears it
    try:
        async for said in _said(followed, follower, seen):
            yield said
    except DatabaseError:
        yield retry()
    finally:
        hub().leave(follower)


async def _said(followed, follower, seen):
    """The stream's events after its first heartbeat."""
    # Read again once in the hub: a save between the door's first read and here is heard.
    shown, said = await sync_to_async(followed.ask)(), time.monotonic()
    if shown is None:
        yield GONE
        return
    if str(shown) != seen:
        yield event(shown)
    while True:
        data = await _next(follower, said)
        if data == SHUT:  # the server is stopping: the browser comes back in `retry`
            yield retry()
            return
        # Whatever woke it (a save's version, told to ask, a heartbeat due, the subscription
        # down), it asks its door before it says anything, as each request of a page does:
        # a door shut unheard (a link that expired, an account changed by a bare update)
        # passes on no version. The ask reads the version too.
        version = await sync_to_async(followed.ask)()
        if version is None:
            yield GONE
            return
        if version != shown:
            shown, said = version, time.monotonic()
            yield event(version)
        elif data is None and time.monotonic() - said >= settings.STREAM_HEARTBEAT_SECONDS:
            said = time.monotonic()
            yield heartbeat()  # also keeps proxies from closing an idle stream


async def _next(follower, said):
    """The next message for this stream, or None when a heartbeat is due. While the
    subscription is down the hub's one checker delivers the versions (games/streams/hub.py)."""
    wait = settings.STREAM_HEARTBEAT_SECONDS - (time.monotonic() - said)
    try:
        return await asyncio.wait_for(follower.queue.get(), max(wait, 0))
    except TimeoutError:
        return None
