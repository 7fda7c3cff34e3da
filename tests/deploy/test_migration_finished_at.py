"""Migration 0009: the games of before are settled by replaying them with the rules."""

from datetime import UTC, datetime, timedelta

import pytest

from tests.helpers import migrations
from tests.helpers.migrations import apps_before, migrate

pytestmark = pytest.mark.engine

BEFORE = [("games", "0008_game_note_place")]
AFTER = [("games", "0009_game_finished_at")]
SAVED = datetime(2025, 3, 1, 20, 15, tzinfo=UTC)


@pytest.fixture
def old_apps(transactional_db):
    yield from apps_before(BEFORE)


def old_game(apps, owner, rounds, kind="lama"):
    return migrations.old_game(apps, owner, rounds, kind, saved=SAVED)


def test_games_of_before_are_finished_as_the_rules_fold_them(old_apps):
    alice = old_apps.get_model("auth", "User").objects.create(username="alice")
    over = old_game(old_apps, alice, [(31, 0, 12), (20, 3, -10)])  # Ana reaches 51
    playing = old_game(old_apps, alice, [(31, 0, 12)])
    fresh = old_game(old_apps, alice, [])
    four = old_game(old_apps, alice, [(1, 0, 3)] * 4, kind="llama_llama")  # ends after 4
    refused = old_game(old_apps, alice, [(31, 0, 12), (20, 3, 0), (1, 0, 2)])  # after the end

    Game = migrate(AFTER).get_model("games", "Game")

    finished_at = dict(Game.objects.values_list("pk", "finished_at"))
    assert finished_at[over] == SAVED + timedelta(minutes=2)
    assert finished_at[four] == SAVED + timedelta(minutes=4)
    assert finished_at[playing] is finished_at[fresh] is finished_at[refused] is None
