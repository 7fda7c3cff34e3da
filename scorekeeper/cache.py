"""The shared Redis cache, for when Redis is away: slower, not down.

Everything the site keeps in the cache can be done without it: a session is read from the
database (the cached_db engine), a fold is folded again, a result picture drawn again. So an
error of Redis is caught here, in the backend, logged, counted, and answered as a miss (a write
as not made), and the page is computed instead. After an error the worker leaves Redis alone for
`retry_after` seconds: a dead Redis would otherwise cost every cache call of every page a
connection attempt (and a timeout, when its host is gone too).

A write or a delete that did not reach Redis leaves there what Redis held before, should it come
back with its data (a network cut, a restart from its dump file): a session logged out during
the outage would be read again from it. So this worker remembers those keys and deletes them
first when Redis answers again (past `MAX_MISSED` of them, it empties the cache instead). A
cache whose keys change with their data (the folds) says `keys_never_stale` and is spared that.
The worker that missed a write is the one that replays it: one that is killed before Redis comes
back cannot.

The counts are per worker process and per Redis (`outages()`), and each outage is logged, as a
warning, when it starts and when it ends, with them.
"""

import logging
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

MAX_MISSED = 10_000


@dataclass
class Outage:
    """What one worker knows of one Redis being away."""

    location: str
    retry_after: float
    errors: int = 0  # cache calls that failed
    skipped: int = 0  # cache calls not even tried, Redis being away
    until: float = 0.0  # no call is tried before this (time.monotonic())
    down: bool = False
    missed: set = field(default_factory=set)  # keys written or deleted while it was away
    overflowed: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def may_try(self):
        return time.monotonic() >= self.until

    def skip(self, missed):
        with self.lock:
            self.skipped += 1
            self._remember(missed)

    def fail(self, error, missed):
        with self.lock:
            self.errors += 1
            self.until = time.monotonic() + self.retry_after
            self._remember(missed)
            if not self.down:
                self.down = True
                logger.warning(
                    "Cache %s unreachable (%s): pages are computed without it, tried again "
                    "every %s s. In this worker: %s errors, %s calls skipped.",
                    self.location, error, self.retry_after, self.errors, self.skipped,
                )  # fmt: skip

    def _remember(self, keys):
        if self.overflowed or not keys:
            return
        self.missed.update(keys)
        if len(self.missed) > MAX_MISSED:
            self.missed, self.overflowed = set(), True

    def take_missed(self):
        """(keys to delete, whether to empty the cache instead) now that Redis answers."""
        with self.lock:
            missed, overflowed = self.missed, self.overflowed
            self.missed, self.overflowed, self.down = set(), False, False
        return missed, overflowed

    def give_back(self, missed, overflowed):
        """What take_missed() gave, for Redis failed the replay too."""
        with self.lock:
            self.down = True
            self.overflowed = self.overflowed or overflowed
            self._remember(missed)


_outages = {}
_outages_lock = threading.Lock()


def outage_of(servers, retry_after):
    """The one Outage of `servers` in this process, whichever thread's cache asks."""
    location = ";".join(_without_password(url) for url in servers)
    with _outages_lock:
        return _outages.setdefault(location, Outage(location, retry_after))


def _without_password(url):
    """The URL as the logs may show it: REDIS_URL may carry Redis's password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user_info, _at, host = parts.netloc.rpartition("@")
    return parts._replace(netloc=f"{user_info.partition(':')[0]}:***@{host}").geturl()


def outages():
    """{location: (errors, skipped, down)} of this worker process."""
    return {name: (o.errors, o.skipped, o.down) for name, o in _outages.items()}


class ResilientRedisClient(RedisCacheClient):
    """Django's client to Redis, each call answered as a miss when Redis fails it."""

    def __init__(self, servers, retry_after=5.0, keys_never_stale=False, **options):
        super().__init__(servers, **options)
        self._outage = outage_of(servers, retry_after)
        self._track = not keys_never_stale

    def _call(self, fallback, method, *args, writes=()):
        missed = writes if self._track else ()
        outage = self._outage
        if not outage.may_try():
            outage.skip(missed)
            return fallback
        try:
            if outage.down:
                self._replay_missed()
            return method(self, *args)
        except RedisError as error:
            outage.fail(error, missed)
            return fallback

    def _replay_missed(self):
        """Redis answers again: delete what this worker could not write or delete there."""
        outage = self._outage
        missed, overflowed = outage.take_missed()
        try:
            if overflowed:
                RedisCacheClient.clear(self)
            elif missed:
                RedisCacheClient.delete_many(self, list(missed))
        except RedisError:
            outage.give_back(missed, overflowed)
            raise
        logger.warning(
            "Cache %s answers again. In this worker: %s errors, %s calls skipped; %s.",
            outage.location, outage.errors, outage.skipped,
            "emptied" if overflowed else f"{len(missed)} keys missed during the outage deleted",
        )  # fmt: skip

    def get(self, key, default):
        return self._call(default, RedisCacheClient.get, key, default)

    def get_many(self, keys):
        return self._call({}, RedisCacheClient.get_many, keys)

    def has_key(self, key):
        return self._call(False, RedisCacheClient.has_key, key)

    def add(self, key, value, timeout):
        return self._call(False, RedisCacheClient.add, key, value, timeout, writes=[key])

    def set(self, key, value, timeout):
        self._call(None, RedisCacheClient.set, key, value, timeout, writes=[key])

    def set_many(self, data, timeout):
        self._call(None, RedisCacheClient.set_many, data, timeout, writes=list(data))

    def touch(self, key, timeout):
        return self._call(False, RedisCacheClient.touch, key, timeout)

    def delete(self, key):
        return self._call(False, RedisCacheClient.delete, key, writes=[key])

    def delete_many(self, keys):
        self._call(None, RedisCacheClient.delete_many, keys, writes=list(keys))

    def incr(self, key, delta):
        missing = object()
        value = self._call(missing, RedisCacheClient.incr, key, delta, writes=[key])
        if value is missing:
            raise ValueError(f"Key {key!r} not found: the cache is unreachable")
        return value

    def clear(self):
        return self._call(False, RedisCacheClient.clear)


class ResilientRedisCache(RedisCache):
    """Django's Redis cache backend, with ResilientRedisClient. Its OPTIONS may add
    `retry_after` (seconds) and `keys_never_stale` (see the module's docstring)."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ResilientRedisClient
