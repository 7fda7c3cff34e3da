"""`manage.py resettle`: after a change of the rules, each game's finished_at and places are
decided again."""

from io import StringIO

import pytest
from django.core.management import call_command

from games import rules
from games.models import Game
from games.reports import table

pytestmark = pytest.mark.django_db


def resettle():
    out = StringIO()
    call_command("resettle", stdout=out)
    return out.getvalue().strip()


def test_a_rule_change_ends_or_reopens_games_once_resettled(make_game, monkeypatch):
    at_35 = make_game(rounds=[(20, 0, 5), (15, 3, 0)])  # Ana at 35: on, under the end at 40
    at_45 = make_game(rounds=[(25, 0, 5), (20, 3, 0)])  # Ana at 45: over
    untouched = make_game(rounds=[(1, 0, 2)])
    assert (at_35.finished_at, untouched.finished_at) == (None, None)
    assert at_45.finished_at is not None
    monkeypatch.setattr(rules.for_kind("lama"), "end_score", 50)  # a new rule: the end at 50

    assert resettle() == f"0 finished, 1 no longer finished, {UNMOVED}."
    monkeypatch.setattr(rules.for_kind("lama"), "end_score", 30)
    assert resettle() == f"2 finished, 0 no longer finished, {UNMOVED}."

    finished = dict(Game.objects.values_list("pk", "finished_at"))
    assert finished[at_35.pk] == at_35.rounds.get(number=2).created_at
    assert finished[at_45.pk] == at_45.rounds.get(number=2).created_at
    assert finished[untouched.pk] is None
    assert Game.objects.get(pk=at_35.pk).places == [3, 1, 2]  # Ana 35, Ben 3, Cleo 5


UNMOVED = "0 finished at another time, 0 placed otherwise"


def test_a_rule_change_that_ranks_otherwise_moves_the_places(make_game, monkeypatch, alice):
    game = make_game(rounds=[(25, 0, 5), (20, 3, 0)])  # Ana 45, Ben 3, Cleo 5: Ben wins
    assert Game.objects.get(pk=game.pk).places == [3, 1, 2]
    ana, ben = (seat.player.pk for seat in game.seats[:2])
    assert table.tables(alice).of("lama").row(ben).wins == 1  # kept under the table's key
    monkeypatch.setattr(rules.for_kind("lama"), "highest_wins", True)  # a new rule

    moved = "0 finished, 0 no longer finished, 0 finished at another time, 1 placed otherwise."
    assert resettle() == moved

    assert Game.objects.get(pk=game.pk).places == [1, 3, 2]
    found = table.tables(alice).of("lama")
    assert (found.row(ana).wins, found.row(ben).wins) == (1, 0)


def test_nothing_to_change_says_so(make_game):
    make_game(rounds=[(25, 0, 5), (20, 3, 0)])
    assert resettle() == f"0 finished, 0 no longer finished, {UNMOVED}."
