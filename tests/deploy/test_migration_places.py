"""Migration 0018: the finished games of before get their places by replaying them with the
rules."""

from datetime import UTC, datetime

import pytest

from tests.helpers import migrations
from tests.helpers.migrations import apps_before, migrate

pytestmark = pytest.mark.engine

BEFORE = [("games", "0017_undone_key")]
AFTER = [("games", "0018_game_places")]
SAVED = datetime(2025, 3, 1, 20, 15, tzinfo=UTC)


@pytest.fixture
def old_apps(transactional_db):
    yield from apps_before(BEFORE)


def old_game(apps, owner, rounds, kind="lama", finished=True):
    pk = migrations.old_game(apps, owner, rounds, kind, saved=SAVED)
    if finished:  # as Game.settle stored it then
        apps.get_model("games", "Game").objects.filter(pk=pk).update(finished_at=SAVED)
    return pk


def test_finished_games_of_before_are_placed_as_the_rules_rank_them(old_apps):
    alice = old_apps.get_model("auth", "User").objects.create(username="alice")
    over = old_game(old_apps, alice, [(31, 0, 12), (20, 3, -10)])  # Cleo 2, Ben 3, Ana 51
    tied = old_game(old_apps, alice, [(1, 0, 3)] * 4, kind="llama_llama")  # Ben 0: highest wins
    playing = old_game(old_apps, alice, [(31, 0, 12)], finished=False)
    refused = old_game(old_apps, alice, [(31, 0, 12), (20, 3, 0), (1, 0, 2)])  # after the end

    Game = migrate(AFTER).get_model("games", "Game")

    places = dict(Game.objects.values_list("pk", "places"))
    assert places[over] == [3, 2, 1]
    assert places[tied] == [2, 3, 1]
    assert places[playing] is places[refused] is None
