"""What the rule pages show: their sections, and worked examples computed by the rules module.

One module per game: `lama` (L.L.A.M.A.), `lato` (its Lato z Komarami rule), `llama_llama`.
No number a rule page states about scoring is typed in a template: each comes from
`games.rules`, so the pages and the scorer cannot disagree.

The names at this level are L.L.A.M.A.'s, whose pages came first.
"""

from games.rulebook import lama, lato, llama_llama
from games.rulebook.base import neighbours
from games.rulebook.lama import (
    GAME_PLAYERS,
    GAME_ROUNDS,
    HANDS,
    LOOP,
    RETURN_TOTALS,
    SECTIONS,
    examples,
    hand,
    loop_picture,
    numbers,
    typed,
)

__all__ = [
    "GAME_PLAYERS",
    "GAME_ROUNDS",
    "HANDS",
    "LOOP",
    "RETURN_TOTALS",
    "SECTIONS",
    "examples",
    "hand",
    "lama",
    "lato",
    "llama_llama",
    "loop_picture",
    "neighbours",
    "numbers",
    "typed",
]
