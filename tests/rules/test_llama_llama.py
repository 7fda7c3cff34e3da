"""Llama Llama (games/rules/llama_llama.py): the highest total wins, 4 rounds or 100 points.

Facts from its rulebook, as the project's rule pages state them (templates/rules/en/llama-llama/).
"""

from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games.rules import FINAL_ROUND, SHARED, TOTAL, Round, RoundRefused, llama_llama
from games.rules.llama_llama import (
    Goal,
    ScoringRule,
    Unreadable,
    dummy_beside,
    goal_order,
    hand_score,
    parse_goal,
    parse_hand,
)

RULES = llama_llama.RULES
players_st = st.integers(2, 4)
score_st = st.integers(0, 60)
UP_TO_FOUR = st.integers(0, 4)


@st.composite
def games(draw, rounds=UP_TO_FOUR):
    """A number of players and up to 4 rounds that stop once someone reaches 100."""
    players, count = draw(players_st), draw(rounds)
    played, totals = [], [0] * players
    for _ in range(count):
        if max(totals) >= 100:
            break
        entries = draw(st.lists(score_st, min_size=players, max_size=players))
        played.append(entries)
        totals = [t + e for t, e in zip(totals, entries, strict=True)]
    return players, played


# ---------------------------------------------------------------------------- who may play


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_may_play(players):
    assert RULES.players_violation(players) is None


@pytest.mark.parametrize("players", [1, 5, 6])
def test_one_or_five_players_may_not(players):
    assert RULES.players_violation(players).code == "players"
    with pytest.raises(ValueError):
        RULES.fold(players, [])


# ---------------------------------------------------------------------------- entries


@pytest.mark.parametrize("score", [0, 1, 44, 999])
def test_a_score_is_a_whole_number_from_0_to_999(score):
    assert RULES.validate_round([0, 0], [score, 0]) == []


@pytest.mark.parametrize(
    ("score", "code"),
    [(-1, "negative_score"), (-10, "negative_score"), (1000, "score_too_high"),
     (None, "missing"), (2.5, "not_whole"), ("7", "not_whole")],
)  # fmt: skip
def test_anything_else_is_refused_next_to_its_seat(score, code):
    (violation,) = RULES.validate_round([0, 0, 0], [3, score, 4])
    assert (violation.code, violation.seat) == (code, 1)


def test_there_is_no_chip_and_no_emptied_hand():
    assert not RULES.has_chips and not RULES.has_emptied_hand
    assert RULES.validate_round([0, 0], [0, 0]) == []  # two zeros are fine here
    assert RULES.missing_facts(Round((5, 7))) == []


@given(games(), st.data())
def test_scores_never_lower_a_total(game, data):
    players, rounds = game
    state = RULES.fold(players, rounds)
    assume(not state.finished)
    entries = data.draw(st.lists(st.integers(0, 999), min_size=players, max_size=players))
    after = RULES.apply_round(state.totals, entries, len(rounds))
    assert all(a >= b for a, b in zip(after, state.totals, strict=True))


# ---------------------------------------------------------------------------- the end


def test_the_game_ends_after_round_four():
    state = RULES.fold(2, [(10, 12)] * 4)
    assert state.finished and state.totals == (40, 48)


@given(games(rounds=st.just(4)))
def test_there_is_never_a_fifth_round(game):
    players, rounds = game
    state = RULES.fold(players, rounds)
    assert state.finished
    assert [v.code for v in RULES.validate_round(state.totals, [1] * players, len(rounds))] == [
        "game_over"
    ]
    with pytest.raises(RoundRefused):
        RULES.fold_with(players, rounds, len(rounds) + 1, Round((1,) * players))


def test_the_game_ends_after_the_round_in_which_someone_reaches_100():
    assert not RULES.fold(2, [(60, 10), (39, 10)]).finished
    state = RULES.fold(2, [(60, 10), (40, 10)])
    assert state.finished and len(state.rounds) == 2


@given(games())
def test_it_is_over_exactly_after_4_rounds_or_at_100(game):
    players, rounds = game
    state = RULES.fold(players, rounds)
    assert state.finished == (len(rounds) == 4 or max(state.totals) >= 100)


# ---------------------------------------------------------------------------- the winners


def test_the_highest_total_wins():
    state = RULES.fold(3, [(50, 30, 20), (60, 10, 5)])
    assert state.winners == (0,) and state.decided_by == TOTAL


def test_a_tie_goes_to_the_most_points_in_the_final_round():
    # Ana and Ben both have 104; Ana scored more in the last round.
    state = RULES.fold(2, [(60, 80), (44, 24)])
    assert state.totals == (104, 104)
    assert state.winners == (0,) and state.decided_by == FINAL_ROUND
    assert state.best_total_seats == (0, 1)


def test_a_tie_in_the_final_round_too_is_a_shared_victory():
    state = RULES.fold(3, [(20, 20, 5), (20, 20, 5), (20, 20, 5), (30, 30, 50)])
    assert state.winners == (0, 1) and state.decided_by == SHARED and state.shared_victory


@given(games())
def test_the_winners_have_the_highest_total_and_the_best_final_round_among_them(game):
    players, rounds = game
    state = RULES.fold(players, rounds)
    if not state.finished:
        assert state.winners == () and state.decided_by is None
        return
    best = max(state.totals)
    tied = [seat for seat in range(players) if state.totals[seat] == best]
    final = state.rounds[-1].points
    top = max(final[seat] for seat in tied)
    assert list(state.winners) == [seat for seat in tied if final[seat] == top]
    expected = TOTAL if len(tied) == 1 else (FINAL_ROUND if len(state.winners) == 1 else SHARED)
    assert state.decided_by == expected


@given(games())
def test_the_leaders_have_the_highest_total(game):
    players, rounds = game
    state = RULES.fold(players, rounds)
    if rounds:
        assert {state.totals[seat] for seat in state.leaders} == {max(state.totals)}


# ---------------------------------------------------------------------------- table helpers


def test_the_highest_total_lays_the_first_goal_and_ties_shuffle():
    assert goal_order([30, 50, 30, 10]) == ((1,), (0, 2), (3,))


@given(st.lists(st.integers(0, 200), min_size=2, max_size=4))
def test_the_goal_order_seats_everyone_once_from_highest_to_lowest(totals):
    order = goal_order(totals)
    assert sorted(seat for group in order for seat in group) == list(range(len(totals)))
    group_totals = [{totals[seat] for seat in group} for group in order]
    assert all(len(values) == 1 for values in group_totals)
    flat = [values.pop() for values in group_totals]
    assert flat == sorted(flat, reverse=True) and len(set(flat)) == len(flat)


def test_with_three_players_the_dummy_goes_beside_the_lowest_total():
    assert dummy_beside([30, 10, 20]) == (1,)
    assert dummy_beside([10, 30, 10]) == (0, 2)


@pytest.mark.parametrize("totals", [[10, 20], [10, 20, 30, 40]])
def test_with_two_or_four_players_the_dummy_never_moves(totals):
    assert dummy_beside(totals) == ()


def test_the_helpers_are_given_between_rounds_only():
    assert RULES.fold(3, []).goal_order == ()  # before round 1: goals are dealt at random
    state = RULES.fold(3, [(10, 20, 5)])
    assert state.goal_order == ((1,), (0,), (2,)) and state.dummy_beside == (2,)
    assert RULES.fold(3, [(10, 20, 5)] * 4).goal_order == ()  # the game is over


# ---------------------------------------------------------------------------- the calculator

# The rulebook's example: the 4 goals in the order revealed.
EXAMPLE_GOALS = ["A=1, ABCDEFG=50", "B=2, AACC=15", "B=2, A A C C = 15", "D=4, AG=5, CE=5, BF=5"]


def example_score(hand):
    return hand_score([parse_goal(text) for text in EXAMPLE_GOALS], parse_hand(hand))


def test_the_rulebook_first_player_scores_74():
    assert example_score("ABCDEFG") == llama_llama.HandScore((51, 2, 2, 19), 74)


def test_the_rulebook_second_player_scores_44_not_the_printed_40():
    # The rulebook prints 2, 19, 19, 0 = 40, but its own D = 4 scores the one D.
    assert example_score("A A B B C C D") == llama_llama.HandScore((2, 19, 19, 4), 44)


def test_a_single_letter_scores_once_per_copy():
    assert parse_goal("A=1").score(Counter("AAB")) == 2


def test_a_combination_scores_once_per_complete_separate_set():
    goal = parse_goal("DF=5")
    assert goal.score(Counter("DDFF")) == 10
    assert goal.score(Counter("DFF")) == 5


def test_a_letter_serves_every_rule_it_is_part_of():
    assert parse_goal("AABB=10, AA=7").score(Counter("AABB")) == 17


def test_two_goals_with_the_same_rules_each_score():
    goals = [parse_goal("A=1"), parse_goal("A=1")]
    assert hand_score(goals, Counter("AA")).total == 4


letters = st.text(alphabet="ABCDEFGH", max_size=10)
rules_st = st.builds(
    ScoringRule, st.text(alphabet="ABCDEFGH", min_size=1, max_size=7).map(tuple),
    st.integers(0, 99),
)  # fmt: skip
goals_st = st.lists(st.builds(Goal, st.lists(rules_st, min_size=1, max_size=4).map(tuple)),
                    min_size=1, max_size=4)  # fmt: skip


@given(goals_st, letters, st.sampled_from("ABCDEFGH"))
def test_a_card_more_in_hand_never_lowers_a_score(goals, hand, extra):
    before = hand_score(goals, Counter(hand)).total
    assert hand_score(goals, Counter(hand + extra)).total >= before


@given(goals_st, letters, st.randoms())
def test_the_order_of_the_letters_does_not_matter(goals, hand, rnd):
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert hand_score(goals, parse_hand(hand)) == hand_score(goals, parse_hand("".join(shuffled)))


@given(goals_st)
def test_a_goal_typed_as_shown_reads_back_the_same(goals):
    for goal in goals:
        assert parse_goal(str(goal)) == goal


@pytest.mark.parametrize("text", ["", "  ", ",", "A", "A=", "=5", "A=x", "A1=5", "A=1000"])
def test_a_goal_that_cannot_be_read_is_refused(text):
    with pytest.raises(Unreadable) as refused:
        parse_goal(text)
    assert refused.value.code in {"goal_empty", "goal_rule"}


def test_a_goal_is_read_in_lower_case_and_one_rule_a_line():
    assert parse_goal("a = 1\nab: 3") == parse_goal("A=1, AB=3")


@pytest.mark.parametrize(("text", "chars"), [("AB1", "1"), ("A-B?", "- ?"), ("ÀB", "À")])
def test_a_hand_with_other_signs_than_letters_is_refused(text, chars):
    with pytest.raises(Unreadable) as refused:
        parse_hand(text)
    assert refused.value.code == "hand_letters" and refused.value.params["chars"] == chars


def test_a_hand_larger_than_the_box_is_refused():
    with pytest.raises(Unreadable) as refused:
        parse_hand("A" * 33)
    assert refused.value.code == "hand_too_big"
