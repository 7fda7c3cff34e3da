"""A database from before migration 0014 keeps what was typed through every migration since,
and no migration replays a game with today's rules (they would settle an old database by rules
it never knew): here, not in tests/deploy, so that `make check` runs it."""

import re
from pathlib import Path

import pytest

from games.models import Entry, Game
from tests.helpers.migrations import apps_before, migrate_to_latest, old_game

pytestmark = pytest.mark.engine

BEFORE = [("games", "0013_nights")]
MIGRATIONS = Path(__file__).resolve().parents[2] / "games" / "migrations"


@pytest.fixture
def old_apps(transactional_db):
    yield from apps_before(BEFORE)


def test_a_return_typed_before_0014_is_kept_as_typed(old_apps):
    alice = old_apps.get_model("auth", "User").objects.create(username="alice")
    # Ana holds 5 points (white chips) and gives back a black chip: typed -10, counts -1.
    pk = old_game(old_apps, alice, [(5, 0, 3), (-10, 2, 4)])

    migrate_to_latest()

    typed = Entry.objects.filter(round__game=pk, seat__position=0).order_by("round__number")
    assert list(typed.values_list("value", flat=True)) == [5, -10]
    assert Game.objects.get(pk=pk).state.rounds[1].points[0] == -1


def test_no_migration_imports_the_rules_of_today():
    importing = [
        path.name
        for path in sorted(MIGRATIONS.rglob("*.py"))
        if re.search(r"^\s*(from games import rules|from games\.rules|import games\.rules)",
                     path.read_text(), re.MULTILINE)
    ]  # fmt: skip
    assert importing == []
