"""A player's figures over their games: pure functions over rules.GameState values.

Each game is given as an appearance `(state, seat)`, oldest game first. Only finished
games count for wins and final totals; every round played counts for the per-round
figures (points per round, hands emptied, chips returned). Figures are per game: a total
of L.L.A.M.A. and one of Llama Llama do not add up, and each game's ruleset says what is
best and whether there are hands to empty and chips to give back.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import fmean

from games import rules
from games.rules import GameState, Ruleset

SOLE = "sole"
SHARED = "shared"

Appearance = tuple[GameState, int]


@dataclass(frozen=True)
class PlayerStats:
    kind: str
    games: int
    finished: int
    sole_wins: int
    shared_wins: int
    average_final: float | None
    best_final: int | None  # the lowest final total, or the highest where the highest wins
    highest_wins: bool
    rounds: int
    average_per_round: float | None
    hands_emptied: int | None  # None in a game where no hand is emptied
    chips_returned: int | None  # None in a game without chips
    points_returned: int | None
    longest_streak: int

    @property
    def wins(self) -> int:
        return self.sole_wins + self.shared_wins

    @property
    def win_rate(self) -> float | None:
        """Wins, sole or shared, per finished game."""
        return self.wins / self.finished if self.finished else None

    @property
    def win_percent(self) -> int | None:
        rate = self.win_rate
        return None if rate is None else round(100 * rate)


def outcome(state: GameState, seat: int) -> str | None:
    """SOLE or SHARED when `seat` won the finished game, None otherwise."""
    if seat not in state.winners:
        return None
    return SHARED if state.shared_victory else SOLE


def returns(state: GameState, seat: int) -> list[int]:
    """The points each chip given back by `seat` really took off (a return never goes below 0)."""
    return [-r.points[seat] for r in state.rounds if r.emptier == seat and r.points[seat] < 0]


def hands_emptied(state: GameState, seat: int) -> list[int]:
    """The numbers of the rounds in which `seat` emptied their hand."""
    return [r.number for r in state.rounds if r.emptier == seat]


def longest_streak(outcomes: Iterable[str | None]) -> int:
    """The most finished games won in a row (a shared victory is a win)."""
    best = current = 0
    for result in outcomes:
        current = current + 1 if result else 0
        best = max(best, current)
    return best


def finished_only(appearances: Iterable[Appearance]) -> list[Appearance]:
    return [(state, seat) for state, seat in appearances if state.finished]


def player_stats(appearances: Sequence[Appearance], ruleset: Ruleset) -> PlayerStats:
    """The figures of appearances in games of `ruleset`'s kind."""
    finished = finished_only(appearances)
    outcomes = [outcome(state, seat) for state, seat in finished]
    finals = [state.totals[seat] for state, seat in finished]
    points = [r.points[seat] for state, seat in appearances for r in state.rounds]
    given_back = [p for state, seat in appearances for p in returns(state, seat)]
    emptied = sum(len(hands_emptied(state, seat)) for state, seat in appearances)
    has_chips = ruleset.chips(0) is not None
    return PlayerStats(
        kind=ruleset.kind,
        games=len(appearances),
        finished=len(finished),
        sole_wins=outcomes.count(SOLE),
        shared_wins=outcomes.count(SHARED),
        average_final=fmean(finals) if finals else None,
        best_final=(max if ruleset.highest_wins else min)(finals, default=None),
        highest_wins=ruleset.highest_wins,
        rounds=len(points),
        average_per_round=fmean(points) if points else None,
        hands_emptied=emptied if ruleset.best_return(0) is not None else None,
        chips_returned=len(given_back) if has_chips else None,
        points_returned=sum(given_back) if has_chips else None,
        longest_streak=longest_streak(outcomes),
    )


def by_game(appearances: Iterable[Appearance]) -> list[PlayerStats]:
    """The figures of each game played, in the order of rules.RULESETS."""
    played: dict[str, list[Appearance]] = {}
    for state, seat in appearances:
        played.setdefault(state.kind, []).append((state, seat))
    return [
        player_stats(played[kind], ruleset)
        for kind, ruleset in rules.RULESETS.items()
        if kind in played
    ]
