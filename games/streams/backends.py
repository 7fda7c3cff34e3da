"""The engines a notice travels by, each with a sync `publish(message)` (from the write's
thread, after its commit) and a blocking `listen(deliver, subscribed)` that the hub's thread
runs: it calls `subscribed()` once it hears, then `deliver(message)` for each message, and
raises when the subscription drops (the hub then subscribes again)."""

import contextlib
import logging
import time
from functools import cache

from django.conf import settings
from django.db import DatabaseError, connections

CHANNEL = "scorekeeper_streams"
# A subscription that hears nothing for this long is asked whether it is still there.
IDLE_SECONDS = 10.0
log = logging.getLogger(__name__)


class Redis:
    """Redis publish/subscribe (REDIS_URL): every node's hub hears every node's saves."""

    def __init__(self, url):
        import redis

        self.redis = redis
        options = settings.REDIS_OPTIONS
        self.client = redis.Redis.from_url(
            url, socket_connect_timeout=options["socket_connect_timeout"],
            socket_timeout=options["socket_timeout"],
        )  # fmt: skip
        self.url = url

    def publish(self, message):
        try:
            self.client.publish(CHANNEL, message)
        except self.redis.RedisError:
            log.warning("stream notice not published: Redis is away")

    def listen(self, deliver, subscribed):
        client = self.redis.Redis.from_url(
            self.url, socket_connect_timeout=settings.REDIS_OPTIONS["socket_connect_timeout"],
            socket_timeout=IDLE_SECONDS,
        )  # fmt: skip
        with contextlib.closing(client), client.pubsub() as pubsub:
            pubsub.subscribe(CHANNEL)
            pinged = None
            while True:
                message = pubsub.get_message(timeout=IDLE_SECONDS / 2)
                if message is None:
                    if pinged is not None:  # a paused Redis answers nothing, not even a drop
                        raise ConnectionError("Redis did not answer a ping")
                    pubsub.ping()
                    pinged = time.monotonic()
                    continue
                pinged = None
                if message["type"] == "subscribe":
                    subscribed()
                elif message["type"] == "message":
                    deliver(message["data"].decode())


class Postgres:
    """PostgreSQL's LISTEN/NOTIFY, on the database the app already has."""

    def publish(self, message):
        try:
            with connections["default"].cursor() as cursor:
                cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, message])
        except DatabaseError:
            log.warning("stream notice not published: the database is away")

    def listen(self, deliver, subscribed):
        import psycopg

        # Django's own parameters, OPTIONS kept (sslmode, a service file, options...): a
        # server that requires TLS requires it of this connection too.
        params = connections["default"].get_connection_params()
        params.setdefault("connect_timeout", 5)
        with psycopg.connect(**params, autocommit=True) as connection:
            connection.execute(f"LISTEN {CHANNEL}")
            subscribed()
            while True:
                for notice in connection.notifies(timeout=IDLE_SECONDS):
                    deliver(notice.payload)
                connection.execute("SELECT 1")  # raises once the server is gone


class Local:
    """The embedded SQLite: no transport between processes. A notice goes to this process's
    hub directly (the `deliver` its listen was handed: the hub imports this module, never the
    other way round); the streams of the machine's other processes (gunicorn's other workers)
    hear of it at their next check of their game (STREAM_CHECK_SECONDS), as while a
    subscription is down: `listen` never says it is subscribed. Nothing is shared but the
    database, which says what a page has anyway. An in-memory database (the tests) has no
    other process: there the hub is up, and the streams wait for their messages."""

    def __init__(self, alone):
        self.alone = alone
        self.deliver = None  # this process's hub's, once it listens (until then, none follows)

    def publish(self, message):
        if self.deliver is not None:
            self.deliver(message)

    def listen(self, deliver, subscribed):
        self.deliver = deliver
        if self.alone:
            subscribed()
        while True:  # nothing to hear from: this process's notices come to `deliver` directly
            time.sleep(3600)


def in_memory(name):
    """Whether the SQLite database `name` lives in this process's memory only."""
    return name == ":memory:" or "mode=memory" in name or name.startswith("file:memorydb")


@cache
def backend():
    if settings.REDIS_URL:
        return Redis(settings.REDIS_URL)
    if connections["default"].vendor == "postgresql":
        return Postgres()
    return Local(in_memory(str(connections["default"].settings_dict["NAME"])))
