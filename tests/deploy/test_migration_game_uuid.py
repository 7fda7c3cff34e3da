"""Migration 0004: games of before get the identity their old exports imply."""

from datetime import UTC, datetime

import pytest

from games.archive.identity import legacy_uuid
from tests.helpers.migrations import apps_before, migrate

pytestmark = pytest.mark.engine

BEFORE = [("games", "0003_table_share_link")]
AFTER = [("games", "0004_leftovers_game_uuid")]
STARTED = datetime(2025, 3, 1, 20, 15, 3, 123456, tzinfo=UTC)


@pytest.fixture
def old_apps(transactional_db):
    yield from apps_before(BEFORE)


def old_game(apps, owner, names, started=STARTED):
    Player, Game, Seat = (apps.get_model("games", name) for name in ("Player", "Game", "Seat"))
    game = Game.objects.create(owner=owner)
    Game.objects.filter(pk=game.pk).update(created_at=started)
    for position, name in enumerate(names):
        player, _ = Player.objects.get_or_create(owner=owner, name=name)
        Seat.objects.create(game=game, player=player, position=position)
    return game.pk


def test_games_of_before_get_the_identity_of_their_old_exports(old_apps):
    User = old_apps.get_model("auth", "User")
    alice, bob = User.objects.create(username="alice"), User.objects.create(username="bob")
    first = old_game(old_apps, alice, ["Ana", "Ben"])
    twin = old_game(old_apps, alice, ["Ana", "Ben"])  # the same backup imported twice
    copy = old_game(old_apps, bob, ["Ana", "Ben"])

    Game = migrate(AFTER).get_model("games", "Game")

    uuids = dict(Game.objects.values_list("pk", "uuid"))
    assert uuids[first] == uuids[copy] == legacy_uuid(STARTED, ["Ana", "Ben"])
    assert uuids[twin] not in (uuids[first], None)
