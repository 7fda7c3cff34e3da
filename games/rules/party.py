"""The L.A.M.A. Party Edition: L.L.A.M.A. with a pink llama and a pink chip (docs/rules-party.md).

Its deck is L.L.A.M.A.'s with one pink llama more, and one card of each number carries a plus
(its player plays again at once: a matter of play, not of scoring, so a plus card scores as
its number and the app never asks about it). A hand costs each number once, the llamas
together 10, as in L.L.A.M.A., and the pink llama 20 on its own, beside them: 1 to 51
(1+2+3+4+5+6+10+20). Chips are white (1), black (10) and pink (20); the player who emptied
their hand gives back the biggest chip the points they hold allow: -20 with 20 or more, -10
with 10 or more, else -1 (chips are changed at any time). The end at 40, the lowest total
wins and ties share, as in L.L.A.M.A.
"""

from __future__ import annotations

from games.rules.lama import BLACK_CHIP, WHITE_CHIP, Lama

PINK_LLAMA = "pink_llama"
PINK_LLAMA_COST = 20
PINK_CHIP = 20


class Party(Lama):
    kind = "party"
    name = "L.A.M.A. Party Edition"
    variant_of = "lama"
    pink_llama = PINK_LLAMA
    pink_llama_cost = PINK_LLAMA_COST
    chip_values = (PINK_CHIP, BLACK_CHIP, WHITE_CHIP)
    chip_names = ("pink", "black", "white")


RULES = Party()
MAX_PENALTY = RULES.max_entry  # 51

__all__ = ["MAX_PENALTY", "PINK_CHIP", "PINK_LLAMA", "PINK_LLAMA_COST", "RULES", "Party"]
