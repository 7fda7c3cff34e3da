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
    assert set(RULESETS) == {"lama", "lato", "llama_llama"}
    assert all(for_kind(kind).kind == kind for kind in RULESETS)
    with pytest.raises(KeyError):
        for_kind("chess")


def test_the_database_bounds_cover_every_game():
    assert rules.MIN_ENTRY == -10 and rules.MAX_ENTRY == 999 and rules.MAX_PLAYERS == 6


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
    try:
        state = ruleset.fold(players, rounds, first_starter=0)
    except rules.RoundRefused as refused:
        assert refused.violations[0].code == "game_over"
        return
    assert state.totals == tuple(map(sum, zip(*rounds, strict=True))) if rounds else True
    assert state.finished == ruleset.is_over(state.totals, len(rounds))
    assert set(state.winners) <= set(state.best_total_seats)
    best = (max if ruleset.highest_wins else min)(state.totals)
    assert all(state.totals[seat] == best for seat in state.winners)
