"""The system checks of games/checks.py: Game.Kind and games.rules must agree."""

from django.core import checks

from games import rules


def games_errors():
    return [error for error in checks.run_checks() if error.id.startswith("games.")]


def test_the_kinds_and_the_rulesets_agree_as_shipped():
    assert games_errors() == []


def test_a_kind_without_rules_is_reported(monkeypatch):
    monkeypatch.delitem(rules.RULESETS, "lato")
    (error,) = games_errors()
    assert error.id == "games.E001" and error.level == checks.ERROR
    assert error.msg == "Game.Kind has kinds that no ruleset plays: lato."


def test_rules_without_a_kind_are_reported(monkeypatch):
    monkeypatch.setitem(rules.RULESETS, "chess", rules.lama.RULES)
    monkeypatch.setitem(rules.RULESETS, "go", rules.lama.RULES)
    (error,) = games_errors()
    assert error.id == "games.E002"
    assert error.msg == "games.rules has rulesets that Game.Kind lacks: chess, go."
