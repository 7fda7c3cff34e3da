"""The page of the Lato z komarami rule: what it changes in L.L.A.M.A., with hands scored both
ways by the rules module."""

from games.rulebook.lama import as_written, hand
from games.rules import lama, lato

LLAMA = lama.LLAMA

# Hands that show the difference, or that there is none: with one card of 10 both rules agree.
# The rules call that card a llama in both; the page shows a mosquito ("bzzz") for the Lato z
# komarami rule, as its box does (templates/rules/_compared.html).
HANDS = {
    "two_ones_and_two_llamas": (1, 1, LLAMA, LLAMA),
    "one_llama": (5, LLAMA),
    "three_llamas": (LLAMA, LLAMA, LLAMA),
    "full_hand": (*lama.CARD_VALUES, *[LLAMA] * lato.RULES.llama_cards),
}
# A player who emptied their hand, by their total before it: 23 gives back a black chip.
RETURN_TOTALS = (23, 7)


def numbers():
    """The constants the page quotes, the variant's beside L.L.A.M.A.'s."""
    rules, original = lato.RULES, lama.RULES
    return {
        "min_players": rules.min_players,
        "max_players": rules.max_players,
        "llama_cards": rules.llama_cards,
        "llama_cost": rules.llama_cost,
        # its cards of 10 are mosquitoes: all of them in one hand cost 70
        "mosquitoes_cost": rules.llamas_cost(rules.llama_cards),
        "max_penalty": rules.max_entry,
        "formula": rules.penalty_formula(),
        "lowest": min(rules.card_values),
        "highest": max(rules.card_values),
        "end": rules.end_score,
        "black": lama.BLACK_CHIP,
        "lama_llamas": original.llama_cost,
        "lama_max_penalty": original.max_entry,
        "lama_formula": original.penalty_formula(),
    }


def examples():
    """Each hand as the variant scores it, and as L.L.A.M.A. does."""
    compared = {
        name: {"lato": hand(cards, lato.RULES), "lama": hand(cards, lama.RULES)}
        for name, cards in HANDS.items()
    }
    returns = [(total, as_written(lato.RULES.best_return(total))) for total in RETURN_TOTALS]
    return {"hands": compared, "returns": returns}
