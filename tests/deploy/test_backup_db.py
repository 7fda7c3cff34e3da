"""`manage.py backup_db` copies the database while the app runs, on either engine."""

import contextlib
import sqlite3
import subprocess
import threading
import uuid

import pytest

from tests.helpers.live import PYTHON, ROOT, Phone, round_post

pytestmark = pytest.mark.engine


def backup(env, target):
    return subprocess.run([PYTHON, "manage.py", "backup_db", str(target)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def test_it_copies_the_database_while_rounds_are_being_saved(live_app, tmp_path):
    phone = Phone(live_app).sign_up(f"backup-{uuid.uuid4().hex[:8]}")
    game = phone.start_game("Ana", "Ben")
    saving = threading.Thread(
        target=lambda: [round_post(phone, game, n, [1, 1])() for n in range(1, 11)]
    )
    saving.start()
    sqlite = live_app.env["DATABASE_URL"].startswith("sqlite")
    target = tmp_path / ("copy.sqlite3" if sqlite else "copy.dump")
    copied = backup(live_app.env, target)
    saving.join()
    assert copied.returncode == 0, copied.stderr
    assert copied.stdout.strip() == str(target)
    if sqlite:
        with contextlib.closing(sqlite3.connect(target)) as copy:
            assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            assert copy.execute("SELECT count(*) FROM games_game WHERE id = ?", [game]).fetchone()
    else:
        listed = subprocess.run(["pg_restore", "--list", str(target)], capture_output=True,
                                text=True, check=True)  # fmt: skip
        assert "TABLE DATA public games_round" in listed.stdout
    assert list(tmp_path.iterdir()) == [target]  # nothing half-written left behind


def test_it_never_overwrites_a_backup(live_app, tmp_path):
    target = tmp_path / "copy"
    target.write_text("an older backup")
    refused = backup(live_app.env, target)
    assert refused.returncode != 0
    assert "exists already" in refused.stderr
    assert target.read_text() == "an older backup"
