"""Llama Llama: a different card game, where the highest total wins.

Each round every player scores their hand against the 4 goal cards revealed that round;
the scorepad takes one whole number per player and keeps running totals. The game ends
after 4 rounds, or after the round in which someone reaches 100. A tie for the highest
total goes to the tied player who scored the most in the final round; still tied, they
share the victory.

The hand calculator is here too: a goal card is typed as printed ("A=1, ABCDEFG=50"), a
hand as its letters ("AABBCCD"), and `hand_score` does the counting.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from games.migrations.frozen_rules.base import FINAL_ROUND, SHARED, TOTAL, Ruleset, Violation, best_seats

GOALS_PER_ROUND = 4
MAX_SCORE = 999  # a round's score, far above what 8 cards can make
MAX_LETTERS = 32  # as many cards as the box holds
PLAYERS_WITH_A_MOVING_DUMMY = 3


class LlamaLlama(Ruleset):
    kind = "llama_llama"
    name = "Llama Llama"
    min_players = 2
    max_players = 4
    min_entry = 0
    max_entry = MAX_SCORE
    end_score = 100
    max_rounds = 4
    highest_wins = True
    goals_per_round = GOALS_PER_ROUND

    def value_violation(self, entry: object, seat: int | None = None) -> Violation | None:
        if entry is None or entry == "":
            return Violation("missing", seat)
        if isinstance(entry, bool) or not isinstance(entry, int):
            return Violation("not_whole", seat, params={"value": entry})
        if entry < self.min_entry:
            return Violation("negative_score", seat, params={"value": entry})
        if entry > self.max_entry:
            return Violation("score_too_high", seat, params={"value": entry, "max": self.max_entry})
        return None

    def winners(self, totals, final_points):
        """The highest total; a tie goes to whoever of them scored most in the final round."""
        best = self.leaders(totals)
        if len(best) == 1:
            return best, TOTAL
        finals = [final_points[seat] for seat in best]
        top = max(finals)
        found = tuple(seat for seat, final in zip(best, finals, strict=True) if final == top)
        return found, (FINAL_ROUND if len(found) == 1 else SHARED)

    def table_helpers(self, totals):
        return {
            "goal_order": goal_order(totals),
            "dummy_beside": dummy_beside(totals),
        }


def goal_order(totals: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Who lays their goal on the 1st display card, the 2nd...: highest total first; players
    tied on total form one group (they shuffle their goals together)."""
    groups = {}
    for seat, total in enumerate(totals):
        groups.setdefault(total, []).append(seat)
    return tuple(tuple(groups[total]) for total in sorted(groups, reverse=True))


def dummy_beside(totals: Sequence[int]) -> tuple[int, ...]:
    """With 3 players, the dummy hand moves to the right of the lowest total (of one of the
    players tied for it); with 2 or 4 players it never moves."""
    if len(totals) != PLAYERS_WITH_A_MOVING_DUMMY:
        return ()
    return best_seats(totals, highest=False)


RULES = LlamaLlama()


# ------------------------------------------------------------------------ the hand calculator


@dataclass(frozen=True)
class ScoringRule:
    """One line of a goal card: a letter or a combination of letters, and its points."""

    letters: tuple[str, ...]  # in the order printed, repeats included (A A C C)
    points: int

    def __str__(self):
        return f"{''.join(self.letters)} = {self.points}"

    def times_in(self, hand: Counter) -> int:
        """How many complete, separate sets of these letters the hand holds."""
        needed = Counter(self.letters)
        return min(hand[letter] // count for letter, count in needed.items())


@dataclass(frozen=True)
class Goal:
    rules: tuple[ScoringRule, ...]

    def __str__(self):
        return ", ".join(str(rule) for rule in self.rules)

    def score(self, hand: Counter) -> int:
        """A rule scores for each set it finds; a letter serves every rule it is part of."""
        return sum(rule.points * rule.times_in(hand) for rule in self.rules)


@dataclass(frozen=True)
class HandScore:
    per_goal: tuple[int, ...]
    total: int


class Unreadable(ValueError):
    """A goal or a hand typed in a way the calculator cannot read; `code` is stable."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code, self.params = code, params


RULE_PATTERN = re.compile(r"^(?P<letters>[A-Z](?:\s*[A-Z])*)\s*[=:]\s*(?P<points>\d{1,3})$")


def parse_goal(text: str) -> Goal:
    """A goal card's rules as printed: "A=1, ABCDEFG=50" (also "A A C C = 15", one a line)."""
    parts = [part.strip() for part in re.split(r"[,;\n]", text or "") if part.strip()]
    if not parts:
        raise Unreadable("goal_empty")
    rules = []
    for part in parts:
        match = RULE_PATTERN.match(part.upper())
        if match is None:
            raise Unreadable("goal_rule", part=part)
        letters = tuple(match["letters"].replace(" ", ""))
        if len(letters) > MAX_LETTERS:
            raise Unreadable("goal_rule", part=part)
        rules.append(ScoringRule(letters, int(match["points"])))
    return Goal(tuple(rules))


def parse_hand(text: str) -> Counter:
    """The letters of a hand, in any order, spaces and commas allowed: "A A B B C C D"."""
    letters = re.sub(r"[\s,;]", "", text or "").upper()
    wrong = sorted({char for char in letters if not ("A" <= char <= "Z")})
    if wrong:
        raise Unreadable("hand_letters", chars=" ".join(wrong))
    if len(letters) > MAX_LETTERS:
        raise Unreadable("hand_too_big", count=len(letters), max=MAX_LETTERS)
    return Counter(letters)


def hand_score(goals: Sequence[Goal], hand: Counter) -> HandScore:
    """What a hand scores against the round's goals, goal by goal, and in all."""
    per_goal = tuple(goal.score(hand) for goal in goals)
    return HandScore(per_goal, sum(per_goal))
