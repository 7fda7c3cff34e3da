"""What the rule pages show: their sections, and worked examples computed by the rules module.

One module per game: `lama` (L.L.A.M.A.), `lato` (its Lato z komarami rule), `llama_llama`,
`party` (the L.A.M.A. Party Edition).
No number a rule page states about scoring is typed in a template: each comes from
`games.rules`, so the pages and the scorer cannot disagree. Each game's sections and examples
are asked of its own module (`rulebook.lama.SECTIONS`); only what every game shares is here.
"""

from games.rulebook import lama, lato, llama_llama, party
from games.rulebook.base import neighbours

__all__ = ["lama", "lato", "llama_llama", "neighbours", "party"]
