"""`manage.py backup_db [PATH]`: a consistent copy of the database, safe while the app runs.

SQLite: `VACUUM INTO` writes a compact copy as of one moment, while the app goes on reading
and writing (WAL); the copy is checked, then renamed into place, so PATH is never half
written. PostgreSQL: pg_dump's custom format (restore with pg_restore).
"""

import os
import subprocess
import tempfile
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection


class Command(BaseCommand):
    help = "Copy the database to PATH (default: backups/scorekeeper-<date>), safely while it runs."

    def add_arguments(self, parser):
        parser.add_argument("path", nargs="?", help="where to write the copy")

    def handle(self, *args, path=None, **options):
        suffix = ".sqlite3" if connection.vendor == "sqlite" else ".dump"
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = Path(path or settings.BASE_DIR / "backups" / f"scorekeeper-{stamp}{suffix}")
        if target.exists():
            raise CommandError(f"{target} exists already: choose another path.")
        target.parent.mkdir(parents=True, exist_ok=True)
        if connection.vendor == "sqlite":
            self.copy_sqlite(target)
        elif connection.vendor == "postgresql":
            self.dump_postgresql(target)
        else:
            raise CommandError(f"No backup for {connection.vendor}: use the database's own tools.")
        self.stdout.write(str(target))

    def copy_sqlite(self, target):
        partial = Path(tempfile.mkdtemp(dir=target.parent)) / target.name
        try:
            with connection.cursor() as cursor:
                cursor.execute("VACUUM INTO %s", [str(partial)])
            with connection.cursor() as cursor:
                cursor.execute("ATTACH DATABASE %s AS copy", [str(partial)])
                try:
                    checked = cursor.execute("PRAGMA copy.integrity_check").fetchone()[0]
                finally:
                    cursor.execute("DETACH DATABASE copy")
            if checked != "ok":
                raise CommandError(f"The copy failed its integrity check: {checked}")
            partial.rename(target)
        finally:
            partial.unlink(missing_ok=True)
            partial.parent.rmdir()

    def dump_postgresql(self, target):
        db = connection.settings_dict
        env = os.environ | {"PGPASSWORD": str(db.get("PASSWORD") or "")}
        command = ["pg_dump", "--format=custom", "--file", str(target), "--dbname", db["NAME"]]
        for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
            if db.get(key):
                command += [flag, str(db[key])]
        try:
            subprocess.run(command, env=env, check=True, capture_output=True, text=True)
        except FileNotFoundError as missing:
            raise CommandError("pg_dump is missing: apt-get install postgresql-client") from missing
        except subprocess.CalledProcessError as failed:
            target.unlink(missing_ok=True)
            raise CommandError(f"pg_dump failed: {failed.stderr.strip()}") from failed
