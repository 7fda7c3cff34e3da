from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Game
from games.rules import Round

pytestmark = pytest.mark.engine

FINISHING = [(31, 10, 5), (20, 3, 0)]  # Ana reaches 51


def test_finished_pks_asks_the_rules(make_game):
    finished = make_game(rounds=FINISHING)
    playing = make_game(rounds=[(5, 0, 3)])
    fresh = make_game()

    assert Game.objects.finished_pks() == {finished.pk}
    assert list(Game.objects.finished()) == [finished]
    assert set(Game.objects.in_progress()) == {playing, fresh}


def test_a_return_clamped_at_zero_can_finish_a_game(make_game):
    # Ben types -1 with no chips: the rules keep him at 0, so a plain SQL sum would be off.
    game = make_game(names=("Ana", "Ben"), rounds=[(31, -1), (9, 0)])

    assert game.state.finished
    assert Game.objects.finished_pks() == {game.pk}


def test_finished_pks_folds_each_game_once_per_revision(make_game):
    games = [make_game(rounds=FINISHING) for _ in range(3)]

    with CaptureQueriesContext(connection) as first:
        Game.objects.finished_pks()
    with CaptureQueriesContext(connection) as again:
        assert Game.objects.finished_pks() == {game.pk for game in games}

    assert len(first) == 2  # the revisions, then the rounds of every game, in one query
    assert len(again) == 1  # the revisions: the folds are kept under them


def test_a_game_written_since_is_folded_again(make_game):
    game = make_game(rounds=[(31, 10, 5)])
    assert Game.objects.finished_pks() == set()

    services.add_round(game, Round((20, 3, 0)), 2)

    assert Game.objects.finished_pks() == {game.pk}


def test_with_sheet_folds_every_game_without_a_query_per_game(make_game):
    for _ in range(4):
        make_game(rounds=FINISHING)

    with CaptureQueriesContext(connection) as queries:
        games = list(Game.objects.with_sheet())
        states = [game.state for game in games]
        names = [game.names for game in games]

    assert len(queries) == 4  # games, seats with their players, rounds, entries
    assert all(state.finished for state in states)
    assert names[0] == ["Ana", "Ben", "Cleo"]


def test_prefetched_rounds_are_folded_in_order(make_game):
    made = make_game(rounds=[(5, 0, 3), (31, -1, 4), (9, 2, 0)])

    game = Game.objects.with_sheet().get(pk=made.pk)

    assert [r.number for r in game.stored_rounds] == [1, 2, 3]
    assert game.state == made.state


def test_duration_runs_from_creation_to_the_last_round(make_game):
    game = make_game(rounds=FINISHING)
    start = datetime(2026, 1, 10, 20, 0, tzinfo=UTC)
    Game.objects.filter(pk=game.pk).update(created_at=start)
    game.rounds.filter(number=1).update(created_at=start + timedelta(minutes=5))
    game.rounds.filter(number=2).update(created_at=start + timedelta(minutes=25, seconds=20))

    assert Game.objects.get(pk=game.pk).duration_minutes == 25
    assert make_game().duration_minutes is None
