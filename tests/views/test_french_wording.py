"""The French the app writes: one word for each thing, and nothing that names a winner as a man.

The catalog and the French rule pages are read as a whole, so a new string that says "tapez"
or "vainqueur" again fails here, not in a reader's eyes.
"""

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.contrib.auth.models import User

from games.models import ShareLink
from tests.helpers.pagetext import text

ROOT = Path(settings.BASE_DIR)
CATALOG = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"
FRENCH_RULES = sorted((ROOT / "templates" / "rules" / "fr").rglob("*.html"))

# "taper" for typing a number: French interfaces say "saisir".
TYPING = re.compile(r"\b(tap(e|es|ez|er|é|ée|és|ées|ons)|tapez-en)\b", re.IGNORECASE)
# A winner named in the masculine, beside women's names.
MASCULINE_WINNER = re.compile(r"\b(vainqueurs?|gagnants?)\b", re.IGNORECASE)
# The app keeps one score per game: "tenir le score", never "les scores" beside it.
SCORES = re.compile(r"\b(tien\w*|tenez|tenir) les scores\b", re.IGNORECASE)


def french_texts():
    for entry in polib.pofile(str(CATALOG)):
        yield f"catalog: {entry.msgid}", entry.msgstr
        for plural in entry.msgstr_plural.values():
            yield f"catalog: {entry.msgid}", plural
    for path in FRENCH_RULES:
        yield str(path.relative_to(ROOT)), path.read_text()


@pytest.mark.parametrize(
    "pattern", [TYPING, MASCULINE_WINNER, SCORES], ids=["saisir", "neutral winner", "le score"]
)
def test_the_french_uses_one_word_for_each_thing(pattern):
    found = [f"{where}: {match.group(0)}" for where, french in french_texts()
             if (match := pattern.search(french))]  # fmt: skip
    assert not found


def test_cards_left_are_restantes_and_whoever_quit_last_is_named_without_a_gender():
    entries = {entry.msgid: entry.msgstr for entry in polib.pofile(str(CATALOG))}
    assert entries["Cards left in %(name)s's hand"].startswith("Cartes restantes dans la main")
    quit_last = entries["Nobody emptied their hand: say who quit last, who starts the next round."]
    assert "cette personne commence" in quit_last


SHARED = [[31, 2, 2], [10, 1, 1]]  # Ben and Cleo tie on the lowest total


@pytest.fixture
def french(alice_client):
    alice_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    return alice_client


def test_a_shared_victory_lists_its_winners_alike_on_every_page(french, make_game):
    game = make_game(rounds=SHARED)
    link = ShareLink.objects.create(game=game)
    pages = {
        "sheet": text(french.get(game.get_absolute_url()).text),
        "live view": text(french.get(link.get_absolute_url()).text),
        "history": text(french.get("/history/").text),
    }
    for page in ("sheet", "live view"):
        assert "Victoire partagée\u00a0: Ben et Cleo\u00a0!" in pages[page], page
    assert "Victoire partagée\u00a0: Ben et Cleo" in pages["history"]
    assert not any("Ben, Cleo" in page for page in pages.values())


def test_three_winners_read_as_a_sentence_in_the_admin(admin_client, make_game):
    admin = User.objects.get(username="admin")
    admin_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    rounds = [[31, 3, 3, 3], [10, 1, 1, 1]]
    make_game(names=("Ana", "Ben", "Cleo", "Dan"), rounds=rounds, owner=admin)

    page = text(admin_client.get("/admin/games/game/").text)

    assert "victoire partagée\u00a0: Ben, Cleo et Dan" in page
