"""The worker outlives a database that stayed locked past SQLite's busy timeout."""

import contextlib

import pytest
from django.core.management import call_command
from django.db.utils import OperationalError
from django_tasks_db.management.commands import db_worker

from jobs.management.commands import worker


@pytest.mark.django_db(transaction=True)
def test_a_locked_database_at_the_start_of_a_pick_does_not_end_the_worker(settings, monkeypatch):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    real, tries = db_worker.exclusive_transaction, []

    @contextlib.contextmanager
    def locked_once(using=None):
        tries.append(using)
        if len(tries) == 1:  # as SQLite answers a BEGIN after its busy timeout
            raise OperationalError("database is locked")
        with real(using):
            yield

    monkeypatch.setattr(db_worker, "exclusive_transaction", locked_once)
    monkeypatch.setattr(worker, "LOCKED_PAUSE_SECONDS", 0)

    call_command("worker", batch=True, startup_delay=False, interval=0)

    assert len(tries) == 2  # it tried again, found the queue empty, and ended its batch


@pytest.mark.django_db(transaction=True)
def test_another_database_error_still_ends_the_worker(settings, monkeypatch):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

    @contextlib.contextmanager
    def broken(using=None):
        raise OperationalError("no such table: django_tasks_database_dbtaskresult")
        yield

    monkeypatch.setattr(db_worker, "exclusive_transaction", broken)

    with pytest.raises(OperationalError, match="no such table"):
        call_command("worker", batch=True, startup_delay=False, interval=0)
