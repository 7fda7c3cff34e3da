"""The rule pages of Llama Llama: their sections, the rulebook's example scored goal by goal,
and a short game, all computed by games.rules.llama_llama."""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from games.rules import base, llama_llama

RULES = llama_llama.RULES

SECTIONS = (
    ("box", _("The box")),
    ("setup", _("Setting up")),
    ("round", _("A round: reveal and pass")),
    ("scoring", _("Scoring a hand")),
    ("example", _("A round scored, goal by goal")),
    ("next-round", _("The next round")),
    ("end-of-game", _("The end of the game and ties")),
    ("dummy-hands", _("Dummy hands, with fewer players")),
)

# The rulebook's example: the goals in the order they are revealed, the cards passed after
# each reveal (printed on its display card), and the hands of its first two players.
EXAMPLE_GOALS = ("A=1, ABCDEFG=50", "B=2, AACC=15", "B=2, AACC=15", "D=4, AG=5, CE=5, BF=5")
EXAMPLE_PASSES = (4, 3, 2, 1)
EXAMPLE_HANDS = ("ABCDEFG", "AABBCCD")
# What the printed rulebook gives its second player, goal by goal: its 4th goal is left out.
PRINTED_SECOND = (2, 19, 19, 0)

# Small cases of each counting rule: (the goals, the hand).
CASES = {
    "single_letter": (("A=1",), "AAB"),
    "two_sets": (("DF=5",), "DDFF"),
    "one_set": (("DF=5",), "DFF"),
    "several_rules": (("AABB=10, AA=7",), "AABB"),
    "same_goal_twice": (("A=1", "A=1"), "AA"),
}

GAME_PLAYERS = ("Ana", "Ben", "Cleo")
# Each round's scores: Ana and Ben tie after round 2 (they shuffle their goals) and again at
# the end, when Ana's better final round decides it; nobody reaches the end score.
GAME_ROUNDS = ((21, 18, 25), (30, 33, 19), (14, 16, 20), (25, 23, 12))


@dataclass(frozen=True)
class ScoredRule:
    rule: llama_llama.ScoringRule
    times: int  # how many separate sets of its letters the hand holds
    points: int


@dataclass(frozen=True)
class ScoredGoal:
    number: int  # its display card, 1 for the first revealed
    goal: llama_llama.Goal
    scored: tuple[ScoredRule, ...]  # only the rules that found something
    points: int


@dataclass(frozen=True)
class ScoredHand:
    letters: tuple[str, ...]
    goals: tuple[ScoredGoal, ...]
    total: int


def numbers():
    """The constants the prose quotes."""
    return {
        "min_players": RULES.min_players,
        "max_players": RULES.max_players,
        "goals": RULES.goals_per_round,
        "rounds": RULES.max_rounds,
        "end": RULES.end_score,
        "moving_dummy": llama_llama.PLAYERS_WITH_A_MOVING_DUMMY,
    }


def score(goal_texts, letters):
    """A hand scored against goals typed as printed, rule by rule."""
    goals = [llama_llama.parse_goal(text) for text in goal_texts]
    hand = llama_llama.parse_hand(letters)
    total = llama_llama.hand_score(goals, hand)
    scored = tuple(
        ScoredGoal(number, goal, _rules_found(goal, hand), points)
        for number, (goal, points) in enumerate(zip(goals, total.per_goal, strict=True), start=1)
    )
    return ScoredHand(tuple(sorted(hand.elements())), scored, total.total)


def _rules_found(goal, hand):
    found = ((rule, rule.times_in(hand)) for rule in goal.rules)
    return tuple(ScoredRule(rule, times, rule.points * times) for rule, times in found if times)


def printed_difference(scored, printed=PRINTED_SECOND):
    """Where the printed example parts from the rules: its total, and the goals it scores
    differently, with the rules the hand really scores there."""
    differ = [
        (goal, shown)
        for goal, shown in zip(scored.goals, printed, strict=True)
        if goal.points != shown
    ]
    return {"per_goal": printed, "total": sum(printed), "goals": differ}


def rulebook_example():
    goals = [llama_llama.parse_goal(text) for text in EXAMPLE_GOALS]
    players = [score(EXAMPLE_GOALS, letters) for letters in EXAMPLE_HANDS]
    return {
        "goals": list(zip(range(1, len(goals) + 1), goals, EXAMPLE_PASSES, strict=True)),
        "players": players,
        "printed": printed_difference(players[1]),
    }


def cases():
    return {name: score(goals, letters) for name, (goals, letters) in CASES.items()}


def names(seats):
    return [GAME_PLAYERS[seat] for seat in seats]


def game_states():
    """The short game before its first round and after each one, while the rules let it go on."""
    states = [RULES.fold(len(GAME_PLAYERS), ())]
    while not states[-1].finished and len(states) <= len(GAME_ROUNDS):
        states.append(RULES.fold(len(GAME_PLAYERS), GAME_ROUNDS[: len(states)]))
    return states


def game_row(result, after):
    """One round of the short game, and what the table does before the next one."""
    return {
        "number": result.number,
        "cells": list(zip(result.entries, result.totals, strict=True)),
        "standings": list(zip(GAME_PLAYERS, result.totals, strict=True)),
        "order": [names(group) for group in after.goal_order],
        "dummy": names(after.dummy_beside),
    }


def game_example():
    """A short game replayed by the rules module: its rounds, its end and its tie-break."""
    states = game_states()
    state = states[-1]
    rows = [game_row(result, states[result.number]) for result in state.rounds]
    tied = state.best_total_seats
    return {
        "players": GAME_PLAYERS,
        "rows": rows,
        "dummy_moves": [(row["number"], row["dummy"]) for row in rows if row["dummy"]],
        "final": [(total, seat in state.winners) for seat, total in enumerate(state.totals)],
        "rounds_played": len(state.rounds),
        "reached_end": RULES.is_over(state.totals, played=0),  # by the score, not the rounds
        "best": max(state.totals),
        "tied": names(tied),
        "finals": [(GAME_PLAYERS[seat], state.rounds[-1].points[seat]) for seat in tied],
        "winners": names(state.winners),
        "by_total": state.decided_by == base.TOTAL,
        "by_final_round": state.decided_by == base.FINAL_ROUND,
    }


def examples():
    return {"book": rulebook_example(), "cases": cases(), "game": game_example()}
