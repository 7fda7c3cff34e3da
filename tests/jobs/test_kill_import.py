"""An import killed with `kill -9` in the middle leaves no game visible; the next worker deletes
what it wrote, and the same file imported again gives the whole backup once. A real worker
(`manage.py worker`) on PostgreSQL, as in production."""

import json

import psycopg

from tests.helpers.worker import Worker, shell, wait_for
from tests.history.test_import_beside_saves import quiet_game

GAMES = 1000

QUEUE_IMPORT = """
import json
from django.contrib.auth import get_user_model
from games.archive.tasks import import_backup
from jobs.models import Chunk, Job
owner, _ = get_user_model().objects.get_or_create(username="importer")
job = Job.objects.create(owner=owner, kind=Job.Kind.IMPORT)
with open({path!r}, "rb") as file:
    job.save_file(Chunk.Part.UPLOAD, iter(lambda: file.read(65536), b""))
import_backup.enqueue(job.pk)
print(json.dumps([job.pk, owner.pk]))
"""


def queue_import(env, path):
    """Queue the import of the file at `path` for the account "importer": (job, owner) ids."""
    return json.loads(shell(env, QUEUE_IMPORT.format(path=str(path))))


def query(env, sql, *params):
    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as connection:
        return connection.execute(sql, params).fetchone()


def games_of(env, owner):
    """(visible, hidden) games of the account."""
    return query(
        env,
        "SELECT count(*) FILTER (WHERE importing_id IS NULL),"
        " count(*) FILTER (WHERE importing_id IS NOT NULL) FROM games_game WHERE owner_id = %s",
        owner,
    )


def job_state(env, job):
    return query(env, "SELECT state, message FROM jobs_job WHERE id = %s", job)


def test_an_import_killed_in_the_middle_leaves_nothing_and_runs_again_whole(database, tmp_path):
    path = tmp_path / "backup.json"
    path.write_text(json.dumps([quiet_game(index) for index in range(GAMES)]))
    job, owner = queue_import(database, path)
    worker = Worker(database).start()
    try:
        wait_for(lambda: games_of(database, owner)[1] > 0)  # some batches written, not all
    finally:
        worker.kill()

    visible, hidden = games_of(database, owner)
    assert visible == 0 and 0 < hidden < GAMES, (visible, hidden)
    assert job_state(database, job)[0] == "running"  # as the killed worker left it

    restarted = Worker(database).start()  # it gives up the dead worker's job at its start
    try:
        wait_for(lambda: games_of(database, owner) == (0, 0))
        assert job_state(database, job)[0] == "failed"
        assert "nothing was saved" in job_state(database, job)[1]

        again, _owner = queue_import(database, path)
        wait_for(lambda: job_state(database, again)[0] in ("done", "failed"), timeout=300)
        assert job_state(database, again) == ("done", f"{GAMES} games imported.")
        assert games_of(database, owner) == (GAMES, 0)

        third, _owner = queue_import(database, path)
        wait_for(lambda: job_state(database, third)[0] in ("done", "failed"), timeout=300)
        assert "all already in your history" in job_state(database, third)[1]
        assert games_of(database, owner) == (GAMES, 0)
    finally:
        restarted.stop()
