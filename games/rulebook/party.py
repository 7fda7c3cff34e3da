"""The page of the L.A.M.A. Party Edition: what it adds to L.L.A.M.A., with the rule summaries'
examples computed by its rules module (games/rules/party.py)."""

from dataclasses import dataclass

from games.rulebook.lama import as_written
from games.rules import lama, party

RULES = party.RULES
LLAMA, PINK = lama.LLAMA, party.PINK_LLAMA

HANDS = {
    "pink_and_two_llamas": (PINK, LLAMA, LLAMA),
    "full_hand": (*RULES.card_values, LLAMA, LLAMA, PINK),
}
# A player who emptied their hand, by their total before it: the best chip their points allow.
RETURN_TOTALS = {"pink": 23, "black": 15, "white": 7}


@dataclass(frozen=True)
class Hand:
    cards: tuple
    penalty: int
    chips: dict  # colour: count, the biggest chip first
    llamas: int  # what the llamas cost together, the pink one apart


@dataclass(frozen=True)
class Return:
    total: int
    entry: int
    after: int
    chip: str  # the colour given back

    @property
    def as_written(self):
        return as_written(self.entry)


def numbers():
    """The constants the page quotes, the Party Edition's beside L.L.A.M.A.'s."""
    original = lama.RULES
    named = zip(RULES.chip_names, RULES.chip_values, strict=True)
    return {
        "min_players": RULES.min_players,
        "max_players": RULES.max_players,
        "llamas": RULES.llama_cost,
        "pink_llama": RULES.pink_llama_cost,
        "max_penalty": RULES.max_entry,
        "formula": RULES.penalty_formula(),
        # The same sum in two pieces held whole, the line free to break between them: held
        # whole, it is wider than a 320 px phone reading 24 px text.
        "formula_numbers": "+".join(str(value) for value in RULES.card_values),
        "formula_llamas": "+".join(str(p) for p in RULES.penalty_parts[len(RULES.card_values) :]),
        "lowest": min(RULES.card_values),
        "highest": max(RULES.card_values),
        "end": RULES.end_score,
        "lama_max_penalty": original.max_entry,
        **dict(named),
    }


def hand(cards):
    penalty = RULES.hand_penalty(cards)
    chips = dict(zip(RULES.chip_names, RULES.chips(penalty), strict=True))
    return Hand(tuple(cards), penalty, chips, RULES.llamas_cost(cards.count(LLAMA)))


def returned(total):
    entry = RULES.best_return(total)
    return Return(total, entry, total + RULES.points(total, entry), RULES.chip_name(entry))


def examples():
    return {
        "hands": {name: hand(cards) for name, cards in HANDS.items()},
        "returns": {name: returned(total) for name, total in RETURN_TOTALS.items()},
    }
