"""The Lato z komarami rule (games/rules/lato.py): L.L.A.M.A. where each card of 10 costs 10.

Facts from the rulebook, as the project's rule page states them
(templates/rules/en/lato-z-komarami.html): 7 mosquitoes (the rules' llama card), each costing
10; a penalty is 1 to 91; two 1s and two mosquitoes cost 21 (two 1s and two llamas 11 in
L.L.A.M.A.); everything else is L.L.A.M.A.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import lama, lato

LATO, LAMA = lato.RULES, lama.RULES
LLAMA = lama.LLAMA

hands = st.lists(st.sampled_from((*lama.CARD_VALUES, LLAMA)), max_size=14).filter(
    lambda cards: cards.count(LLAMA) <= 7
)


def test_two_ones_and_two_llamas_cost_twenty_one():
    assert LATO.hand_penalty([1, 1, LLAMA, LLAMA]) == 21
    assert LAMA.hand_penalty([1, 1, LLAMA, LLAMA]) == 11


def test_the_costliest_hand_is_ninety_one():
    assert LATO.hand_penalty([*lama.CARD_VALUES, *[LLAMA] * 7]) == 91
    assert LATO.max_entry == 91


def test_there_are_only_seven_llamas():
    with pytest.raises(ValueError):
        LATO.hand_penalty([LLAMA] * 8)


def test_the_sum_behind_the_maximum_is_written_from_the_rules():
    assert LATO.penalty_formula() == "1+2+3+4+5+6+7×10"
    assert LAMA.penalty_formula() == "1+2+3+4+5+6+10"


@given(hands)
def test_each_llama_adds_ten_and_each_value_counts_once(cards):
    values = {card for card in cards if card != LLAMA}
    assert LATO.hand_penalty(cards) == sum(values) + 10 * cards.count(LLAMA)


@given(hands)
def test_a_hand_costs_as_much_as_in_lama_but_for_the_second_and_later_llamas(cards):
    extra = 10 * max(cards.count(LLAMA) - 1, 0)
    assert LATO.hand_penalty(cards) == LAMA.hand_penalty(cards) + extra


@pytest.mark.parametrize("value", [92, 100, 999])
def test_a_penalty_above_ninety_one_is_refused(value):
    (violation,) = LATO.validate_round([0, 0], [value, 3])
    assert (violation.code, violation.seat, violation.params["max"]) == ("too_high", 0, 91)


def test_a_penalty_lama_refuses_is_a_possible_lato_hand():
    assert LAMA.validate_round([0, 0], [51, 0]) != []
    assert LATO.validate_round([0, 0], [51, 0]) == []


@given(st.integers(0, 39))
def test_returns_are_those_of_lama(total):
    assert LATO.best_return(total) == LAMA.best_return(total)
    assert LATO.validate_round([total, 0], [-10, 5]) == LAMA.validate_round([total, 0], [-10, 5])


def test_the_game_ends_at_forty_and_the_lowest_total_wins():
    state = LATO.fold(3, [(41, 0, 12)], first_starter=0)
    assert state.finished and state.winners == (1,) and state.kind == "lato"


def test_a_tie_for_lowest_shares_the_victory():
    state = LATO.fold(3, [(51, 5, 5)])
    assert state.winners == (1, 2) and state.decided_by == "shared"
