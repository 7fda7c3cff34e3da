"""Migration 0026: the kept tables' pickles are dropped, not read; the rows stay with their
recount's queue times, and are counted again as this release's JSON."""

import pickle
from datetime import UTC, datetime

import pytest

from tests.helpers.migrations import apps_before, migrate

pytestmark = pytest.mark.engine

BEFORE = [("games", "0025_game_finished_with_places")]
AFTER = [("games", "0026_kept_table_as_json")]
QUEUED = datetime(2026, 12, 1, 20, 15, tzinfo=UTC)
RAN = []


class Payload:
    def __reduce__(self):
        return exec, ("from tests.deploy.test_migration_kept_table import RAN; RAN.append(1)",)


@pytest.fixture
def old_apps(transactional_db):
    yield from apps_before(BEFORE)


def test_the_pickled_kept_tables_are_dropped_unread(old_apps):
    alice = old_apps.get_model("auth", "User").objects.create(username="alice")
    pickled = pickle.dumps(Payload())
    old_apps.get_model("games", "KeptTable").objects.create(
        owner=alice, key="table:old", tables=pickled, progress=pickled, queued_at=QUEUED
    )

    KeptTable = migrate(AFTER).get_model("games", "KeptTable")

    row = KeptTable.objects.get(owner_id=alice.pk)
    assert (row.format, row.tables, row.progress, row.queued_at) == ("", None, None, QUEUED)
    assert RAN == []
