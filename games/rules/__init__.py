"""The rules of the games Scorekeeper keeps the score of: one module per game, one interface.

`for_kind(kind)` gives a game's `Ruleset` (games/rules/base.py): who may play, what a valid
entry is, what it does to a total, the end, the winners with their tie-breaks, the leaders,
and what the table needs to know before the next round. Nothing here imports Django (a ruff
rule in pyproject.toml keeps it so): views, forms, the admin, the import and the rule pages
all ask these modules, so they can never disagree about a score.

The names at this level are L.L.A.M.A.'s, the game the app started with.
"""

from games.rules import lama, lato, llama_llama
from games.rules.base import (
    FINAL_ROUND,
    ROUND_LIMIT,
    SHARED,
    TOTAL,
    GameState,
    Round,
    RoundRefused,
    RoundResult,
    Ruleset,
    Violation,
)
from games.rules.lama import (
    BLACK_CHIP,
    CARD_VALUES,
    END_SCORE,
    LLAMA,
    LLAMA_COST,
    MAX_PENALTY,
    MIN_PLAYERS,
    RETURNS,
    WHITE_CHIP,
    apply_round,
    best_return,
    chips,
    emptier,
    fold,
    hand_penalty,
    is_over,
    next_starter,
    points,
    validate_round,
    value_violation,
)

RULESETS: dict[str, Ruleset] = {
    ruleset.kind: ruleset for ruleset in (lama.RULES, lato.RULES, llama_llama.RULES)
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
    "BLACK_CHIP",
    "CARD_VALUES",
    "DEFAULT_KIND",
    "END_SCORE",
    "FINAL_ROUND",
    "LLAMA",
    "LLAMA_COST",
    "MAX_ENTRY",
    "MAX_PENALTY",
    "MAX_PLAYERS",
    "MIN_ENTRY",
    "MIN_PLAYERS",
    "RETURNS",
    "ROUND_LIMIT",
    "RULESETS",
    "SHARED",
    "TOTAL",
    "WHITE_CHIP",
    "GameState",
    "Round",
    "RoundRefused",
    "RoundResult",
    "Ruleset",
    "Violation",
    "apply_round",
    "best_return",
    "chips",
    "emptier",
    "fold",
    "for_kind",
    "hand_penalty",
    "is_over",
    "next_starter",
    "points",
    "validate_round",
    "value_violation",
]
