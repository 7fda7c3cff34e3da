"""Migration 0024: a game stored finished without places (or places without an end) gets both,
or neither, as the rules now decide, before 0025's constraint holds them together."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import IntegrityError, transaction

from tests.helpers import migrations
from tests.helpers.migrations import apps_before, migrate

pytestmark = pytest.mark.engine

BEFORE = [("games", "0023_created_at_defaults")]
AFTER = [("games", "0025_game_finished_with_places")]
SAVED = datetime(2025, 3, 1, 20, 15, tzinfo=UTC)


@pytest.fixture
def old_apps(transactional_db):
    yield from apps_before(BEFORE)


def old_game(apps, owner, rounds, **stored):
    pk = migrations.old_game(apps, owner, rounds, saved=SAVED)
    apps.get_model("games", "Game").objects.filter(pk=pk).update(**stored)
    return pk


def test_half_settled_games_are_settled_by_the_rules_or_not_at_all(old_apps):
    alice = old_apps.get_model("auth", "User").objects.create(username="alice")
    ended = SAVED + timedelta(minutes=2)  # its last round's time
    over = old_game(old_apps, alice, [(31, 0, 12), (20, 3, -10)], finished_at=SAVED)
    refused = old_game(old_apps, alice, [(31, 0, 12), (20, 3, 0), (1, 0, 2)], finished_at=SAVED)
    going_on = old_game(old_apps, alice, [(31, 0, 12)], finished_at=SAVED)
    unended = old_game(old_apps, alice, [(31, 0, 12), (20, 3, -10)], places=[3, 2, 1])
    stray = old_game(old_apps, alice, [(31, 0, 12)], places=[1, 2, 3])
    whole = old_game(old_apps, alice, [(31, 0, 12), (20, 3, -10)], finished_at=ended,
                     places=[3, 2, 1])  # fmt: skip

    Game = migrate(AFTER).get_model("games", "Game")

    settled = {pk: (end, places) for pk, end, places in
               Game.objects.values_list("pk", "finished_at", "places")}  # fmt: skip
    assert settled[over] == settled[unended] == settled[whole] == (ended, [3, 2, 1])
    assert settled[refused] == settled[going_on] == settled[stray] == (None, None)
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=over).update(places=None)
