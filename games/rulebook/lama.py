"""The rule pages of L.L.A.M.A.: their sections, and worked examples computed by its rules."""

import math
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from games.numbers import shown
from games.rules import lama

RULES = lama.RULES

SECTIONS = (
    ("box", _("The box")),
    ("setup", _("Setting up")),
    ("turn", _("A turn: play, draw or quit")),
    ("end-of-round", _("The end of a round")),
    ("scoring", _("Scoring a round")),
    ("returning-a-chip", _("Returning a chip")),
    ("end-of-game", _("The end of the game and ties")),
    ("faq", _("Questions at the table")),
)

# The cards in the order they may follow each other; after the last comes the first.
LOOP = (*RULES.card_values, RULES.llama)

HANDS = {
    "two_ones_and_a_llama": (1, 1, RULES.llama),
    "three_fives": (5, 5, 5),
    "two_llamas": (RULES.llama, RULES.llama),
    "full_hand": (*RULES.card_values, RULES.llama, RULES.llama),
    "quitter": (2, 6, 6, RULES.llama),
}
RETURN_TOTALS = {"black": 23, "exactly_ten": 10, "white": 7, "nothing": 0}
GAME_PLAYERS = ("Ana", "Ben", "Cleo")
# Typed the Marquoir way; the third round takes Cleo past the end and ties Ana and Ben.
GAME_ROUNDS = ((0, 13, 21), (17, -10, 9), (6, 20, 12))


@dataclass(frozen=True)
class Hand:
    cards: tuple
    penalty: int
    black: int
    white: int


@dataclass(frozen=True)
class Return:
    total: int
    entry: int
    after: int

    @property
    def as_written(self):
        return as_written(self.entry)


def as_written(value):
    """A number as the scoresheet shows it, with a true minus sign."""
    return shown(value)


def numbers():
    """The constants the prose quotes."""
    return {
        "min_players": RULES.min_players,
        "max_players": RULES.max_players,
        "llamas": RULES.llama_cost,
        "max_penalty": RULES.max_entry,
        "end": RULES.end_score,
        "black": lama.BLACK_CHIP,
        "white": lama.WHITE_CHIP,
    }


def hand(cards, ruleset=None):
    """What a hand costs, in points and chips, by L.L.A.M.A.'s rules or a variant's."""
    ruleset = ruleset or RULES
    penalty = ruleset.hand_penalty(cards)
    black, white = ruleset.chips(penalty)
    return Hand(tuple(cards), penalty, black, white)


def returned(total):
    entry = RULES.best_return(total)
    return Return(total, entry, total + RULES.points(total, entry))


def game_example():
    """A short game replayed by the rules module: rows of typed entries and totals."""
    state = RULES.fold(len(GAME_PLAYERS), GAME_ROUNDS, first_starter=0)
    rows = [
        {
            "number": r.number,
            "cells": [(as_written(e), t) for e, t in zip(r.entries, r.totals, strict=True)],
        }
        for r in state.rounds
    ]
    return {
        "players": GAME_PLAYERS,
        "rows": rows,
        "totals": state.totals,
        "best": min(state.totals),
        "finished": state.finished,
        "winners": [GAME_PLAYERS[seat] for seat in state.winners],
        "over": [
            name
            for name, total in zip(GAME_PLAYERS, state.totals, strict=True)
            if total >= RULES.end_score
        ],
    }


def examples():
    return {
        "hands": {name: hand(cards) for name, cards in HANDS.items()},
        "returns": {name: returned(total) for name, total in RETURN_TOTALS.items()},
        "game": game_example(),
    }


def loop_picture(radius=108, centre=150, card=(42, 58)):
    """Where the cards of the loop sit on a ring, and the arrows from each to the next."""
    step = math.tau / len(LOOP)
    gap = 0.3  # radians left free on each side of a card for the arrow

    def point(angle):
        return centre + radius * math.cos(angle), centre + radius * math.sin(angle)

    cards, arrows = [], []
    for i, value in enumerate(LOOP):
        angle = -math.pi / 2 + i * step
        x, y = point(angle)
        left, top = x - card[0] / 2, y - card[1] / 2
        # Strings, not floats: a French page would write 12,5 where SVG needs 12.5.
        at = {"x": left, "y": top, "cx": x, "cy": y, "glyph_x": left + 3, "glyph_y": top + 10}
        cards.append({"value": value} | {key: f"{v:.1f}" for key, v in at.items()})
        (x1, y1), (x2, y2) = point(angle + gap), point(angle + step - gap)
        arrows.append(f"M {x1:.1f} {y1:.1f} A {radius} {radius} 0 0 1 {x2:.1f} {y2:.1f}")
    return {"cards": cards, "arrows": arrows, "width": card[0], "height": card[1]}
