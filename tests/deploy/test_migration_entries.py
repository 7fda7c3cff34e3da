"""Migration 0014 of games: entries imported or saved before were stored as typed; each is
now stored as the rules count it (a chip given back by a player with none is 0)."""

import pytest

from tests.helpers.migrations import apps_before, migrate, old_game

pytestmark = pytest.mark.engine

BEFORE = [("games", "0013_nights")]
AFTER = [("games", "0014_entries_stored_as_counted")]


@pytest.fixture
def old_apps(transactional_db):
    yield from apps_before(BEFORE)


def test_entries_are_stored_as_the_rules_count_them(old_apps):
    alice = old_apps.get_model("auth", "User").objects.create(username="alice")
    returned = old_game(old_apps, alice, [(-10, 4), (3, -1), (-1, 2)])  # Ana 0, then 3: gives 1
    lato = old_game(old_apps, alice, [(5, -10)], kind="lato")
    refused = old_game(old_apps, alice, [(-1, -1)])  # two emptied hands: the rules refuse it

    Entry = migrate(AFTER).get_model("games", "Entry")

    def entries(game):
        rows = Entry.objects.filter(round__game=game).order_by("round__number", "seat__position")
        return list(rows.values_list("value", flat=True))

    assert entries(returned) == [0, 4, 3, -1, -1, 2]
    assert entries(lato) == [5, 0]
    assert entries(refused) == [-1, -1]  # left as it was
