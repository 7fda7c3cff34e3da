"""Tests for games.rules, the pure-Python scoring rules of L.L.A.M.A.

The source of truth is the rulebook, as the project's rule pages state it
(templates/rules/en/). No database here:
everything is plain values in, plain values out.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games.rules import EMPTIED, Round, RoundRefused, Violation
from games.rules.lama import BLACK_CHIP, CARD_VALUES, END_SCORE, LLAMA, MAX_PENALTY, MIN_ENTRY
from games.rules.lama import RULES as LAMA

# L.L.A.M.A.'s rules, asked of its ruleset as the app asks them.
MIN_PLAYERS, MAX_PLAYERS = LAMA.min_players, LAMA.max_players
apply_round, best_return, chips = LAMA.apply_round, LAMA.best_return, LAMA.chips
emptier, fold, hand_penalty = LAMA.emptier, LAMA.fold, LAMA.hand_penalty
next_starter, points = LAMA.next_starter, LAMA.points
validate_round, value_violation = LAMA.validate_round, LAMA.value_violation

# --------------------------------------------------------------------------- helpers


def codes(violations):
    return [v.code for v in violations]


def only(violations):
    """The single violation in a list, failing clearly if there is not exactly one."""
    assert len(violations) == 1, violations
    return violations[0]


def model_penalty(cards):
    """The rulebook, written independently: each value once, all llamas 10 together."""
    values = {card for card in cards if card != LLAMA}
    return sum(values) + (10 if LLAMA in cards else 0)


def model_add(total, entry):
    """A total after an entry: penalties add up, a returned chip never goes below zero."""
    return total + entry if entry >= 0 else max(0, total + entry)


def allowed_returns(total):
    """What the emptier may type: 0, -1, and -10 from 10 points; with no chip at all, any of
    them (there is nothing to give back, so each counts 0)."""
    return [0, -1, -10] if total >= BLACK_CHIP or total == 0 else [0, -1]


def refusal(players, rounds):
    """The RoundRefused raised by folding `rounds`, the last one being typed now."""
    with pytest.raises(RoundRefused) as info:
        last = rounds[-1] if isinstance(rounds[-1], Round) else Round(tuple(rounds[-1]))
        LAMA.fold_with(players, rounds[:-1], len(rounds), last)
    return info.value


# A game that reaches 40: two players, seat 1 takes 31 then 9.
FINISHED_GAME = [(5, 31), (0, 9)]

# --------------------------------------------------------------------------- strategies

cards_st = st.lists(st.sampled_from((*CARD_VALUES, LLAMA)), max_size=12)
players_st = st.integers(MIN_PLAYERS, MAX_PLAYERS)
penalty_st = st.integers(1, MAX_PENALTY)


@st.composite
def valid_round(draw, totals):
    """A round that respects the rules on top of `totals`: penalties 1..31, at most one
    emptier whose chip return is allowed by their total, maybe a last-to-quit seat."""
    players = len(totals)
    entries = [draw(penalty_st) for _ in range(players)]
    seat = draw(st.none() | st.integers(0, players - 1))
    if seat is not None:
        entries[seat] = draw(st.sampled_from(allowed_returns(totals[seat])))
        quitter = None
    else:
        quitter = draw(st.none() | st.integers(0, players - 1))
    return Round(tuple(entries), last_to_quit=quitter)


@st.composite
def valid_game(draw, play_to_the_end=False):
    """(players, rounds) of a game whose every round is valid; it stops at 40, or earlier."""
    players = draw(players_st)
    limit = 200 if play_to_the_end else draw(st.integers(0, 8))
    totals, rounds = [0] * players, []
    while len(rounds) < limit and max(totals) < END_SCORE:
        round_ = draw(valid_round(totals))
        rounds.append(round_)
        totals = [model_add(t, e) for t, e in zip(totals, round_.entries, strict=True)]
    return players, rounds


@st.composite
def totals_and_round(draw):
    """Totals of a game still going on, and a valid round played on top of them."""
    players = draw(players_st)
    totals = draw(st.lists(st.integers(0, END_SCORE - 1), min_size=players, max_size=players))
    return totals, draw(valid_round(totals))


# --------------------------------------------------------------------------- hand_penalty


def test_two_ones_and_a_llama_cost_eleven():
    assert hand_penalty([1, 1, LLAMA]) == 11


def test_eleven_points_are_one_black_and_one_white_chip():
    assert chips(hand_penalty([1, 1, LLAMA])) == (1, 1)


def test_three_fives_cost_five():
    assert hand_penalty([5, 5, 5]) == 5


def test_two_llamas_cost_ten():
    assert hand_penalty([LLAMA, LLAMA]) == 10


def test_one_of_every_value_and_llamas_cost_the_maximum():
    assert hand_penalty([1, 2, 3, 4, 5, 6, LLAMA, LLAMA]) == 31 == MAX_PENALTY


def test_an_empty_hand_costs_nothing():
    assert hand_penalty([]) == 0


def test_each_value_costs_its_face_value():
    for value in CARD_VALUES:
        assert hand_penalty([value]) == value


@pytest.mark.parametrize("bad", [0, 7, 8, -1, "1", "Llama", None])
def test_a_card_that_is_not_in_the_game_raises_value_error(bad):
    with pytest.raises(ValueError):
        hand_penalty([1, bad])


def test_hand_penalty_accepts_any_iterable():
    assert hand_penalty(card for card in (2, 2, LLAMA)) == 12


@given(cards_st)
def test_hand_penalty_matches_the_rulebook_and_stays_between_0_and_31(cards):
    penalty = hand_penalty(cards)
    assert penalty == model_penalty(cards)
    assert 0 <= penalty <= MAX_PENALTY


@given(cards_st, st.randoms(use_true_random=False))
def test_hand_penalty_does_not_depend_on_card_order(cards, rnd):
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert hand_penalty(shuffled) == hand_penalty(cards)


@given(cards_st.filter(bool), st.data())
def test_a_duplicate_of_a_card_already_held_never_changes_the_penalty(cards, data):
    duplicate = data.draw(st.sampled_from(cards))
    assert hand_penalty([*cards, duplicate]) == hand_penalty(cards)


@given(cards_st)
def test_a_penalty_comes_from_a_non_empty_hand(cards):
    assert (hand_penalty(cards) == 0) == (cards == [])


# --------------------------------------------------------------------------- chips


@pytest.mark.parametrize("total", [10, 11, 23, 39, 40, 100])
def test_the_best_return_from_ten_points_or_more_is_a_black_chip(total):
    assert best_return(total) == -10


@pytest.mark.parametrize("total", range(1, 10))
def test_the_best_return_below_ten_points_is_a_white_chip(total):
    assert best_return(total) == -1


def test_there_is_nothing_to_return_at_zero():
    assert best_return(0) == 0


def test_a_total_is_counted_in_black_chips_first():
    assert chips(23) == (2, 3)
    assert chips(0) == (0, 0)
    assert chips(10) == (1, 0)
    assert chips(9) == (0, 9)


@given(st.integers(0, 500))
def test_chips_add_back_up_to_the_total(total):
    black, white = chips(total)
    assert 0 <= white < 10 and black >= 0
    assert 10 * black + white == total


@given(st.integers(0, 500))
def test_the_best_return_never_exceeds_the_total(total):
    best = best_return(total)
    assert best in (0, -1, -10)
    assert total + best >= 0


# --------------------------------------------------------------------------- points


def test_a_penalty_adds_its_full_value():
    assert points(0, 11) == 11
    assert points(35, 31) == 31


def test_returning_a_white_chip_with_nothing_held_does_nothing():
    assert points(0, -1) == 0


def test_returned_chips_come_off_the_total():
    assert points(5, -1) == -1
    assert points(10, -10) == -10
    assert points(25, -10) == -10
    assert points(25, -1) == -1


def test_emptying_the_hand_without_returning_costs_nothing():
    assert points(17, 0) == 0


@given(st.integers(0, 100), st.integers(MIN_ENTRY, MAX_PENALTY))
def test_points_never_take_a_total_below_zero(total, entry):
    assume(value_violation(entry) is None and LAMA.entry_violation(0, entry, total) is None)
    assert total + points(total, entry) >= 0
    assert total + points(total, entry) == model_add(total, entry)


# --------------------------------------------------------------------------- emptier / next_starter


def test_the_emptier_is_the_only_seat_at_zero_or_below():
    assert emptier([5, 0, 12]) == 1
    assert emptier([5, -10, 12]) == 1
    assert emptier([5, 3, 12]) is None


def test_the_emptier_starts_the_next_round_before_the_last_to_quit():
    assert next_starter([5, -1, 12], last_to_quit=2) == 1
    assert next_starter([5, 3, 12], last_to_quit=2) == 2
    assert next_starter([5, 3, 12]) is None


# --------------------------------------------------------------------------- validate_round


def test_a_valid_round_has_no_violation():
    assert validate_round([0, 0, 0], [11, 0, 31]) == []


def test_a_round_without_an_emptier_is_valid():
    assert validate_round([3, 7], [1, 2]) == []


@pytest.mark.parametrize("missing", [None, ""])
def test_a_missing_entry_is_refused(missing):
    violation = only(validate_round([0, 0, 0], [4, missing, 5]))
    assert (violation.code, violation.seat) == ("missing", 1)


@pytest.mark.parametrize("value", [2.5, "3", 3.0, True, [3]])
def test_an_entry_that_is_not_a_whole_number_is_refused(value):
    violation = only(validate_round([0, 0], [value, 4]))
    assert (violation.code, violation.seat) == ("not_whole", 0)
    assert violation.params["value"] == value


@pytest.mark.parametrize("value", [32, 40, 1000])
def test_an_entry_above_thirty_one_is_refused(value):
    violation = only(validate_round([0, 0], [1, value]))
    assert (violation.code, violation.seat) == ("too_high", 1)
    assert violation.params == {"value": value, "max": 31}


def test_thirty_one_is_the_highest_accepted_entry():
    assert validate_round([0, 0], [31, 31]) == []


@pytest.mark.parametrize("value", [-2, -5, -9, -11, -20])
def test_a_negative_entry_other_than_a_chip_is_refused(value):
    violation = only(validate_round([20, 20], [value, 3]))
    assert (violation.code, violation.seat) == ("bad_negative", 0)
    assert violation.params["value"] == value


def test_returning_a_black_chip_with_nine_points_is_refused():
    violation = only(validate_round([9, 0], [-10, 4]))
    assert (violation.code, violation.seat) == ("return_too_big", 0)
    assert violation.params == {"value": -10, "total": 9, "best": -1, "chip": "black"}


def test_a_black_chip_named_by_a_player_with_no_chip_is_accepted_and_counts_zero():
    """With no chip there is nothing to give back, whichever chip is typed."""
    assert validate_round([12, 0], [7, -10]) == []
    assert apply_round([12, 0], [7, -10]) == (19, 0)
    assert points(0, -10) == 0


@pytest.mark.parametrize("total", range(1, BLACK_CHIP))
def test_a_black_chip_is_refused_to_a_player_holding_only_white_ones(total):
    violation = only(validate_round([total, 0], [-10, 4]))
    assert violation.params == {"value": -10, "total": total, "best": -1, "chip": "black"}


def test_returning_a_black_chip_from_ten_points_is_allowed():
    assert validate_round([10, 0], [-10, 4]) == []


def test_returning_a_white_chip_with_no_points_is_accepted_and_applied_as_zero():
    assert validate_round([0, 0], [-1, 4]) == []
    assert apply_round([0, 0], [-1, 4]) == (0, 4)


def test_returning_a_white_chip_from_ten_points_is_allowed():
    # The player chooses which chip to give back.
    assert validate_round([25, 3], [-1, 4]) == []
    assert apply_round([25, 3], [-1, 4]) == (24, 7)


def test_several_players_emptying_their_hands_is_refused_once_per_seat():
    violations = validate_round([0, 12, 0, 15], [0, -1, 6, -10])
    assert violations == [
        Violation("several_emptied", 0),
        Violation("several_emptied", 1),
        Violation("several_emptied", 3),
    ]
    assert all(v.params == {"count": 3} for v in violations)


def test_all_players_at_zero_is_several_emptied():
    violations = validate_round([0, 0], [0, 0])
    assert codes(violations) == ["several_emptied", "several_emptied"]
    assert [v.seat for v in violations] == [0, 1]


def test_a_round_after_someone_reached_forty_is_refused():
    violation = only(validate_round([40, 3], [1, 2]))
    assert violation.code == "game_over"
    assert violation.seat is None


def test_a_round_after_someone_passed_forty_is_refused():
    assert codes(validate_round([12, 55, 3], [1, 2, 3])) == ["game_over"]


def test_thirty_nine_points_do_not_end_the_game():
    assert validate_round([39, 3], [1, 2]) == []


def test_every_bad_entry_is_reported_with_its_seat():
    violations = validate_round([0, 0, 0, 0], [None, 2.5, 32, -3])
    assert [(v.code, v.seat) for v in violations] == [
        ("missing", 0),
        ("not_whole", 1),
        ("too_high", 2),
        ("bad_negative", 3),
    ]


def test_the_wrong_number_of_entries_is_a_value_error():
    with pytest.raises(ValueError):
        validate_round([0, 0, 0], [1, 2])


@given(
    st.integers(2, 6).flatmap(
        lambda n: st.lists(st.integers(0, END_SCORE - 1), min_size=n, max_size=n)
    ),
    st.data(),
    st.integers().filter(lambda v: not MIN_ENTRY <= v <= MAX_PENALTY),
)
def test_any_entry_outside_minus_ten_to_thirty_one_is_refused(totals, data, value):
    seat = data.draw(st.integers(0, len(totals) - 1))
    entries = [5] * len(totals)
    entries[seat] = value
    violation = only(validate_round(totals, entries))
    assert violation.seat == seat
    assert violation.code in ("too_high", "bad_negative")


@given(
    st.integers(0, END_SCORE - 1),
    st.integers(MIN_ENTRY, -1).filter(lambda v: v not in (-1, -10)),
)
def test_any_negative_entry_other_than_a_chip_is_refused(total, value):
    violation = only(validate_round([total, 0], [value, 7]))
    assert (violation.code, violation.seat) == ("bad_negative", 0)


@given(st.integers())
def test_a_value_alone_is_judged_as_in_a_round_whatever_the_totals(value):
    found = value_violation(value, seat=1)
    in_a_round = validate_round([END_SCORE - 1, END_SCORE - 1], [5, value])
    assert found == (in_a_round[0] if in_a_round else None)
    assert (found is None) == (MIN_ENTRY <= value <= MAX_PENALTY and value not in range(-9, -1))


def test_a_black_chip_alone_is_a_possible_value():
    assert value_violation(-BLACK_CHIP) is None  # whether it can be given back depends on totals
    assert value_violation(None).code == "missing"


# --------------------------------------------------------------------------- apply_round


def test_apply_round_adds_each_entry_to_its_total():
    assert apply_round([0, 10, 20], [11, -10, 5]) == (11, 0, 25)


def test_apply_round_refuses_a_bad_round_with_its_violations():
    with pytest.raises(RoundRefused) as info:
        apply_round([9, 0], [-10, 32])
    assert codes(info.value.violations) == ["return_too_big", "too_high"]
    assert isinstance(info.value, ValueError)


@given(totals_and_round())
def test_apply_round_never_returns_a_negative_total(case):
    totals, round_ = case
    new_totals = apply_round(totals, round_.entries)
    assert all(total >= 0 for total in new_totals)
    assert list(new_totals) == [
        model_add(t, e) for t, e in zip(totals, round_.entries, strict=True)
    ]


@given(totals_and_round())
def test_every_rule_abiding_round_is_valid(case):
    totals, round_ = case
    assert validate_round(totals, round_.entries) == []


# --------------------------------------------------------------------------- fold: a whole game


def test_a_game_with_no_rounds_is_not_started():
    state = fold(4, [], first_starter=2)
    assert state.totals == (0, 0, 0, 0)
    assert state.rounds == ()
    assert not state.finished
    assert state.winners == ()
    assert state.leaders == ()
    assert state.next_starter == 2
    assert state.next_round == 1


def test_without_a_first_starter_nobody_is_known_to_start():
    assert fold(3, []).next_starter is None


@pytest.mark.parametrize("players", [0, 1, 7])
def test_a_game_is_for_two_to_six_players(players):
    with pytest.raises(ValueError):
        fold(players, [])


def test_fold_replays_each_round():
    state = fold(3, [(11, 0, 5), (-10, 31, 2)])
    first, second = state.rounds
    assert (first.number, first.entries, first.points, first.totals) == (
        1,
        (11, 0, 5),
        (11, 0, 5),
        (11, 0, 5),
    )
    assert (second.number, second.points, second.totals) == (2, (-10, 31, 2), (1, 31, 7))
    assert (first.emptier, second.emptier) == (1, 0)
    assert state.totals == (1, 31, 7)
    assert state.next_round == 3


def test_fold_records_a_white_chip_returned_from_nothing_as_zero_points():
    state = fold(2, [(-1, 8)])
    assert state.rounds[0].points == (0, 8)
    assert state.totals == (0, 8)


def test_while_the_game_goes_on_there_are_leaders_but_no_winners():
    state = fold(3, [(11, 4, 4)])
    assert not state.finished
    assert state.winners == ()
    assert state.leaders == (1, 2)


def test_the_game_ends_after_the_round_where_someone_reaches_forty():
    state = fold(2, FINISHED_GAME)
    assert state.totals == (5, 40)
    assert state.finished
    assert state.winners == (0,)
    assert not state.shared_victory


def test_the_game_ends_when_someone_passes_forty():
    state = fold(3, [(31, 30, 29), (31, 0, 2)])
    assert state.totals == (62, 30, 31)
    assert state.finished
    assert state.winners == (1,)


def test_thirty_nine_points_do_not_finish_the_game():
    state = fold(2, [(31, 8), (8, 31)])
    assert state.totals == (39, 39)
    assert not state.finished
    assert state.winners == ()
    assert state.leaders == (0, 1)


def test_a_tie_for_the_lowest_total_shares_the_victory():
    state = fold(3, [(12, 31, 12), (5, 9, 5)])
    assert state.totals == (17, 40, 17)
    assert state.finished
    assert state.winners == (0, 2)
    assert state.shared_victory


def test_the_emptier_starts_the_next_round():
    state = fold(3, [Round((4, 0, 9), last_to_quit=0)], first_starter=0)
    assert state.rounds[0].next_starter == 1
    assert state.next_starter == 1


def test_without_an_emptier_the_last_to_quit_starts_the_next_round():
    state = fold(3, [Round((4, 2, 9), last_to_quit=2)])
    assert state.rounds[0].emptier is None
    assert state.next_starter == 2


def test_without_an_emptier_or_a_last_to_quit_nobody_is_known_to_start():
    state = fold(3, [(4, 2, 9)], first_starter=1)
    assert state.next_starter is None


def test_a_last_to_quit_outside_the_table_is_ignored():
    assert fold(3, [Round((4, 2, 9), last_to_quit=5)]).next_starter is None


def test_nobody_starts_once_the_game_is_finished():
    state = fold(2, [(5, 31), Round((0, 9), last_to_quit=1)])
    assert state.finished
    assert state.next_starter is None


def test_rounds_may_be_given_as_round_objects_or_plain_sequences():
    plain = fold(2, [[3, 0], (7, 2)])
    wrapped = fold(2, [Round((3, 0)), Round([7, 2])])
    assert plain.totals == wrapped.totals == (10, 2)


def test_a_round_after_the_end_is_refused_with_its_number():
    refused = refusal(2, [*FINISHED_GAME, (3, 4)])
    violation = only(refused.violations)
    assert violation.code == "game_over"
    assert violation.round == 3


def test_a_bad_entry_is_refused_with_its_round_and_seat():
    refused = refusal(3, [(1, 2, 3), (4, 5, 6), (7, 32, 0)])
    violation = only(refused.violations)
    assert (violation.code, violation.seat, violation.round) == ("too_high", 1, 3)
    assert violation.params["value"] == 32


def test_a_bad_first_round_is_refused_as_round_one():
    refused = refusal(2, [(-5, 4)])
    violation = only(refused.violations)
    assert (violation.code, violation.seat, violation.round) == ("bad_negative", 0, 1)


def test_every_violation_of_the_bad_round_carries_its_number():
    refused = refusal(3, [(1, 2, 3), (0, -1, 4)])
    assert [(v.code, v.seat, v.round) for v in refused.violations] == [
        ("several_emptied", 0, 2),
        ("several_emptied", 1, 2),
    ]


def test_a_black_chip_return_depends_on_the_total_when_it_is_played():
    # Seat 0 has 9 after round 1, so -10 typed in round 2 is too big; with 10 it is fine.
    with pytest.raises(RoundRefused) as refused:
        LAMA.fold_with(2, [(9, 0)], 2, Round((-10, 5)))
    assert only(refused.value.violations).params["best"] == -1
    assert fold(2, [(10, 0), (-10, 5)]).totals == (0, 5)


@pytest.mark.parametrize(
    ("total", "typed", "counts"),
    [(12, -10, -10), (7, -10, -1), (1, -10, -1), (0, -10, 0), (0, -1, 0), (12, -1, -1)],
)
def test_a_stored_return_counts_the_best_chip_the_player_then_holds(total, typed, counts):
    """Replayed as stored (an earlier round corrected since), a return is never refused."""
    state = fold(2, [(total, 1), (typed, 5)])
    assert (state.rounds[1].entries[0], state.rounds[1].points[0]) == (typed, counts)


# --------------------------------------------------------------------------- fold properties


@given(valid_game())
def test_any_rule_abiding_game_folds_without_error(game):
    players, rounds = game
    state = fold(players, rounds)
    assert state.players == players
    assert len(state.rounds) == len(rounds)
    assert [r.number for r in state.rounds] == list(range(1, len(rounds) + 1))


@given(valid_game())
def test_totals_stay_non_negative_and_are_the_sum_of_the_points(game):
    players, rounds = game
    state = fold(players, rounds)
    expected = [0] * players
    for result, round_ in zip(state.rounds, rounds, strict=True):
        expected = [model_add(t, e) for t, e in zip(expected, round_.entries, strict=True)]
        assert list(result.totals) == expected
        assert all(total >= 0 for total in result.totals)
    assert list(state.totals) == expected
    for seat in range(players):
        assert state.totals[seat] == sum(result.points[seat] for result in state.rounds)


@given(valid_game())
def test_the_emptier_never_gains_points_and_returns_at_most_ten(game):
    players, rounds = game
    for result in fold(players, rounds).rounds:
        for seat, gained in enumerate(result.points):
            if seat == result.emptier:
                assert -BLACK_CHIP <= gained <= 0
            else:
                assert 1 <= gained <= MAX_PENALTY


@given(valid_game())
def test_the_next_starter_is_the_emptier_else_the_last_to_quit(game):
    players, rounds = game
    state = fold(players, rounds)
    for result, round_ in zip(state.rounds, rounds, strict=True):
        expected = result.emptier if result.emptier is not None else round_.last_to_quit
        assert result.next_starter == expected
    if state.rounds and not state.finished:
        assert state.next_starter == state.rounds[-1].next_starter


@given(valid_game())
def test_the_game_is_finished_exactly_when_someone_has_forty(game):
    players, rounds = game
    state = fold(players, rounds)
    assert state.finished == any(total >= END_SCORE for total in state.totals)
    if state.finished:
        assert state.next_starter is None


@given(valid_game(play_to_the_end=True))
def test_a_game_played_to_the_end_is_won_by_every_seat_with_the_lowest_total(game):
    players, rounds = game
    state = fold(players, rounds)
    assert state.finished
    low = min(state.totals)
    assert state.winners == tuple(s for s, t in enumerate(state.totals) if t == low)
    assert state.winners == state.leaders
    assert state.shared_victory == (len(state.winners) > 1)
    # Only the last round reached 40: every earlier state was still going on.
    assert all(max(r.totals) < END_SCORE for r in state.rounds[:-1])


@given(valid_game())
def test_winners_and_leaders_are_the_seats_with_the_lowest_total(game):
    players, rounds = game
    state = fold(players, rounds)
    lowest = tuple(s for s, t in enumerate(state.totals) if t == min(state.totals))
    assert state.leaders == (lowest if rounds else ())
    assert state.winners == (lowest if state.finished else ())


@given(valid_game(play_to_the_end=True), st.data())
def test_any_round_after_the_end_is_refused_as_game_over(game, data):
    players, rounds = game
    extra = data.draw(valid_round([0] * players))
    refused = refusal(players, [*rounds, extra])
    violation = only(refused.violations)
    assert (violation.code, violation.round) == ("game_over", len(rounds) + 1)


@given(valid_game(), st.data())
def test_a_bad_entry_names_the_round_it_was_typed_in(game, data):
    players, rounds = game
    state = fold(players, rounds)
    assume(not state.finished)
    seat = data.draw(st.integers(0, players - 1))
    bad = data.draw(st.sampled_from([None, 2.5, "3", 32, -2, -11]))
    entries = [5] * players
    entries[seat] = bad
    refused = refusal(players, [*rounds, entries, [1] * players])
    violation = only(refused.violations)
    assert (violation.seat, violation.round) == (seat, len(rounds) + 1)


@pytest.mark.parametrize(
    ("before", "given_back"), [((3, 0), 0), ((0, 7), -1), ((0, 12), -10), ((0, 10), -10)]
)
def test_an_emptied_hand_gives_back_the_best_chip_held_when_the_round_is_played(before, given_back):
    """EMPTIED stands for "emptied their hand": the fold gives back the best chip the player
    holds on their total at that round, whatever the phone that typed it had seen."""
    rounds = [Round(before), Round((5, EMPTIED))]
    state = LAMA.fold(2, rounds)
    assert state.rounds[1].entries == (5, given_back)
    assert state.totals[1] == before[1] + LAMA.points(before[1], given_back)
