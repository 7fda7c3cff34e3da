"""Two app servers on one PostgreSQL and one Redis, as behind a load balancer.

Each node is gunicorn with production settings and a folder of its own (its file cache would
be there); they share only the database, the Redis of REDIS_URL and SECRET_KEY. PostgreSQL and
Redis are throwaway servers started here (tests/helpers/services.py), PostgreSQL unless the
suite already runs on it. The nodes are on PostgreSQL whichever pass runs them, so the module
is not marked `engine`: it runs once, in the SQLite pass (in both, it took 42 s of the
PostgreSQL pass to say the same again). Redis is always this module's own: a test kills it.
"""

import contextlib
import http.client
import json
import os
import re
import secrets
import signal
import threading
import time
import uuid
from pathlib import Path
from unittest.mock import patch

import pytest

from games.reports import folds
from tests.helpers import services
from tests.helpers.live import (
    PASSWORD,
    EventStream,
    Phone,
    Server,
    fresh_database,
    manage,
    production_env,
)
from tests.helpers.worker import Worker, wait_for

pytestmark = pytest.mark.xdist_group("nodes")

LOGIN_LIMIT = 5  # LOGIN_FAILURES_PER_ACCOUNT's default
TABLES, ROUNDS = 4, 12


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    """Redis of this module's own: one test kills it in the middle, and starts it again."""
    server = services.RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def redis_url(redis_server):
    return redis_server.url


@pytest.fixture(scope="module")
def postgres_server():
    """One PostgreSQL server for the module: each pair of nodes has a database of its own."""
    with services.postgres() as url:
        yield url


@pytest.fixture(scope="module")
def static_root(tmp_path_factory):
    """The static files, collected once for every node (they need no database)."""
    folder = tmp_path_factory.mktemp("static")
    manage(production_env(folder, "sqlite://"), "collectstatic", "--noinput")
    return folder


@contextlib.contextmanager
def started_pair(folder, postgres_url, static_root, workers_too, **settings):
    """Two nodes on a fresh database of the server at `postgres_url`, sharing SECRET_KEY and
    `settings`; each runs the queue's tasks too when `workers_too`."""
    with fresh_database(folder, postgres_url) as database_url, contextlib.ExitStack() as running:
        secret = secrets.token_urlsafe(50)
        envs = [
            production_env(static_root, database_url, SECRET_KEY=secret,
                           CACHE_DIR=str(folder / name / "cache"), **settings)
            for name in ("a", "b")
        ]  # fmt: skip
        manage(envs[0], "migrate", "--noinput")  # once, from one node
        started = []
        for env in envs:  # one after the other: each takes the first free port
            server = Server(env, workers=2).start()
            running.callback(server.stop)
            started.append(server)
            if workers_too:
                worker = Worker(env).start()
                running.callback(worker.stop)
        yield started


@pytest.fixture(scope="module")
def nodes(tmp_path_factory, postgres_server, static_root, redis_url):
    folder = tmp_path_factory.mktemp("nodes")
    with started_pair(folder, postgres_server, static_root, workers_too=True,
                      REDIS_URL=redis_url, REDIS_RETRY_AFTER="1") as started:  # fmt: skip
        yield started


def new_account(node):
    username = f"node-{uuid.uuid4().hex[:8]}"
    return username, Phone(node).sign_up(username)


def on(node, phone):
    """The same browser (its cookies) sent to another node, as a load balancer would."""
    moved = Phone(node)
    moved.cookies = phone.cookies
    return moved


def test_the_throttle_counts_failures_made_through_both_nodes(nodes):
    a, b = nodes
    username, _phone = new_account(a)
    for attempt in range(LOGIN_LIMIT):
        node = nodes[attempt % 2]
        data = {"username": username, "password": "not-the-password"}
        assert Phone(node).submit("/accounts/login/", data).status == 422

    response = Phone(b).submit("/accounts/login/", {"username": username, "password": PASSWORD})

    assert response.status == 429
    assert (
        Phone(a).submit("/accounts/login/", {"username": username, "password": PASSWORD}).status
        == 429
    )


def test_a_session_from_one_node_works_on_the_other_and_ends_on_both(nodes):
    a, b = nodes
    _username, phone = new_account(a)
    assert phone.get("/games/new/").status == 200
    on_b = on(b, phone)
    assert on_b.get("/games/new/").status == 200
    copied = on(a, phone)
    copied.cookies = dict(phone.cookies)  # the session cookie as it was, copied elsewhere

    assert on_b.submit("/accounts/logout/", {}, form_path="/games/new/").status == 302

    for node in (a, b):
        response = on(node, copied).get("/games/new/")
        assert response.status == 302 and response.location.startswith("/accounts/login/")


def signed_out_everywhere(nodes, cookies):
    """Whether the browser with `cookies` (copied from before a log-out) is signed in nowhere."""
    for node in nodes:
        copied = Phone(node)
        copied.cookies = dict(cookies)
        response = copied.get("/games/new/")
        if not (response.status == 302 and response.location.startswith("/accounts/login/")):
            return False
    return True


def log_out_while_redis_is_paused(nodes, redis_server, restart=None):
    """Sign in on both nodes, log out on A with Redis paused, optionally restart `restart`
    (as an upgrade does) before Redis resumes: the cookies copied from before the log-out."""
    a, b = nodes
    _username, phone = new_account(a)
    for node in (a, b):
        assert on(node, phone).get("/games/new/").status == 200
    before = dict(phone.cookies)
    with redis_server.paused():
        assert on(a, phone).submit("/accounts/logout/", {}, form_path="/games/new/").status == 302
        if restart:
            restart.restart()
    return before


def test_a_log_out_while_redis_is_paused_holds_on_both_nodes_once_it_resumes(nodes, redis_server):
    a, b = nodes
    before = log_out_while_redis_is_paused(nodes, redis_server)

    assert signed_out_everywhere([b, a], before)


def test_a_log_out_while_redis_is_paused_holds_after_its_node_restarts(nodes, redis_server):
    a, b = nodes
    before = log_out_while_redis_is_paused(nodes, redis_server, restart=a)

    assert signed_out_everywhere([a, b], before)


def test_an_import_queued_on_one_node_shows_finished_on_the_other(nodes):
    a, b = nodes
    _username, phone = new_account(a)
    backup = [{"players": ["Ana", "Ben"], "rounds": [{"entries": {"Ana": n, "Ben": 0}}]}
              for n in range(1, 4)]  # fmt: skip
    data = {"csrfmiddlewaretoken": phone.get("/history/import/").csrf_token()}
    response = phone.post_file("/history/import/", data, "backup", json.dumps(backup).encode())
    assert response.status == 302 and response.location.startswith("/jobs/")
    on_b = on(b, phone)

    def finished():
        page = on_b.get(response.location).text
        return "games imported" in page and page

    page = wait_for(finished)

    assert "3 games imported." in page
    assert len(on_b.get("/history/export.json").json()["games"]) == 3


def round_data(phone, game, number, entries, key=None):
    token = phone.get(f"/games/{game}/").csrf_token()
    data = {"csrfmiddlewaretoken": token, "round_number": number,
            "idempotency_key": key or uuid.uuid4()}  # fmt: skip
    return data | {f"seat_{seat}": value for seat, value in enumerate(entries)}


def test_a_round_saved_on_one_node_reaches_a_live_view_polled_on_the_other(nodes):
    a, b = nodes
    _username, owner = new_account(a)
    game = owner.start_game("Ana", "Ben")
    assert owner.submit(f"/games/{game}/share/", {}).status == 302
    live = re.search(r'href="http://127\.0\.0\.1:\d+(/live/[\w-]+/)"',
                     owner.get(f"/games/{game}/share/").text).group(1)  # fmt: skip
    viewer = Phone(b)
    seen = re.search(r"\?seen=(\d+)", viewer.get(live).text).group(1)
    poll = {"HX-Request": "true"}
    assert viewer.get(f"{live}?seen={seen}", headers=poll).status == 204  # nothing new

    assert owner.post(f"/games/{game}/rounds/", round_data(owner, game, 1, [7, 0])).status == 302
    update = viewer.get(f"{live}?seen={seen}", headers=poll)  # the next poll

    assert update.status == 200
    assert "Round 2" in update.text
    assert re.search(r">\s*7\s*<", update.text)


def master_workers(server):
    """The pids of the worker processes of a gunicorn master."""
    pid = server.process.pid
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


class Table(threading.Thread):
    """A phone saving ROUNDS rounds on node A; a save whose connection drops (its worker
    killed) is sent again, with the same submission key, through the other node."""

    def __init__(self, nodes, phone, game):
        super().__init__()
        self.nodes, self.phone, self.game = nodes, phone, game
        self.token = phone.get(f"/games/{game}/").csrf_token()
        self.sent, self.dropped, self.answers = [], 0, []

    def run(self):
        for number in range(1, ROUNDS + 1):
            entries = [0, 1] if number % 2 else [1, 0]  # one hand emptied: nobody reaches 40
            data = {"csrfmiddlewaretoken": self.token, "round_number": number,
                    "idempotency_key": uuid.uuid4(), "seat_0": entries[0],
                    "seat_1": entries[1]}  # fmt: skip
            self.answers.append(self.save(data))
            self.sent.append(entries)

    def save(self, data):
        for attempt in range(30):
            node = self.nodes[attempt % 2]  # A first, then B, then A again...
            try:
                return on(node, self.phone).post(f"/games/{self.game}/rounds/", data).status
            except (OSError, http.client.HTTPException):
                self.dropped += 1
        return None


def test_killing_a_nodes_workers_during_saves_loses_no_round_and_doubles_none(nodes):
    a, b = nodes
    _username, phone = new_account(a)
    tables = [Table(nodes, phone, phone.start_game("Ana", "Ben")) for _ in range(TABLES)]
    stop, kills = threading.Event(), []

    def killer():
        while not stop.wait(0.15):
            for pid in master_workers(a):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
                    kills.append(pid)

    killing = threading.Thread(target=killer)
    for table in tables:
        table.start()
    killing.start()
    for table in tables:
        table.join(timeout=120)
    stop.set()
    killing.join()

    assert kills and sum(table.dropped for table in tables) > 0  # saves were cut off
    for table in tables:
        assert table.answers == [302] * ROUNDS  # every save answered as saved, none as stale
        rounds = on(b, phone).get(f"/games/{table.game}.json").json()["rounds"]
        assert [r["number"] for r in rounds] == list(range(1, ROUNDS + 1))
        assert [list(r["entries"].values()) for r in rounds] == table.sent


def entries_of(phone, game):
    return [list(r["entries"].values()) for r in phone.get(f"/games/{game}.json").json()["rounds"]]


def test_with_redis_killed_in_the_middle_nothing_answers_500_and_nothing_is_lost(
    nodes, redis_server
):
    a, b = nodes
    username, phone = new_account(a)  # signed in before: its session was in Redis
    game = phone.start_game("Ana", "Ben")
    assert phone.submit(f"/games/{game}/share/", {}).status == 302
    live = re.search(r'href="http://127\.0\.0\.1:\d+(/live/[\w-]+/)"',
                     phone.get(f"/games/{game}/share/").text).group(1)  # fmt: skip
    table = Table(nodes, phone, phone.start_game("Cleo", "Dan"))
    table.start()
    while len(table.answers) < 2 and table.is_alive():
        time.sleep(0.01)

    redis_server.kill()
    statuses = []
    for number, node in enumerate(nodes, start=1):
        here = on(node, phone)
        statuses += [here.get(f"/games/{game}/").status, here.get("/history/").status,
                     here.post(f"/games/{game}/rounds/", round_data(here, game, number,
                                                                   [number, 0])).status,
                     Phone(node).get(live).status]  # fmt: skip
        Phone(node).log_in(username)  # each asserts its 302
        new_account(node)
    table.join(timeout=120)
    redis_server.start()  # empty, as after a crash
    time.sleep(1.2)  # REDIS_RETRY_AFTER: each worker tries it again

    assert statuses == [200, 200, 302, 200] * 2
    assert table.answers == [302] * ROUNDS
    for node in nodes:
        assert entries_of(on(node, phone), table.game) == table.sent
        assert entries_of(on(node, phone), game) == [[1, 0], [2, 0]]
    assert on(b, phone).submit("/accounts/logout/", {}, form_path="/games/new/").status == 302
    for node in nodes:  # Redis back: a log-out on one node holds on both again
        assert on(node, phone).get("/games/new/").status == 302


def test_folds_made_by_one_node_are_read_from_redis_by_any(redis_url, settings, make_game):
    settings.CACHES = settings.CACHES | {
        "folds": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                  "LOCATION": redis_url, "KEY_PREFIX": f"test-{uuid.uuid4().hex}"}
    }  # fmt: skip
    games = [make_game(rounds=[(31, 10, 5), (20, 3, 0)]), make_game(rounds=[(1, 2, 3)])]
    pairs = [(game.pk, game.version) for game in games]
    made = folds.states(pairs)

    with patch.object(folds, "fold_stored", side_effect=AssertionError("folded again")):
        read = folds.states(pairs)

    assert read == made == {game.pk: game.state for game in games}


@pytest.fixture(scope="module")
def nodes_without_redis(tmp_path_factory, postgres_server, static_root):
    """Two nodes on one PostgreSQL and no Redis: their streams hear each other by NOTIFY."""
    folder = tmp_path_factory.mktemp("nodes-pg")
    with started_pair(folder, postgres_server, static_root, workers_too=False) as started:
        yield started


@pytest.mark.parametrize("pair", ["nodes_without_redis", "nodes"], ids=["postgres", "redis"])
def test_a_save_on_one_node_reaches_a_stream_held_by_the_other(request, pair):
    a, b = request.getfixturevalue(pair)
    _username, owner = new_account(a)
    game = owner.start_game("Ana", "Ben")
    seen = re.search(r"\?seen=(\d+)", owner.get(f"/games/{game}/").text).group(1)
    streams = [EventStream(on(b, owner), f"/games/{game}/events/?seen={seen}") for _ in range(2)]
    assert [stream.status for stream in streams] == [200, 200]  # two workers: one each, maybe
    try:
        assert all(stream.next(timeout=0.5) is None for stream in streams)  # nothing new
        data = round_data(owner, game, 1, [7, 0])
        started = time.monotonic()
        assert owner.post(f"/games/{game}/rounds/", data).status == 302
        saved = re.search(r"\?seen=(\d+)", owner.get(f"/games/{game}/").text).group(1)
        assert [stream.next() for stream in streams] == [saved, saved]
        assert time.monotonic() - started < 2
    finally:
        for stream in streams:
            stream.close()
