"""The Lato z Komarami rule: L.L.A.M.A. with 7 llama cards, each costing 10 on its own.

Everything else is L.L.A.M.A.: each value from 1 to 6 counts once, the player who emptied
their hand gives back a chip, the game ends at 40, the lowest total wins and ties share.
So a hand costs 1 to 91 (1+2+3+4+5+6 and 7 llamas of 10), and two 1s with two llamas 21.
"""

from __future__ import annotations

from games.migrations.frozen_rules.lama import Lama


class Lato(Lama):
    kind = "lato"
    name = "L.L.A.M.A. (Lato z Komarami)"
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
