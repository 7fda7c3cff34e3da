"""The engines a notice travels by, each with a sync `publish(message)` (from the write's
thread, after its commit) and a blocking `listen(deliver, subscribed)` that the hub's thread
runs: it calls `subscribed()` once it hears, then `deliver(message)` for each message, and
raises when the subscription drops (the hub then subscribes again)."""

import contextlib
import hashlib
import logging
import os
import secrets
import socket
import tempfile
import time
from functools import cache
from pathlib import Path

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

        database = settings.DATABASES["default"]
        params = {"dbname": database["NAME"], "user": database.get("USER") or None,
                  "password": database.get("PASSWORD") or None,
                  "host": database.get("HOST") or None, "port": database.get("PORT") or None,
                  "connect_timeout": 5}  # fmt: skip
        params = {key: value for key, value in params.items() if value is not None}
        with psycopg.connect(**params, autocommit=True) as connection:
            connection.execute(f"LISTEN {CHANNEL}")
            subscribed()
            while True:
                for notice in connection.notifies(timeout=IDLE_SECONDS):
                    deliver(notice.payload)
                connection.execute("SELECT 1")  # raises once the server is gone


class Local:
    """The embedded SQLite: the processes of one machine (gunicorn's workers), each with a
    datagram socket in one folder of the machine's; a notice goes to each, this process's hub
    first, directly (the `deliver` its listen was handed: the hub imports this module, never
    the other way round). An in-memory database (the tests) has no other process."""

    def __init__(self, folder):
        self.folder = folder
        self.own = None
        self.deliver = None  # this process's hub's, once it listens (until then, none follows)

    def publish(self, message):
        if self.deliver is not None:
            self.deliver(message)
        if self.folder is None or not self.folder.is_dir():
            return
        data = message.encode()
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
            for path in self.folder.glob("*.sock"):
                if path == self.own:
                    continue
                try:
                    sender.sendto(data, str(path))
                except (ConnectionRefusedError, FileNotFoundError):  # its process has ended
                    with contextlib.suppress(FileNotFoundError):
                        path.unlink()
                except OSError:
                    log.warning("stream notice not sent to %s", path)

    def listen(self, deliver, subscribed):
        self.deliver = deliver
        if self.folder is None:
            subscribed()
            while True:  # nothing to hear from: this process's notices go to its hub directly
                time.sleep(3600)
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.own = self.folder / f"{os.getpid()}-{secrets.token_hex(4)}.sock"
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as receiver:
            receiver.bind(str(self.own))
            subscribed()
            try:
                while True:
                    deliver(receiver.recv(1024).decode())
            finally:
                with contextlib.suppress(FileNotFoundError):
                    self.own.unlink()


def socket_folder():
    """Where the processes on one SQLite database meet: settings.STREAMS_SOCKET_DIR, or a
    folder named after the database file (short: a socket's path is at most 107 bytes)."""
    if settings.STREAMS_SOCKET_DIR:
        return Path(settings.STREAMS_SOCKET_DIR)
    name = str(settings.DATABASES["default"]["NAME"])
    if name == ":memory:" or "mode=memory" in name or name.startswith("file:memorydb"):
        return None
    digest = hashlib.sha256(name.encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"scorekeeper-streams-{digest}"


@cache
def backend():
    if settings.REDIS_URL:
        return Redis(settings.REDIS_URL)
    if connections["default"].vendor == "postgresql":
        return Postgres()
    return Local(socket_folder())
