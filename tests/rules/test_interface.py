"""Every game's rules on the one interface of games/rules/base.py."""

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import rules
from games.rules import ROUND_LIMIT, RULESETS, for_kind

ALL = list(RULESETS.values())
ids = [ruleset.kind for ruleset in ALL]


def test_the_rules_import_nothing_of_django():
    code = "import sys, games.rules; print(sorted(m for m in sys.modules if 'django' in m))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_each_kind_has_its_ruleset():
    assert set(RULESETS) == {"lama", "lato", "llama_llama", "party"}
    assert all(for_kind(kind).kind == kind for kind in RULESETS)
    with pytest.raises(KeyError):
        for_kind("chess")


def test_the_database_bounds_cover_every_game():
    assert rules.MIN_ENTRY == -20 and rules.MAX_ENTRY == 999 and rules.MAX_PLAYERS == 6


@pytest.mark.parametrize("ruleset", ALL, ids=ids)
def test_the_bounds_of_an_entry_are_what_it_accepts(ruleset):
    assert ruleset.value_violation(ruleset.max_entry) is None
    assert ruleset.value_violation(ruleset.max_entry + 1) is not None
    assert ruleset.value_violation(ruleset.min_entry) is None
    assert ruleset.value_violation(ruleset.min_entry - 1) is not None


@pytest.mark.parametrize("ruleset", ALL, ids=ids)
def test_no_game_takes_a_round_past_the_limit(ruleset):
    totals = (0,) * ruleset.min_players
    (violation,) = ruleset.validate_round(totals, (1,) * len(totals), played=ROUND_LIMIT)
    assert violation.code in {"too_many_rounds", "game_over"}


def test_two_lama_players_giving_back_chips_forever_stop_at_the_limit():
    rounds = [(10, -1), (-10, 1)] * (ROUND_LIMIT // 2)  # chips go back and forth for ever
    state = rules.lama.RULES.fold(2, rounds)
    assert not state.finished and len(state.rounds) == ROUND_LIMIT
    (violation,) = rules.lama.RULES.validate_round(state.totals, (5, 0), played=ROUND_LIMIT)
    assert violation.code == "too_many_rounds" and violation.params == {"max": ROUND_LIMIT}


@st.composite
def played(draw):
    """A game of any kind with random rounds each valid on its own (some refused later)."""
    ruleset = draw(st.sampled_from(ALL))
    players = draw(st.integers(ruleset.min_players, ruleset.max_players))
    entry = st.integers(max(ruleset.min_entry, 1), min(ruleset.max_entry, 40))
    rounds = draw(st.lists(st.lists(entry, min_size=players, max_size=players), max_size=8))
    return ruleset, players, rounds


@given(played())
def test_a_replay_adds_each_round_to_the_totals(game):
    ruleset, players, rounds = game
    state = ruleset.fold(players, rounds, first_starter=0)
    # the rounds after the end are kept beyond it, counted nothing
    in_play = rounds[: len(state.rounds)]
    assert [r.entries for r in state.beyond] == [tuple(r) for r in rounds[len(in_play) :]]
    assert state.totals == tuple(map(sum, zip(*in_play, strict=True))) if in_play else True
    assert state.finished == ruleset.is_over(state.totals, len(in_play))
    assert not state.beyond or state.finished
    assert set(state.winners) <= set(state.best_total_seats)
    best = (max if ruleset.highest_wins else min)(state.totals)
    assert all(state.totals[seat] == best for seat in state.winners)


@pytest.mark.parametrize("kind", RULESETS)
def test_a_round_after_the_end_says_who_reached_it_with_what_total_and_when(kind):
    ruleset = RULESETS[kind]
    high = ruleset.max_entry
    rounds = [(high, 0) if ruleset.highest_wins else (high, 1)]
    while not ruleset.fold(2, rounds).finished:
        rounds.append(rounds[0])
    state = ruleset.fold(2, rounds)
    with pytest.raises(rules.RoundRefused) as refused:  # adding it: typed now
        ruleset.fold_with(2, rounds, len(rounds) + 1, rules.Round((1, 2)))
    violation = refused.value.violations[0]
    assert (violation.code, violation.round) == ("game_over", len(rounds) + 1)
    reached = {seat: t for seat, t in enumerate(state.totals) if t >= ruleset.end_score}
    assert violation.params["reached"] == reached
    assert violation.params["ended_in"] == len(rounds)


def test_a_shared_victory_shares_first_place_and_the_next_place_is_third():
    state = rules.for_kind("lama").fold(3, [(30, 6, 4), (10, 2, 4)])  # Ben and Cleo on 8
    assert state.winners == (1, 2)
    assert rules.for_kind("lama").ranking(state) == ((1, 1), (2, 1), (0, 3))


def test_a_tie_break_puts_its_winner_alone_in_first_place():
    ruleset = rules.for_kind("llama_llama")
    state = ruleset.fold(2, [(30, 40), (30, 30), (30, 20), (14, 4)])  # 104 each, Ana's 14 wins
    assert state.winners == (0,)
    assert ruleset.ranking(state) == ((0, 1), (1, 2))


def test_during_the_game_equal_totals_share_a_place():
    state = rules.for_kind("lama").fold(3, [(5, 0, 5)])
    assert rules.for_kind("lama").ranking(state) == ((1, 1), (0, 2), (2, 2))


def test_each_game_declares_what_it_has():
    assert {r.kind for r in ALL if r.has_chips} == {"lama", "lato", "party"}
    assert {r.kind for r in ALL if r.has_emptied_hand} == {"lama", "lato", "party"}
    goals = {r.kind: r.goals_per_round for r in ALL}
    assert goals == {"lama": 0, "lato": 0, "llama_llama": 4, "party": 0}


@pytest.mark.parametrize("ruleset", ALL, ids=ids)
def test_a_game_answers_only_for_what_it_declares(ruleset):
    for has, ask in (
        (ruleset.has_chips, ruleset.chips),
        (ruleset.has_emptied_hand, ruleset.best_return),
    ):
        if has:
            assert ask(23) is not None
        else:
            with pytest.raises(NotImplementedError):
                ask(23)


@pytest.mark.parametrize("ruleset", ALL, ids=ids)
def test_a_game_replayed_with_one_round_replaced_or_added(ruleset):
    rounds = [(5, 6), (7, 8)]
    replaced = ruleset.fold_with(2, rounds, 1, rules.Round((1, 2)))
    assert [r.entries for r in replaced.rounds] == [(1, 2), (7, 8)]
    added = ruleset.fold_with(2, rounds, 3, rules.Round((3, 4)))
    assert [r.entries for r in added.rounds] == [(5, 6), (7, 8), (3, 4)]
    assert rounds == [(5, 6), (7, 8)]  # the game's own rounds are left as they were
    for number in (0, 4):
        with pytest.raises(ValueError, match=f"no round {number}"):
            ruleset.fold_with(2, rounds, number, rules.Round((3, 4)))


def test_a_round_replaced_never_refuses_a_later_return_it_leaves_without_its_chip():
    lama = for_kind("lama")
    rounds = [(12, 3), (-10, 4)]  # Ana gives back a black chip with 12 points
    corrected = lama.fold_with(2, rounds, 1, rules.Round((5, 0)))  # with 5, no black chip
    assert corrected.rounds[1].entries == (-10, 4)  # as typed
    assert corrected.rounds[1].points == (-1, 4)  # the best chip she then holds
    assert lama.fold_with(2, rounds, 1, rules.Round((12, 3))).totals == (2, 7)  # taken back


def test_the_round_being_typed_is_checked_against_the_totals():
    lama = for_kind("lama")
    with pytest.raises(rules.RoundRefused) as refused:
        lama.fold_with(2, [(7, 3)], 2, rules.Round((-10, 4)))
    (violation,) = refused.value.violations
    assert (violation.code, violation.round, violation.seat) == ("return_too_big", 2, 0)
    # an edit checks only the numbers typed anew: Ben's 4 -> 5 keeps Ana's -10 as stored
    edited = lama.fold_with(2, [(7, 3), (-10, 4)], 2, rules.Round((-10, 5)))
    assert edited.totals == (6, 8)
    with pytest.raises(rules.RoundRefused):  # typed anew, it is checked
        lama.fold_with(2, [(7, 3), (-1, 4)], 2, rules.Round((-10, 4)))
