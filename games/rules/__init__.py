"""The rules of the games Scorekeeper keeps the score of: one module per game, one interface.

`for_kind(kind)` gives a game's `Ruleset` (games/rules/base.py): who may play, what a valid
entry is, what it does to a total, the end, the winners with their tie-breaks, the leaders,
and what the table needs to know before the next round. Nothing here imports Django (a ruff
rule in games/rules/ruff.toml keeps it so): views, forms, the admin, the import and the rule pages
all ask these modules, so they can never disagree about a score.

After changing a game's rules, run `manage.py resettle`: whether a game is over, and since
when, is stored at each write (Game.finished_at, which the history filters on), and only that
command decides it again for the games already played. The folds follow by themselves.

The fold is the one judge of where a game ends: a correction that moves the end is never
refused for it; the rounds typed after the end stay stored as typed and the fold keeps them in
`GameState.beyond`, counted nothing, until a correction moves the end after them again.

No game's own constant lives at this level: what one game has, its ruleset says
(`for_kind("lama").min_players`). The bounds here hold for every game at once.
"""

from games.rules import lama, lato, llama_llama, party
from games.rules.base import (
    EMPTIED,
    FINAL_ROUND,
    ROUND_LIMIT,
    SHARED,
    TOTAL,
    EndShift,
    GameState,
    Recount,
    Round,
    RoundRefused,
    RoundResult,
    Ruleset,
    Violation,
)

RULESETS: dict[str, Ruleset] = {
    ruleset.kind: ruleset for ruleset in (lama.RULES, lato.RULES, llama_llama.RULES, party.RULES)
}
DEFAULT_KIND = lama.RULES.kind

# What any game may need: the bounds of what the database stores, whatever the game.
MAX_PLAYERS = max(ruleset.max_players for ruleset in RULESETS.values())
MIN_ENTRY = min(ruleset.min_entry for ruleset in RULESETS.values())
MAX_ENTRY = max(ruleset.max_entry for ruleset in RULESETS.values())


def for_kind(kind: str) -> Ruleset:
    """The rules of a game kind; KeyError for a kind no module plays."""
    return RULESETS[kind]


__all__ = [
    "DEFAULT_KIND",
    "EMPTIED",
    "FINAL_ROUND",
    "MAX_ENTRY",
    "MAX_PLAYERS",
    "MIN_ENTRY",
    "RULESETS",
    "ROUND_LIMIT",
    "SHARED",
    "TOTAL",
    "EndShift",
    "GameState",
    "Recount",
    "Round",
    "RoundRefused",
    "RoundResult",
    "Ruleset",
    "Violation",
    "for_kind",
    "lama",
    "lato",
    "llama_llama",
    "party",
]
