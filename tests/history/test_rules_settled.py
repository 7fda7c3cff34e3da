"""Stored places and finished_at follow the rules: `migrate` settles every game again when the
rules' source changed since they were last settled (games/settling.py)."""

import shutil
from io import StringIO

import pytest
from django.core.management import call_command

from games import settling
from games.models import Game, RulesSettled

pytestmark = pytest.mark.django_db


def stored(game):
    return tuple(Game.objects.filter(pk=game.pk).values_list("finished_at", "places").get())


def test_migrate_settles_every_game_again_once_the_rules_change(make_game, monkeypatch):
    over = make_game(rounds=[(25, 0, 5), (20, 3, 0)])  # Ana at 45: over, Ben first
    settled = stored(over)
    assert settled[1] == [3, 1, 2]
    Game.objects.filter(pk=over.pk).update(finished_at=None, places=None)  # as older rules left it

    call_command("migrate", verbosity=0)
    assert stored(over) == (None, None)  # the same rules: nothing is settled again

    monkeypatch.setattr(settling, "fingerprint", lambda: "rules of tomorrow")
    call_command("migrate", verbosity=0)
    assert stored(over) == settled
    assert RulesSettled.objects.filter(fingerprint="rules of tomorrow").exists()


def test_the_fingerprint_changes_with_any_file_of_the_rules(tmp_path):
    folder = shutil.copytree(settling.RULES, tmp_path / "rules")
    assert settling.fingerprint(folder) == settling.fingerprint()
    lama = folder / "lama.py"
    lama.write_text(lama.read_text().replace("40", "50"))
    assert settling.fingerprint(folder) != settling.fingerprint()


def test_resettle_records_that_todays_rules_settled_every_game():
    RulesSettled.objects.all().delete()
    call_command("resettle", stdout=StringIO())
    assert RulesSettled.objects.filter(fingerprint=settling.fingerprint()).exists()
