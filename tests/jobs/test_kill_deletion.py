"""An account's deletion killed with `kill -9` in the middle goes on with the next worker: the
chunks deleted stay deleted, the rest goes, and nothing of the account remains. A real worker
(`manage.py worker`) on PostgreSQL, as in production."""

import json

import psycopg
import pytest

from tests.helpers.worker import Worker, shell, wait_for

GAMES = 3000

QUEUE_DELETION = """
import json
from django.contrib.auth import get_user_model
from accounts import services
from tests.helpers import seeding
owner = get_user_model().objects.create_user("leaving", password="correct-horse-9")
seeding.finished_games(owner, seeding.tables({games}))
services.disable_account(owner, "en")
print(json.dumps(owner.pk))
"""


def query(env, sql, *params):
    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as connection:
        return connection.execute(sql, params).fetchone()


def games_of(env, owner):
    return query(env, "SELECT count(*) FROM games_game WHERE owner_id = %s", owner)[0]


@pytest.mark.slow  # thousands of games seeded, two workers
def test_a_deletion_killed_in_the_middle_is_finished_by_the_next_worker(database):
    # Small chunks, so that the worker is killed between two of them.
    env = database | {"DELETION_CHUNK_SECONDS": "0.05"}
    owner = json.loads(shell(env, QUEUE_DELETION.format(games=GAMES)))
    worker = Worker(env).start()
    try:
        wait_for(lambda: 0 < games_of(env, owner) < GAMES - 200)
    except AssertionError:
        raise AssertionError(worker.output()) from None
    finally:
        worker.kill()
    left = games_of(env, owner)
    assert 0 < left < GAMES
    assert query(env, "SELECT state FROM jobs_job WHERE owner_id = %s", owner) == ("running",)
    assert query(env, "SELECT is_active FROM auth_user WHERE id = %s", owner) == (False,)

    restarted = Worker(database).start()  # it queues the dead worker's deletion again at its start
    try:
        gone = "SELECT count(*) FROM auth_user WHERE id = %s"
        wait_for(lambda: query(env, gone, owner)[0] == 0, timeout=300)
    except AssertionError:
        raise AssertionError(restarted.output()) from None
    finally:
        restarted.stop()
    for sql in (
        "SELECT count(*) FROM games_game WHERE owner_id = %s",
        "SELECT count(*) FROM games_player WHERE owner_id = %s",
        "SELECT count(*) FROM games_night WHERE owner_id = %s",
        "SELECT count(*) FROM jobs_job WHERE owner_id = %s",
    ):
        assert query(env, sql, owner) == (0,), sql
