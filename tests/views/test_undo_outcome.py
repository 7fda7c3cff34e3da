"""An undo says what became of it (saves.Outcome), as a save and an edit do."""

import uuid

from games.models import UndoneKey
from games.rules import Round
from games.services.rounds import add_round, bound_round
from games.services.saves import CHANGED, SAVED, UNDONE, undo_round


def test_an_undo_is_saved_once_then_answered_undone(make_game):
    game = make_game(rounds=[(31, 0, 12)])
    key = uuid.uuid4()
    add_round(game, Round((20, 3, 0)), 2, key=key)
    round_id, version = bound_round(type(game).objects.get(pk=game.pk), 2)

    first = undo_round(game, 2, round_id, version)
    again = undo_round(game, 2, round_id, version)

    assert (first.result, first.number) == (SAVED, 2)
    assert (again.result, again.number) == (UNDONE, 2)
    assert UndoneKey.objects.filter(key=key, number=2).exists()
    assert list(game.rounds.values_list("number", flat=True)) == [1]


def test_an_undo_of_a_round_no_longer_the_last_changes_nothing(make_game):
    game = make_game(rounds=[(31, 0, 12), (5, 0, 3)])

    outcome = undo_round(game, 1)

    assert outcome.result == CHANGED
    assert game.rounds.count() == 2
