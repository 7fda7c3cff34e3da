import uuid
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import rules
from games.models import Game, ScorerLink, Seat
from games.reads import read_played, read_rounds
from games.rules import Round
from games.services.rounds import add_round

pytestmark = pytest.mark.engine

FINISHING = [(31, 10, 5), (20, 3, 0)]  # Ana reaches 51


def test_finished_and_in_progress_are_what_the_rules_decided(make_game):
    finished = make_game(rounds=FINISHING)
    playing = make_game(rounds=[(5, 0, 3)])
    fresh = make_game()

    assert list(Game.objects.finished()) == [finished]
    assert set(Game.objects.in_progress()) == {playing, fresh}
    assert finished.finished_at == finished.stored_rounds[-1].created_at
    assert playing.finished_at is None is fresh.finished_at


def test_a_return_clamped_at_zero_can_finish_a_game(make_game):
    # Ben types -1 with no chips: the rules keep him at 0, so a plain SQL sum would be off.
    game = make_game(names=("Ana", "Ben"), rounds=[(31, -1), (9, 0)])

    assert game.state.finished
    assert list(Game.objects.finished()) == [game]


def test_the_status_querysets_are_one_query_and_fold_nothing(make_game, monkeypatch):
    games = [make_game(rounds=FINISHING) for _ in range(3)]
    monkeypatch.setattr(rules.Ruleset, "fold", None)  # a fold would fail

    with CaptureQueriesContext(connection) as queries:
        assert set(Game.objects.finished()) == set(games)
        assert list(Game.objects.in_progress()) == []

    assert len(queries) == 2


def test_a_game_written_since_is_finished_at_once(make_game):
    game = make_game(rounds=[(31, 10, 5)])
    assert not Game.objects.finished().exists()

    add_round(game, Round((20, 3, 0)), 2)

    assert list(Game.objects.finished()) == [game]


def test_sheets_fold_every_game_without_a_query_per_game(make_game):
    for _ in range(4):
        make_game(rounds=FINISHING)

    with CaptureQueriesContext(connection) as queries:
        games = list(Game.objects.with_rounds())
        states = [game.state for game in games]
        names = [game.names for game in games]

    assert len(queries) == 3  # games, seats with their players, rounds with their entries
    assert all(state.finished for state in states)
    assert names[0] == ["Ana", "Ben", "Cleo"]


def test_sheets_read_in_chunks_cost_the_same_per_chunk(make_game):
    for _ in range(5):
        make_game(rounds=FINISHING)

    with CaptureQueriesContext(connection) as queries:
        states = [game.state for game in Game.objects.with_rounds(chunk_size=2)]

    assert len(states) == 5
    assert len(queries) == 1 + 3 * 2  # one cursor, then seats and rounds of each chunk


def test_the_rounds_are_read_in_order_with_their_times_and_keys(make_game):
    made = make_game(rounds=[(5, 0, 3), (31, -1, 4)])
    key = uuid.uuid4()
    add_round(made, Round((9, 2, 0)), 3, key=key)

    game = next(Game.objects.filter(pk=made.pk).with_rounds())

    assert [r.number for r in game.stored_rounds] == [1, 2, 3]
    assert game.stored_rounds[1].played == Round((31, -1, 4))  # as typed (it counts 0)
    assert game.submission_keys == {key: 3}
    saved = list(made.rounds.order_by("number").values_list("created_at", flat=True))
    assert [r.created_at for r in game.stored_rounds] == saved
    assert game.state == Game.objects.get(pk=made.pk).state


def test_what_the_folds_read_is_what_the_sheet_reads(make_game):
    """read_played, the folds' lighter read, gives the rules what read_rounds gives them: the
    same rounds in order, seats, kind, first starter and version (a game with no round too)."""
    games = [
        make_game(rounds=[(5, 0, 3), (31, -1, 4), (2, 0, 7)], first_starter=2),
        make_game(names=("Zoé", "Léon"), rounds=[(23, 31)], kind="llama_llama"),
        make_game(names=("Ana", "Ben", "Cleo", "Dan")),
    ]
    add_round(games[0], Round((9, 2, 0), last_to_quit=1), 4)
    pks = [game.pk for game in games]

    seats = Seat.objects.filter(game__in=pks)
    played, stored = read_played(seats), read_rounds(seats, ScorerLink.objects)

    assert played.keys() == stored.keys() == set(pks)
    for pk in pks:
        lean, full = played[pk], stored[pk]
        assert lean.as_rules_rounds() == full.as_rules_rounds()
        assert (lean.version, lean.kind, lean.first_starter, lean.player_count) == (
            full.version, full.kind, full.first_starter, full.player_count,
        )  # fmt: skip
    assert played[games[0].pk].played[3] == Round((9, 2, 0), last_to_quit=1)
    assert played[games[2].pk].played == () and played[games[2].pk].player_count == 4


def test_duration_runs_from_creation_to_the_last_round(make_game):
    game = make_game(rounds=FINISHING)
    start = datetime(2026, 1, 10, 20, 0, tzinfo=UTC)
    Game.objects.filter(pk=game.pk).update(created_at=start)
    game.rounds.filter(number=1).update(created_at=start + timedelta(minutes=5))
    game.rounds.filter(number=2).update(created_at=start + timedelta(minutes=25, seconds=20))

    assert Game.objects.get(pk=game.pk).duration_minutes == 25
    assert make_game().duration_minutes is None
