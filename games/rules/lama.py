"""L.L.A.M.A. (LAMA in its French edition): the lowest total wins when someone reaches 40.

A round is typed the Marquoir way: a penalty from 1 to 31 for each player left with cards
(each value once, all llamas together 10), and for the player who emptied their hand 0, or
the chip they give back: -1 (white) or -10 (black, only with 10 points or more). A player
with no chip yet gives nothing back: a return typed for them counts, and is shown, as 0.

A return is stored as typed and counts the best chip the player holds when the round is
replayed: an earlier round corrected since may leave them fewer points (-10 then counts -1,
or 0), and the correction taken back gives them the chip they gave back again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property

from games.rules.base import Round, Ruleset, Violation, is_whole

CARD_VALUES = (1, 2, 3, 4, 5, 6)
LLAMA = "llama"
LLAMA_COST = 10
BLACK_CHIP = 10
WHITE_CHIP = 1
RETURNS = (-WHITE_CHIP, -BLACK_CHIP)
MIN_ENTRY = -BLACK_CHIP
END_SCORE = 40
MIN_PLAYERS = 2
MAX_PLAYERS = 6


class Lama(Ruleset):
    kind = "lama"
    name = "L.L.A.M.A."
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    end_score = END_SCORE
    has_starter = True
    has_chips = True
    has_emptied_hand = True
    card_values = CARD_VALUES
    llama = LLAMA
    llama_cards: int | None = None  # each llama is counted only where their number matters
    llama_cost = LLAMA_COST
    pink_llama: str | None = None  # the Party Edition's card (games/rules/party.py)
    pink_llama_cost = 0
    # The chips a total is paid in, the biggest first, by the name the app gives each colour.
    chip_values: tuple[int, ...] = (BLACK_CHIP, WHITE_CHIP)
    chip_names: tuple[str, ...] = ("black", "white")

    @cached_property  # asked of every number a fold replays
    def max_entry(self) -> int:
        """The most a hand can cost: one card of each value and all the llamas."""
        llamas = [self.llama] * (self.llama_cards or 1)
        pink = [self.pink_llama] if self.pink_llama else []
        return self.hand_penalty((*self.card_values, *llamas, *pink))

    @property
    def min_entry(self) -> int:
        """The biggest chip given back."""
        return -self.chip_values[0]

    @property
    def returns(self) -> tuple[int, ...]:
        """What may be typed below zero: one chip given back (-1, -10)."""
        return tuple(-value for value in reversed(self.chip_values))

    @property
    def penalty_parts(self) -> tuple[int, ...]:
        """What the most expensive hand adds up, part by part (1, 2, ..., 6, 10)."""
        pink = (self.pink_llama_cost,) if self.pink_llama else ()
        return (*self.card_values, self.llama_cost, *pink)

    def penalty_formula(self) -> str:
        """The sum behind `max_entry`, as the rule pages and the messages write it."""
        return "+".join(str(part) for part in self.penalty_parts)

    def llamas_cost(self, count: int) -> int:
        """All llamas together cost LLAMA_COST, however many."""
        return self.llama_cost if count else 0

    def hand_penalty(self, cards: Iterable[int | str]) -> int:
        """Penalty for the cards left in a hand: each value once, plus the llamas."""
        cards = list(cards)
        llamas = (self.llama, self.pink_llama) if self.pink_llama else (self.llama,)
        for card in cards:
            if card not in llamas and (type(card) is not int or card not in self.card_values):
                raise ValueError(f"not a {self.name} card: {card!r}")
        count = cards.count(self.llama)
        if self.llama_cards is not None and count > self.llama_cards:
            raise ValueError(f"{self.name} has only {self.llama_cards} llama cards")
        pink = cards.count(self.pink_llama) if self.pink_llama else 0
        if pink > 1:
            raise ValueError(f"{self.name} has only one pink llama")
        values = {card for card in cards if card not in llamas}
        return sum(values) + self.llamas_cost(count) + self.pink_llama_cost * pink

    # -------------------------------------------------------------- chips and returns

    def best_return(self, total: int) -> int:
        """The entry for a player who emptied their hand: give back the biggest chip held
        (chips are changed at any time, so 10 points always hold a black one)."""
        return next((-chip for chip in self.chip_values if total >= chip), 0)

    def chips(self, total: int) -> tuple[int, ...]:
        """A total as chips of each value of `chip_values` ((black, white) here), changing
        small chips for big ones where possible."""
        left, counts = max(total, 0), []
        for chip in self.chip_values:
            count, left = divmod(left, chip)
            counts.append(count)
        return tuple(counts)

    def chip_name(self, entry: int) -> str:
        """The colour of the chip a return gives back (-10: "black")."""
        return self.chip_names[self.chip_values.index(-entry)]

    def points(self, total: int, entry: int) -> int:
        """What an entry counts on `total`: a return counts the chip typed, or the best chip
        the player holds when they hold less (-10 counts -1 with 1 to 9 points; any return
        counts 0 with none, the Marquoir convention: "with a total of 0, it is 0"). Typed by
        hand, a black chip the player lacks is refused (`entry_violation`); stored, it was
        typed against other totals (an earlier round corrected since) and counts this."""
        return max(entry, self.best_return(total)) if entry < 0 else entry

    def reads_total(self, entry: int) -> bool:
        """A return (0 or below) gives back a chip the player holds, or none: what it does
        depends on their total."""
        return entry <= 0

    def emptier(self, entries: Sequence[int]) -> int | None:
        """The seat that emptied its hand (typed 0 or below), if any."""
        seats = [seat for seat, entry in enumerate(entries) if entry <= 0]
        return seats[0] if len(seats) == 1 else None

    def next_starter(self, entries: Sequence[int], last_to_quit: int | None = None) -> int | None:
        """Who starts the next round: the player who emptied their hand, else the last to quit."""
        seat = self.emptier(entries)
        return seat if seat is not None else last_to_quit

    def missing_facts(self, round_: Round) -> list[Violation]:
        """Without an emptied hand, only the last to quit says who starts the next round. Not
        asked while a number is missing or unreadable: it may be the emptied hand's."""
        entries = round_.entries
        if round_.last_to_quit is not None or any(not is_whole(e) for e in entries):
            return []
        return [Violation("who_quit_last")] if self.emptier(entries) is None else []

    def round_details(self, entries, last_to_quit, starter):
        return self.emptier(entries), self.next_starter(entries, last_to_quit)

    # -------------------------------------------------------------- what an entry may be

    def value_violation(self, entry: object, seat: int | None = None) -> Violation | None:
        if entry is None or entry == "":
            return Violation("missing", seat)
        if isinstance(entry, bool) or not isinstance(entry, int):
            return Violation("not_whole", seat, params={"value": entry})
        if entry > self.max_entry:
            return Violation("too_high", seat, params={"value": entry, "max": self.max_entry})
        if entry < 0 and entry not in self.returns:
            named = zip(self.chip_names, self.chip_values, strict=True)
            params = {"value": entry} | {name: -value for name, value in named}
            return Violation("bad_negative", seat, params=params)
        return None

    def entry_violation(self, seat: int, entry: int, total: int) -> Violation | None:
        """A chip bigger than any the player holds (a black one with 1 to 9 points: white
        chips only) is a chip they do not have: refused, naming the chip and the one they can
        give. With no chip at all there is nothing to give back, and `points` counts it 0.
        Asked of the round being typed only (`Ruleset.validate_round`)."""
        best = self.best_return(total)
        if entry < best and total > 0:
            params = {"value": entry, "total": total, "best": best}
            return Violation(
                "return_too_big", seat, params=params | {"chip": self.chip_name(entry)}
            )
        return None

    def round_violations(self, entries: Sequence[int | None]) -> list[Violation]:
        emptied = [seat for seat, entry in enumerate(entries) if entry is not None and entry <= 0]
        if len(emptied) > 1:
            params = {"count": len(emptied)}
            return [Violation("several_emptied", seat, params=params) for seat in emptied]
        return []


RULES = Lama()
MAX_PENALTY = RULES.max_entry  # 31: one of each value and llamas


__all__ = [
    "BLACK_CHIP",
    "CARD_VALUES",
    "END_SCORE",
    "LLAMA",
    "LLAMA_COST",
    "MAX_PENALTY",
    "MAX_PLAYERS",
    "MIN_ENTRY",
    "MIN_PLAYERS",
    "RETURNS",
    "RULES",
    "WHITE_CHIP",
    "Lama",
]
