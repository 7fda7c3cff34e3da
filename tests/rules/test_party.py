"""The L.A.M.A. Party Edition (games/rules/party.py): L.L.A.M.A. with a pink llama and a pink chip.

Facts from the publisher's rules, as docs/rules-party.md states them and cites them: a hand
costs each number once, all llamas together 10 and the pink llama 20 on its own (at most 51);
chips are white 1, black 10 and pink 20; the player who empties their hand gives back the
best chip their points allow; the end at 40, the lowest total wins, ties share. The examples
are the rule summaries': the pink llama with two llamas, a pink chip given back at 23, a black
one at 15.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import EMPTIED, Round, RoundRefused, lama, party

PARTY, LAMA = party.RULES, lama.RULES
LLAMA, PINK = lama.LLAMA, party.PINK_LLAMA

hands = st.lists(st.sampled_from((*lama.CARD_VALUES, LLAMA)), max_size=14).flatmap(
    lambda cards: st.sampled_from([cards, [*cards, PINK]])
)


def model_penalty(cards):
    """The rules, written again on their own: numbers once, llamas 10 together, pink 20."""
    numbers = {card for card in cards if card not in (LLAMA, PINK)}
    return sum(numbers) + (10 if LLAMA in cards else 0) + (20 if PINK in cards else 0)


def model_best_chip(total):
    """The biggest of the chips 20, 10, 1 that a total holds, given back; none without points."""
    return -max((chip for chip in (20, 10, 1) if chip <= total), default=0)


# ---------------------------------------------------------------- the rule summaries' examples


def test_the_pink_llama_and_two_llamas_cost_thirty():
    assert PARTY.hand_penalty([PINK, LLAMA, LLAMA]) == 30  # 20 beside the llamas' 10


def test_a_pink_chip_given_back_at_twenty_three_leaves_three():
    assert PARTY.best_return(23) == -20
    assert PARTY.fold(2, [(23, 5), (EMPTIED, 4)]).totals == (3, 9)


def test_at_fifteen_points_the_best_chip_is_a_black_one():
    assert PARTY.best_return(15) == -10
    assert PARTY.fold(2, [(15, 5), (EMPTIED, 4)]).totals == (5, 9)


# ---------------------------------------------------------------- hands


def test_the_costliest_hand_is_fifty_one():
    assert PARTY.hand_penalty([*lama.CARD_VALUES, LLAMA, LLAMA, PINK]) == 51
    assert PARTY.max_entry == 51 == party.MAX_PENALTY
    assert PARTY.penalty_formula() == "1+2+3+4+5+6+10+20"


def test_there_is_one_pink_llama_and_lama_has_none():
    with pytest.raises(ValueError):
        PARTY.hand_penalty([PINK, PINK])
    with pytest.raises(ValueError):
        LAMA.hand_penalty([PINK])


@given(hands)
def test_a_hand_costs_numbers_once_llamas_ten_and_the_pink_llama_twenty(cards):
    assert PARTY.hand_penalty(cards) == model_penalty(cards)


@given(hands)
def test_without_the_pink_llama_a_hand_costs_what_it_costs_in_lama(cards):
    plain = [card for card in cards if card != PINK]
    assert PARTY.hand_penalty(plain) == LAMA.hand_penalty(plain)
    assert PARTY.hand_penalty(cards) - LAMA.hand_penalty(plain) == 20 * (PINK in cards)


@given(st.integers(52, 10_000))
def test_a_penalty_above_fifty_one_is_refused_naming_it(value):
    (violation,) = PARTY.validate_round([0, 0], [value, 3])
    assert (violation.code, violation.seat, violation.params["max"]) == ("too_high", 0, 51)


def test_a_hand_lama_refuses_is_a_party_hand():
    assert LAMA.validate_round([0, 0], [51, 0]) != []
    assert PARTY.validate_round([0, 0], [51, 0]) == []


# ---------------------------------------------------------------- chips


@given(st.integers(0, 200))
def test_a_total_is_paid_in_pink_black_and_white_chips_biggest_first(total):
    pink, black, white = PARTY.chips(total)
    assert 20 * pink + 10 * black + white == total
    assert black <= 1 and white <= 9  # two blacks are changed for a pink, ten whites for a black


@given(st.integers(0, 39))
def test_the_best_chip_is_the_biggest_the_points_allow(total):
    assert PARTY.best_return(total) == model_best_chip(total)
    assert PARTY.fold(2, [(total, 1), (EMPTIED, 2)]).totals[0] == total + model_best_chip(total)


@given(st.integers(1, 19))
def test_a_pink_chip_is_refused_below_twenty_naming_the_chip_and_the_best_one(total):
    (violation,) = PARTY.validate_round([total, 0], [-20, 5])
    assert violation.code == "return_too_big" and violation.seat == 0
    assert violation.params["chip"] == "pink" and violation.params["best"] == model_best_chip(total)


@given(st.integers(20, 39))
def test_from_twenty_points_any_chip_may_be_given_back(total):
    for chip in (-20, -10, -1):
        assert PARTY.validate_round([total, 0], [chip, 5]) == []


@given(st.integers(-100, -1).filter(lambda v: v not in (-1, -10, -20)))
def test_below_zero_only_a_chip(value):
    (violation,) = PARTY.validate_round([30, 0], [value, 5])
    assert violation.code == "bad_negative"
    assert (violation.params["white"], violation.params["black"], violation.params["pink"]) == (
        -1,
        -10,
        -20,
    )


def test_a_stored_pink_chip_counts_the_best_chip_held_after_a_correction():
    rounds = [(23, 3), (-20, 4)]
    corrected = PARTY.fold_with(2, rounds, 1, Round((15, 3)))
    assert corrected.rounds[1].entries == (-20, 4)  # as typed
    assert corrected.rounds[1].points == (-10, 4)  # the black chip she then holds
    assert PARTY.fold_with(2, rounds, 1, Round((23, 3))).totals == (3, 7)  # taken back


def test_a_pink_chip_typed_in_the_round_being_typed_is_checked_against_the_totals():
    with pytest.raises(RoundRefused) as refused:
        PARTY.fold_with(2, [(15, 3)], 2, Round((-20, 4)))
    (violation,) = refused.value.violations
    assert (violation.code, violation.round, violation.params["best"]) == ("return_too_big", 2, -10)


# ---------------------------------------------------------------- the end


def test_the_game_ends_in_the_round_someone_reaches_forty_and_the_lowest_total_wins():
    state = PARTY.fold(3, [(20, 5, 12), (EMPTIED, 31, 8)])
    assert not state.finished and state.totals == (0, 36, 20) and not state.winners
    state = PARTY.fold(3, [(20, 5, 12), (EMPTIED, 36, 8)])
    assert state.finished and state.winners == (0,) and state.kind == "party"


def test_equal_lowest_totals_share_the_victory():
    state = PARTY.fold(3, [(51, 5, 5)])
    assert state.winners == (1, 2) and state.decided_by == "shared"


@given(st.lists(st.integers(1, 51), min_size=3, max_size=3), st.integers(0, 2))
def test_a_round_with_an_emptied_hand_is_played_as_in_lama_but_for_the_pink_chip(hand, seat):
    totals = [25, 12, 3]
    entries = [*hand]
    entries[seat] = EMPTIED
    state = PARTY.fold(3, [tuple(totals), tuple(entries)])
    gained = state.rounds[1].points
    assert gained[seat] == model_best_chip(totals[seat])
    assert state.rounds[1].emptier == seat and state.next_starter in (None, seat)
