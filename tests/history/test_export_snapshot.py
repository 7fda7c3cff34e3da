"""An export reads the account in one snapshot: what other phones write while it is written
leaves each game in the file whole, as it stood when the export began."""

import json
import subprocess
import threading
from itertools import islice

import pytest
from django.db import connection

from games.archive import backup, export, export_job
from games.models import Game
from games.rules import Round
from games.services.games import delete_game, start_game
from games.services.rounds import add_round, undo_last_round
from jobs.models import Job
from tests.helpers import seeding
from tests.helpers.live import PYTHON, ROOT, production_env

pytestmark = pytest.mark.engine


def elsewhere(write):
    """Run `write` on another connection (another thread), committed before this goes on."""
    failures = []

    def run():
        try:
            write()
        except Exception as error:  # noqa: BLE001 (handed back to the test)
            failures.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert failures == []


@pytest.fixture
def ten_games(transactional_db, alice, monkeypatch):
    """Ten finished games of alice's, exported 4 at a time: the oldest come in the last chunk."""
    if connection.vendor != "postgresql":
        pytest.skip("the SQLite test database lives in memory: see the test on a file below")
    monkeypatch.setattr(export, "CHUNK", 4)
    games = seeding.finished_games(alice, seeding.tables(10))
    return {game.pk: game_json(game.pk) for game in games}


def game_json(pk):
    return json.loads(json.dumps(backup.game_json(Game.objects.get(pk=pk)), default=str))


def test_a_game_deleted_between_chunks_is_in_the_file_whole(ten_games, alice):
    oldest = min(ten_games)
    parts = export.json_text(alice)
    written = next(parts) + next(parts)  # the document's opening; then the first chunk is read

    elsewhere(lambda: delete_game(Game.objects.get(pk=oldest)))
    written += "".join(parts)

    assert not Game.objects.filter(pk=oldest).exists()
    exported = {game["id"]: game for game in json.loads(written)["games"]}
    assert exported.keys() == ten_games.keys()
    assert exported[oldest] == ten_games[oldest]


def test_a_round_undone_or_a_game_started_during_the_export_waits_for_the_next(
    ten_games, alice, monkeypatch
):
    oldest = Game.objects.get(pk=min(ten_games))
    rows_of_oldest = len(oldest.seats) * len(oldest.stored_rounds)
    monkeypatch.setattr(export, "CSV_ROWS_PER_PART", 1)
    parts = export.csv_text(alice)
    written = "".join(islice(parts, 3))  # the byte-order mark, the header, a row of the first chunk

    elsewhere(lambda: undo_last_round(oldest, len(oldest.stored_rounds)))
    new = []
    elsewhere(lambda: new.append(start_game(alice, ["Ana", "Cleo"], 0, "lama")))
    elsewhere(lambda: add_round(new[0], Round((3, 0)), 1))
    written += "".join(parts)

    rows = [row.split(",") for row in written.splitlines()[1:]]
    assert {int(row[0]) for row in rows} == ten_games.keys()
    assert sum(int(row[0]) == oldest.pk for row in rows) == rows_of_oldest
    assert len(Game.objects.get(pk=oldest.pk).stored_rounds) == len(oldest.stored_rounds) - 1


PROBE = """
import sqlite3
import django
django.setup()
from django.db import connection, transaction
from games.archive import export, export_job

with connection.cursor() as cursor:
    cursor.execute("CREATE TABLE t (n integer)")
    cursor.execute("INSERT INTO t VALUES (1)")
count = "SELECT count(*) FROM t"
with export.snapshot():
    print(connection.cursor().execute(count).fetchone()[0])
    other = sqlite3.connect(connection.settings_dict["NAME"], timeout=0, autocommit=True)
    other.execute("INSERT INTO t VALUES (2)")
    print("a phone saved during the export")
    print(connection.cursor().execute(count).fetchone()[0])
print(connection.cursor().execute(count).fetchone()[0])
with transaction.atomic():
    connection.cursor().execute(count)
    try:
        other.execute("INSERT INTO t VALUES (3)")
    except sqlite3.OperationalError as error:
        print(error)
"""


@pytest.mark.server
def test_on_sqlite_the_export_reads_a_snapshot_and_holds_no_write_lock(tmp_path):
    env = production_env(tmp_path / "static", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    probe = subprocess.run([PYTHON, "-c", PROBE], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=60, check=True)  # fmt: skip

    # 1 row in the snapshot, even after the phone's; 2 after it; and the site's own
    # transactions still take the write lock at once (IMMEDIATE), as before the export
    assert probe.stdout.splitlines() == [
        "1",
        "a phone saved during the export",
        "1",
        "2",
        "database is locked",
    ]


def test_the_jobs_progress_is_seen_while_the_export_reads_its_snapshot(
    ten_games, alice, monkeypatch
):
    job = Job.objects.create(owner=alice, kind=Job.Kind.EXPORT, result_name="x.json")
    seen, parts = [], export.json_parts

    def watched(games):
        for number, part in enumerate(parts(games), start=1):
            if number == 6:  # the first chunk of 4 written, the second being read
                elsewhere(lambda: seen.append(Job.objects.get(pk=job.pk).done))
            yield part

    monkeypatch.setattr(export, "json_parts", watched)
    export_job.write_export.call(job.pk, "json")

    job.refresh_from_db()
    assert seen == [4]
    assert (job.state, job.done, job.total) == (Job.State.DONE, 10, 10)
    assert len(json.loads(b"".join(job.open_file("result")))["games"]) == 10
