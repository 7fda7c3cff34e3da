"""The transports a save's notice travels by to the streams of other processes
(games/streams/backends.py)."""

import contextlib
import threading
import time
import uuid

import psycopg
import pytest
from django.db import connection

from games.streams import backends


def _listening(listen, deliver, subscribed):
    with contextlib.suppress(psycopg.Error):  # the test ends it by ending its connection
        listen(deliver, subscribed)


@pytest.mark.engine
def test_the_postgresql_listener_connects_with_djangos_options(db, monkeypatch):
    """OPTIONS kept (sslmode, a service file, options...): on a server that requires TLS, a
    listener without them never subscribed, and every stream fell back to its checks."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's listener")
    name = f"scorekeeper-listener-{uuid.uuid4().hex[:8]}"
    options = {**connection.settings_dict["OPTIONS"], "application_name": name}
    monkeypatch.setitem(connection.settings_dict, "OPTIONS", options)
    subscribed = threading.Event()
    args = (backends.Postgres().listen, lambda message: None, subscribed.set)
    listener = threading.Thread(target=_listening, args=args, daemon=True)
    listener.start()
    assert subscribed.wait(10)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")  # else read once per transaction
        cursor.execute("SELECT pid FROM pg_stat_activity WHERE application_name = %s", [name])
        found = cursor.fetchall()
        for (pid,) in found:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    assert len(found) == 1
    listener.join(15)


def test_on_sqlite_a_notice_reaches_this_process_and_the_others_check_for_themselves():
    """Nothing between processes (no socket folder in /tmp): the other workers' streams check
    their game every STREAM_CHECK_SECONDS, as while a subscription is down."""
    local, heard, subscribed = backends.Local(alone=False), [], threading.Event()
    args = (heard.append, subscribed.set)
    threading.Thread(target=local.listen, args=args, daemon=True).start()
    deadline = time.monotonic() + 5
    while local.deliver is None and time.monotonic() < deadline:
        time.sleep(0.01)
    local.publish("game:7 12345")
    assert heard == ["game:7 12345"]  # at once, in this process
    assert not subscribed.wait(0.2)  # never up: the hub's streams keep checking


@pytest.mark.parametrize(
    ("name", "alone"),
    [(":memory:", True), ("file:memorydb_default?mode=memory&cache=shared", True),
     ("/srv/scorekeeper/db.sqlite3", False)],
)  # fmt: skip
def test_only_an_in_memory_database_is_this_process_alone(name, alone):
    assert backends.in_memory(name) is alone
