"""The shared Redis cache, for when Redis is away: slower, not down.

The cache holds only what can be computed again (folds, result pictures; never a session, which
lives in the database alone), under keys that change with their data. So an error of Redis is
caught here, in the backend, logged, counted, and answered as a miss (a write as not made), and
the page is computed instead; whatever Redis holds when it comes back is still true. After an
error the worker leaves Redis alone for `retry_after` seconds: a dead Redis would otherwise cost
every cache call of every page a connection attempt (and a timeout, when its host is gone too).

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


@dataclass
class Outage:
    """What one worker knows of one Redis being away."""

    location: str
    retry_after: float
    errors: int = 0  # cache calls that failed
    skipped: int = 0  # cache calls not even tried, Redis being away
    until: float = 0.0  # no call is tried before this (time.monotonic())
    down: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def may_try(self):
        return time.monotonic() >= self.until

    def skip(self):
        with self.lock:
            self.skipped += 1

    def fail(self, error):
        with self.lock:
            self.errors += 1
            self.until = time.monotonic() + self.retry_after
            if not self.down:
                self.down = True
                logger.warning(
                    "Cache %s unreachable (%s): pages are computed without it, tried again "
                    "every %s s. In this worker: %s errors, %s calls skipped.",
                    self.location, error, self.retry_after, self.errors, self.skipped,
                )  # fmt: skip

    def answered(self):
        with self.lock:
            was_down, self.down = self.down, False
        if was_down:
            logger.warning(
                "Cache %s answers again. In this worker: %s errors, %s calls skipped.",
                self.location, self.errors, self.skipped,
            )  # fmt: skip


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

    def __init__(self, servers, retry_after=5.0, **options):
        super().__init__(servers, **options)
        self._outage = outage_of(servers, retry_after)

    def _call(self, fallback, method, *args):
        outage = self._outage
        if not outage.may_try():
            outage.skip()
            return fallback
        try:
            answer = method(self, *args)
        except RedisError as error:
            outage.fail(error)
            return fallback
        if outage.down:
            outage.answered()
        return answer

    def get(self, key, default):
        return self._call(default, RedisCacheClient.get, key, default)

    def get_many(self, keys):
        return self._call({}, RedisCacheClient.get_many, keys)

    def has_key(self, key):
        return self._call(False, RedisCacheClient.has_key, key)

    def add(self, key, value, timeout):
        return self._call(False, RedisCacheClient.add, key, value, timeout)

    def set(self, key, value, timeout):
        self._call(None, RedisCacheClient.set, key, value, timeout)

    def set_many(self, data, timeout):
        self._call(None, RedisCacheClient.set_many, data, timeout)

    def touch(self, key, timeout):
        return self._call(False, RedisCacheClient.touch, key, timeout)

    def delete(self, key):
        return self._call(False, RedisCacheClient.delete, key)

    def delete_many(self, keys):
        self._call(None, RedisCacheClient.delete_many, keys)

    def incr(self, key, delta):
        missing = object()
        value = self._call(missing, RedisCacheClient.incr, key, delta)
        if value is missing:
            raise ValueError(f"Key {key!r} not found: the cache is unreachable")
        return value

    def clear(self):
        return self._call(False, RedisCacheClient.clear)


class ResilientRedisCache(RedisCache):
    """Django's Redis cache backend, with ResilientRedisClient. Its OPTIONS may add
    `retry_after` (seconds)."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ResilientRedisClient
