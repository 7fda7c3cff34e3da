"""A player's figures over their games: pure functions over rules.GameState values.

Each game is given as an appearance `(state, seat)`, oldest game first. Only finished
games count for wins and final totals; every round played counts for the per-round
figures (points per round, hands emptied, chips returned).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import fmean

from games.rules import GameState

SOLE = "sole"
SHARED = "shared"

Appearance = tuple[GameState, int]


@dataclass(frozen=True)
class PlayerStats:
    games: int
    finished: int
    sole_wins: int
    shared_wins: int
    average_final: float | None
    best_final: int | None
    rounds: int
    average_per_round: float | None
    hands_emptied: int
    chips_returned: int
    points_returned: int
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


def player_stats(appearances: Sequence[Appearance]) -> PlayerStats:
    finished = finished_only(appearances)
    outcomes = [outcome(state, seat) for state, seat in finished]
    finals = [state.totals[seat] for state, seat in finished]
    points = [r.points[seat] for state, seat in appearances for r in state.rounds]
    given_back = [p for state, seat in appearances for p in returns(state, seat)]
    return PlayerStats(
        games=len(appearances),
        finished=len(finished),
        sole_wins=outcomes.count(SOLE),
        shared_wins=outcomes.count(SHARED),
        average_final=fmean(finals) if finals else None,
        best_final=min(finals, default=None),
        rounds=len(points),
        average_per_round=fmean(points) if points else None,
        hands_emptied=sum(len(hands_emptied(state, seat)) for state, seat in appearances),
        chips_returned=len(given_back),
        points_returned=sum(given_back),
        longest_streak=longest_streak(outcomes),
    )
