"""The system checks of games/checks.py: Game.Kind and games.rules must agree."""

import pytest
from django.core import checks

from games import rules

# The model checks ask SQLite whether it has JSON (the task queue's and the jobs' JSON fields):
# a question for the database, answered once per connection.
pytestmark = pytest.mark.django_db


def games_errors():
    return [error for error in checks.run_checks() if error.id.startswith("games.")]


def test_the_kinds_and_the_rulesets_agree_as_shipped():
    assert games_errors() == []


def test_a_kind_without_rules_is_reported(monkeypatch):
    # A new dict, not the shared one changed: restored, its order would differ.
    without_lato = {kind: r for kind, r in rules.RULESETS.items() if kind != "lato"}
    monkeypatch.setattr(rules, "RULESETS", without_lato)
    (error,) = games_errors()
    assert error.id == "games.E001" and error.level == checks.ERROR
    assert error.msg == "Game.Kind has kinds that no ruleset plays: lato."


def test_rules_without_a_kind_are_reported(monkeypatch):
    more = rules.RULESETS | {"chess": rules.lama.RULES, "go": rules.lama.RULES}
    monkeypatch.setattr(rules, "RULESETS", more)
    (error,) = games_errors()
    assert error.id == "games.E002"
    assert error.msg == "games.rules has rulesets that Game.Kind lacks: chess, go."
