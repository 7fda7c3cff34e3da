"""The scoring rules of L.L.A.M.A., as plain functions over plain values.

Nothing here knows about Django: views, forms, the admin, the import and the rule
pages all ask this module, so they can never disagree about a score. Players are
identified by their seat (0-based position); a round is the list of numbers typed
for each seat, the Marquoir way: a penalty from 1 to 31, or for the player who
emptied their hand 0, -1 or -10 (the chip they return).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

MIN_PLAYERS = 2
MAX_PLAYERS = 6
CARD_VALUES = (1, 2, 3, 4, 5, 6)
LLAMA = "llama"
LLAMA_COST = 10
MAX_PENALTY = sum(CARD_VALUES) + LLAMA_COST  # 31: one of each value and llamas
END_SCORE = 40
BLACK_CHIP = 10
WHITE_CHIP = 1
RETURNS = (-WHITE_CHIP, -BLACK_CHIP)
MIN_ENTRY = -BLACK_CHIP


@dataclass(frozen=True)
class Violation:
    """One reason a round is refused; `code` is stable, the app words it."""

    code: str
    seat: int | None = None
    round: int | None = None
    params: dict = field(default_factory=dict, compare=False)


class RoundRefused(ValueError):
    def __init__(self, violations: Sequence[Violation]):
        self.violations = tuple(violations)
        super().__init__(", ".join(v.code for v in self.violations))


@dataclass(frozen=True)
class Round:
    """What was typed for one round, and who quit last when nobody emptied their hand."""

    entries: tuple[int, ...]
    last_to_quit: int | None = None


@dataclass(frozen=True)
class RoundResult:
    number: int
    entries: tuple[int, ...]
    points: tuple[int, ...]  # what each total really changed by
    totals: tuple[int, ...]  # the totals after this round
    emptier: int | None
    next_starter: int | None


@dataclass(frozen=True)
class GameState:
    players: int
    rounds: tuple[RoundResult, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]  # empty while the game goes on
    leaders: tuple[int, ...]  # lowest totals so far; empty before the first round
    next_starter: int | None

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    @property
    def shared_victory(self) -> bool:
        return len(self.winners) > 1


def hand_penalty(cards: Iterable[int | str]) -> int:
    """Penalty for the cards left in a hand: each value once, all llamas 10 together."""
    cards = list(cards)
    for card in cards:
        if card != LLAMA and (type(card) is not int or card not in CARD_VALUES):
            raise ValueError(f"not a L.L.A.M.A. card: {card!r}")
    values = {card for card in cards if card != LLAMA}
    return sum(values) + (LLAMA_COST if LLAMA in cards else 0)


def best_return(total: int) -> int:
    """The entry for a player who emptied their hand: give back the biggest chip held."""
    if total >= BLACK_CHIP:
        return -BLACK_CHIP
    return -WHITE_CHIP if total >= WHITE_CHIP else 0


def chips(total: int) -> tuple[int, int]:
    """A total as (black, white) chips, changing whites for blacks where possible."""
    return divmod(max(total, 0), BLACK_CHIP)


def points(total: int, entry: int) -> int:
    """What an entry really does to a total: a return never goes below zero."""
    return entry if entry >= 0 else max(entry, -total)


def is_over(totals: Sequence[int]) -> bool:
    return any(total >= END_SCORE for total in totals)


def lowest(totals: Sequence[int]) -> tuple[int, ...]:
    best = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def emptier(entries: Sequence[int]) -> int | None:
    """The seat that emptied its hand (typed 0 or below), if any."""
    seats = [seat for seat, entry in enumerate(entries) if entry <= 0]
    return seats[0] if len(seats) == 1 else None


def next_starter(entries: Sequence[int], last_to_quit: int | None = None) -> int | None:
    """Who starts the next round: the player who emptied their hand, else the last to quit."""
    seat = emptier(entries)
    return seat if seat is not None else last_to_quit


def value_violation(entry: object, seat: int | None = None) -> Violation | None:
    """What is wrong with a typed value on its own, whatever the totals; None if nothing."""
    if entry is None or entry == "":
        return Violation("missing", seat)
    if isinstance(entry, bool) or not isinstance(entry, int):
        return Violation("not_whole", seat, params={"value": entry})
    if entry > MAX_PENALTY:
        return Violation("too_high", seat, params={"value": entry, "max": MAX_PENALTY})
    if entry < 0 and entry not in RETURNS:
        return Violation("bad_negative", seat, params={"value": entry})
    return None


def _entry_violation(seat: int, entry: object, total: int) -> Violation | None:
    if (violation := value_violation(entry, seat)) is not None:
        return violation
    if entry == -BLACK_CHIP and total < BLACK_CHIP:
        best = best_return(total)
        return Violation(
            "return_too_big", seat, params={"value": entry, "total": total, "best": best}
        )
    return None


def validate_round(totals: Sequence[int], entries: Sequence[object]) -> list[Violation]:
    """Every reason the round `entries`, played on top of `totals`, breaks the rules."""
    if len(entries) != len(totals):
        raise ValueError(f"{len(entries)} entries for {len(totals)} players")
    if is_over(totals):
        return [Violation("game_over")]
    found = [
        v
        for seat, (entry, total) in enumerate(zip(entries, totals, strict=True))
        if (v := _entry_violation(seat, entry, total)) is not None
    ]
    if found:
        return found
    emptied = [seat for seat, entry in enumerate(entries) if entry <= 0]
    if len(emptied) > 1:
        return [
            Violation("several_emptied", seat, params={"count": len(emptied)}) for seat in emptied
        ]
    return []


def apply_round(totals: Sequence[int], entries: Sequence[int]) -> tuple[int, ...]:
    """The totals after a valid round; RoundRefused if it breaks the rules."""
    violations = validate_round(totals, entries)
    if violations:
        raise RoundRefused(violations)
    return tuple(total + points(total, entry) for total, entry in zip(totals, entries, strict=True))


def _as_round(round_: Round | Sequence[int]) -> Round:
    return round_ if isinstance(round_, Round) else Round(tuple(round_))


def fold(
    players: int, rounds: Iterable[Round | Sequence[int]], first_starter: int | None = None
) -> GameState:
    """Replay a whole game from its first round; RoundRefused names the first bad round."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"L.L.A.M.A. is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    totals, results, starter = (0,) * players, [], first_starter
    for number, round_ in enumerate(map(_as_round, rounds), start=1):
        entries = tuple(round_.entries)
        try:
            new_totals = apply_round(totals, entries)
        except RoundRefused as refused:
            raise RoundRefused([_in_round(v, number) for v in refused.violations]) from None
        quitter = round_.last_to_quit
        if type(quitter) is not int or quitter not in range(players):
            quitter = None
        starter = next_starter(entries, quitter)
        change = tuple(b - a for a, b in zip(totals, new_totals, strict=True))
        results.append(RoundResult(number, entries, change, new_totals, emptier(entries), starter))
        totals = new_totals
    finished = is_over(totals)
    return GameState(
        players=players,
        rounds=tuple(results),
        totals=totals,
        finished=finished,
        winners=lowest(totals) if finished else (),
        leaders=lowest(totals) if results else (),
        next_starter=None if finished else starter,
    )


def _in_round(violation: Violation, number: int) -> Violation:
    return Violation(violation.code, violation.seat, number, violation.params)
