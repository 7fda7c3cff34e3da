"""System checks (`manage.py check`, run before the server and the tests start): what the code
says in two places must agree."""

from django.core import checks


@checks.register()
def kinds_have_rules(app_configs=None, **kwargs):
    """Every game a Game may be (Game.Kind) has a ruleset in games.rules, and every ruleset a
    kind: a kind without rules could be started and never scored, rules without a kind never
    played."""
    from games import rules
    from games.models import Kind

    return kinds_mismatch(set(Kind.values), set(rules.RULESETS))


def kinds_mismatch(kinds, rulesets):
    errors = []
    if unplayed := sorted(kinds - rulesets):
        errors.append(
            checks.Error(
                f"Game.Kind has kinds that no ruleset plays: {', '.join(unplayed)}.",
                hint="Add the game's module to games.rules.RULESETS, or remove the kind.",
                obj="games.models.Kind",
                id="games.E001",
            )
        )
    if unknown := sorted(rulesets - kinds):
        errors.append(
            checks.Error(
                f"games.rules has rulesets that Game.Kind lacks: {', '.join(unknown)}.",
                hint="Add the kind to games.models.Kind, with a migration for its choices.",
                obj="games.rules.RULESETS",
                id="games.E002",
            )
        )
    return errors
