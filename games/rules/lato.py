"""The Lato z komarami rule: L.L.A.M.A. with 7 cards of 10, each costing 10 on its own.

The Polish game's cards of 10 are mosquitoes ("bzzz"), where L.L.A.M.A. has 8 llamas; they play
and count as this module's `llama` card does (the pages call them mosquitoes).

Everything else is L.L.A.M.A.: each value from 1 to 6 counts once, the player who emptied
their hand gives back a chip, the game ends at 40, the lowest total wins and ties share.
So a hand costs 1 to 91 (1+2+3+4+5+6 and 7 mosquitoes of 10), and two 1s with two of them 21.
"""

from __future__ import annotations

from games.rules.lama import Lama


class Lato(Lama):
    kind = "lato"
    name = "L.L.A.M.A. (Lato z komarami)"
    llama_cards = 7
    variant_of = "lama"

    @property
    def penalty_parts(self) -> tuple[int, ...]:
        return (*self.card_values, *[self.llama_cost] * self.llama_cards)

    def penalty_formula(self) -> str:
        values = "+".join(str(value) for value in self.card_values)
        return f"{values}+{self.llama_cards}×{self.llama_cost}"

    def llamas_cost(self, count: int) -> int:
        """Each llama card costs LLAMA_COST."""
        return self.llama_cost * count


RULES = Lato()
