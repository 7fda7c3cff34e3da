"""The rules as they were when migrations 0009 to 0024 replayed the games of before: a frozen
copy of games/rules/ as of commit e1688c0, which added 0024, so that a database migrated today from before those migrations is settled as
it would have been then, whatever games/rules/ says now. Never edit it to follow the rules: a
later change of the rules reaches stored games through the fingerprint check (games/settling.py),
which settles every game again by the rules of the day. Not a migration: Django's loader skips
packages in games/migrations/."""

from games.migrations.frozen_rules import lama, lato, llama_llama
from games.migrations.frozen_rules.base import (
    EMPTIED,
    FINAL_ROUND,
    ROUND_LIMIT,
    SHARED,
    TOTAL,
    GameState,
    Recount,
    Round,
    RoundRefused,
    RoundResult,
    Ruleset,
    Violation,
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
]
