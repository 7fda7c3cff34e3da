"""SQLite as the app configures it: WAL journal, and transactions that take the write lock
at once, so two phones saving together queue instead of failing. The test database lives in
memory, where neither shows: this runs the settings against a file, in a subprocess."""

import subprocess

from tests.helpers.live import PYTHON, ROOT, production_env

PROBE = """
import sqlite3
import django
django.setup()
from django.db import connection, transaction

print(connection.cursor().execute("PRAGMA journal_mode").fetchone()[0])
with transaction.atomic():
    connection.cursor().execute("SELECT 1")
    other = sqlite3.connect(connection.settings_dict["NAME"], timeout=0)
    try:
        other.execute("BEGIN IMMEDIATE")
        print("the write lock was free")
    except sqlite3.OperationalError as error:
        print(error)
"""


def test_a_file_database_runs_in_wal_mode_with_immediate_transactions(tmp_path):
    env = production_env(tmp_path / "static", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    probe = subprocess.run([PYTHON, "-c", PROBE], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=60, check=True)  # fmt: skip
    assert probe.stdout.splitlines() == ["wal", "database is locked"]
