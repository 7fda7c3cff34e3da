"""Migration 0020: the endless nights of before (games within the gap of the one before,
chained: an imported history made a night of months) are cut into evenings; empty nights go."""

from datetime import UTC, datetime, timedelta

import pytest

from tests.helpers import migrations
from tests.helpers.migrations import apps_before, migrate

pytestmark = pytest.mark.engine

BEFORE = [("games", "0019_game_venue")]
AFTER = [("games", "0020_nights_within_span")]
EVENING = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)


@pytest.fixture
def old_apps(transactional_db):
    yield from apps_before(BEFORE)


def test_a_chained_night_is_cut_into_evenings_and_empty_nights_go(old_apps):
    Game, Night = old_apps.get_model("games", "Game"), old_apps.get_model("games", "Night")
    alice = old_apps.get_model("auth", "User").objects.create(username="alice")
    chained = Night.objects.create(owner=alice, start=EVENING, label="Chez Mamie")
    evening = Night.objects.create(owner=alice, start=EVENING + timedelta(days=9))
    empty = Night.objects.create(owner=alice, start=EVENING + timedelta(days=10))
    games = [migrations.old_game(old_apps, alice, []) for _ in range(6)]
    hours = [0, 5, 10, 15, 20, 25]  # each within 6 h of the one before: one night of 25 h
    for pk, after in zip(games, hours, strict=True):
        Game.objects.filter(pk=pk).update(
            night=chained, created_at=EVENING + timedelta(hours=after)
        )
    kept = migrations.old_game(old_apps, alice, [])
    Game.objects.filter(pk=kept).update(night=evening, created_at=evening.start)

    apps = migrate(AFTER)

    Game, Night = apps.get_model("games", "Game"), apps.get_model("games", "Night")
    nights = [Game.objects.get(pk=pk).night for pk in games]
    assert [night.pk for night in nights[:4]] == [chained.pk] * 4  # 15 h: within the span
    assert nights[4].pk == nights[5].pk != chained.pk
    assert nights[4].start == EVENING + timedelta(hours=20) and nights[4].label == ""
    assert Night.objects.get(pk=chained.pk).label == "Chez Mamie"
    assert Game.objects.get(pk=kept).night_id == evening.pk
    assert not Night.objects.filter(pk=empty.pk).exists()
