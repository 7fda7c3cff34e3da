"""Each process's one subscription, and the streams it holds.

One thread per process listens (backends.py), whatever the number of streams; each stream is
a queue on its request's event loop, handed its game's messages. While the subscription is
down (Redis or PostgreSQL away, a connection dropped), `up` is false: every stream is told at
once, and one checker per process reads the versions of all the games its streams follow in one
query every STREAM_CHECK_SECONDS, telling the streams of a game that moved as a publish would.
Once it is back, every stream checks once, so nothing said meanwhile is missed: the version says
what a page has. Subscribing again waits a jittered delay, so workers do not retry in step.
"""

import asyncio
import contextlib
import logging
import random
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cache

from django.apps import apps
from django.conf import settings
from django.db import close_old_connections

from games.streams.backends import backend
from games.streams.notices import CHECK, SHUT

RETRY_SECONDS = (0.5, 1, 2, 5)
log = logging.getLogger(__name__)


@dataclass(eq=False)
class Follower:
    topics: tuple
    keys: tuple  # what its caps count it under (an account, an address)
    loop: asyncio.AbstractEventLoop = field(default_factory=asyncio.get_running_loop)
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)

    def tell(self, data):
        with contextlib.suppress(RuntimeError):  # its loop has closed: the stream is over
            self.loop.call_soon_threadsafe(self.queue.put_nowait, data)


class Hub:
    def __init__(self):
        self.lock = threading.Lock()
        self.followers = defaultdict(set)
        self.held = Counter()
        self.up = False
        self.listener = None
        self.failures = 0  # drops since the subscription last held
        self.shutting = False
        self.checker = None
        self.versions = {}  # game pk -> the version the checker last read

    def room(self, keys, caps):
        """Whether each of `keys` holds fewer than its cap of streams (in this process)."""
        with self.lock:
            return all(self.held[key] < cap for key, cap in zip(keys, caps, strict=True))

    def follow(self, topics, keys, caps):
        """A follower of `topics`, or None when one of `keys` holds its cap already (or the
        server is stopping)."""
        with self.lock:
            if self.shutting or any(
                self.held[key] >= cap for key, cap in zip(keys, caps, strict=True)
            ):
                return None
            follower = Follower(tuple(topics), tuple(keys))
            self.held.update(keys)
            for topic in topics:
                self.followers[topic].add(follower)
            self._listen()
        return follower

    def leave(self, follower):
        with self.lock:
            self.held.subtract(follower.keys)
            self.held += Counter()  # drops the keys at zero
            for topic in follower.topics:
                self.followers[topic].discard(follower)
                if not self.followers[topic]:
                    del self.followers[topic]

    def shut(self):
        """The server is stopping (scorekeeper/servers.py): every stream ends now, and none
        opens. The server waits for the requests under way, and a stream would hold it until
        its page goes; each page opens its stream again on the next process (`retry:`)."""
        with self.lock:
            self.shutting = True
            followers = {f for group in self.followers.values() for f in group}
        for follower in followers:
            follower.tell(SHUT)

    def held_streams(self):
        """How many streams this process holds."""
        with self.lock:
            return len({f for group in self.followers.values() for f in group})

    def deliver(self, message):
        """From any thread: `message` ("<topic> <data>") to the streams of its topic."""
        topic, _, data = message.partition(" ")
        with self.lock:
            followers = list(self.followers.get(topic, ()))
        for follower in followers:
            follower.tell(data)

    def _listen(self):
        if self.listener is None or not self.listener.is_alive():
            self.listener = threading.Thread(target=self._run, name="streams-hub", daemon=True)
            self.listener.start()
            # Not subscribed yet, perhaps never (SQLite's other processes, a backend that hangs
            # while connecting): the checker reads the versions until it is.
            self._checking()

    def _run(self):
        while True:
            try:
                backend().listen(self.deliver, self._subscribed)
            except Exception:  # any drop: subscribe again after a moment
                log.warning("stream subscription lost", exc_info=True)
            self._down()
            delay = RETRY_SECONDS[min(self.failures, len(RETRY_SECONDS) - 1)]
            time.sleep(delay * random.uniform(0.5, 1.5))  # jitter: workers apart
            self.failures += 1

    def _down(self):
        """The subscription dropped: every stream asks at once (not at its next heartbeat),
        and the checker reads the versions from now on. A try to subscribe again that fails
        wakes nobody: the checker tells them (each failed try woke all 2,000 streams of a
        worker to ask their doors, 903 transactions/s on PostgreSQL: bench/hub_down.py)."""
        was_up, self.up = self.up, False
        if was_up:
            self._tell_all(CHECK)
        self._checking()

    def _checking(self):
        if self.checker is None or not self.checker.is_alive():
            self.checker = threading.Thread(
                target=self._check_loop, name="streams-check", daemon=True
            )
            self.checker.start()

    def _check_loop(self):
        self.versions = {}
        while not self.up:
            try:
                self.check()
            except Exception:  # the database away too: try again at the next tick
                log.warning("stream check failed", exc_info=True)
            finally:
                close_old_connections()
            time.sleep(settings.STREAM_CHECK_SECONDS)

    def check(self):
        """One query for all the games this process's streams follow; each game whose version
        moved since the last check is delivered to its streams as a publish would be."""
        with self.lock:
            pks = [int(t.partition(":")[2]) for t in self.followers if t.startswith("game:")]
        if not pks:
            return
        # The model through the app registry: gunicorn's worker imports this module (through
        # scorekeeper/servers.py) before Django is set up.
        games = apps.get_model("games", "Game").objects.filter(pk__in=pks)
        read = dict(games.values_list("pk", "version"))
        for pk, version in read.items():
            # A game not read before is told too (the first tick, a new stream): a save between
            # a stream's own ask and that read would otherwise go unheard.
            if self.versions.get(pk) != version:
                self.deliver(f"game:{pk} {version}")
        for pk in set(pks) - set(read):  # deleted: its streams ask their door
            self.deliver(f"game:{pk} {CHECK}")
        self.versions = read

    def _subscribed(self):
        self.up, self.failures = True, 0
        self._tell_all(CHECK)  # anything said while it was down: every stream checks once

    def _tell_all(self, data):
        with self.lock:
            followers = {f for group in self.followers.values() for f in group}
        for follower in followers:
            follower.tell(data)


@cache
def hub():
    return Hub()
