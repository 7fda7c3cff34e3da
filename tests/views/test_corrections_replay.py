"""Corrections, from two phones, never lose what was typed: any sequence of rounds added,
edited, undone and edited back leaves every entry as typed and every total as the rules' fold
of the rounds as typed; an edit taken back gives back every total exactly (issue 30)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game
from games.rules import Round
from games.rules.lama import RULES as LAMA
from games.services.rounds import StaleSheet, bound_round, undo_last_round
from games.services.saves import CHANGED, SAVED, Submission, correct_round, save_round

pytestmark = pytest.mark.django_db

PLAYERS = 3


def typed_round(data, totals):
    """A round as a scorer could type it on `totals`: one player emptied their hand and gives
    back a chip they hold (or none), the others take a penalty."""
    emptier = data.draw(st.integers(0, PLAYERS - 1))
    chip = data.draw(st.sampled_from([0, -1, -10]))
    chip = max(chip, LAMA.best_return(totals[emptier]))  # the chip typed is one held then
    entries = [data.draw(st.integers(1, 12)) for _seat in range(PLAYERS)]
    entries[emptier] = chip
    return Round(tuple(entries))


class Phone:
    """A phone holding the sheet as it read it last: it saves against that read."""

    def __init__(self, pk):
        self.pk = pk
        self.read()

    def read(self):
        self.game = Game.objects.get(pk=self.pk)
        self.bound = {n: bound_round(self.game, n) for n in range(1, self.game.next_round)}

    # Each answer shows this phone the sheet as it now stands (read again).

    def add(self, round_):
        sub = Submission(number=self.game.next_round, round=round_)
        result = save_round(self.game, sub, None).result
        self.read()
        return result

    def edit(self, number, round_):
        round_id, version = self.bound[number]
        sub = Submission(number=number, round=round_)
        result = correct_round(self.game, number, sub, None, round_id, version).result
        self.read()
        return result

    def undo(self):
        number = self.game.next_round - 1
        round_id, version = self.bound[number]
        try:
            undo_last_round(self.game, number, round_id, version)
        except StaleSheet:
            return CHANGED
        finally:
            self.read()
        return SAVED


def stored(pk):
    game = Game.objects.get(pk=pk)
    return [r.played.entries for r in game.stored_rounds], game.state.totals


def folded(model):
    return LAMA.fold(PLAYERS, model).totals if model else (0,) * PLAYERS


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_two_phones_correcting_leave_what_was_typed_and_its_fold(make_game, data):
    pk = make_game().pk
    phones, model = [Phone(pk), Phone(pk)], []
    for _step in range(data.draw(st.integers(1, 10))):
        phone = data.draw(st.sampled_from(phones))
        action = data.draw(st.sampled_from(["add", "add", "edit", "undo", "read"]))
        totals_now = folded(model)
        if action == "read":
            phone.read()
        elif action == "add":
            round_ = typed_round(data, phone.game.state.totals)
            if phone.add(round_) == SAVED:
                model.append(round_)
        elif action == "undo" and phone.bound:
            if phone.undo() == SAVED:
                model.pop()
        elif action == "edit" and phone.bound:
            number = data.draw(st.integers(1, len(phone.bound)))
            before = LAMA.fold(PLAYERS, model[: number - 1]).totals if number > 1 else (0,) * 3
            round_ = typed_round(data, before)
            if phone.edit(number, round_) == SAVED:
                was, model[number - 1] = model[number - 1], round_
                assert stored(pk)[1] == folded(model)
                if not LAMA.validate_round(before, was.entries, number - 1):
                    # taken back at once (typed as it was, on the totals of then), from a
                    # phone up to date: every total exactly as before
                    assert Phone(pk).edit(number, was) == SAVED
                    model[number - 1] = was
                    assert stored(pk)[1] == totals_now
        entries, totals = stored(pk)
        assert entries == [r.entries for r in model]  # as typed, none rewritten
        assert totals == folded(model)
