"""The German the app writes, as a family at the table reads it.

The app says "Sie" to its reader. Where German writes every word with a capital anyway (a
message's first word, after a colon, after a full stop), "Sie", "Ihr" or "Ihre" can no longer
be told from "sie" (they, it) or "ihr" (its): "Partie 3: Ihre Runden müssen …" reads as the
reader's rounds. Each such place is listed here once a person has read it and found that it
does address the reader; a new one fails until someone decides (rewrite it with a noun, or
list it). One word for the rating (Spielstärke), the box's own name (L.A.M.A.), German dates.
"""

import re
from datetime import UTC, datetime
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import formats, timezone, translation

from games.models import Game, Night
from tests.helpers.pagetext import text

ROOT = Path(settings.BASE_DIR)
CATALOG = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"
GERMAN_RULES = sorted((ROOT / "templates" / "rules" / "de").rglob("*.html"))

# A capital Sie, Ihr, Ihre, Ihnen … where a capital is due anyway: at the start, after a colon,
# a full stop, a question or exclamation mark, a semicolon, an opening „ or (.
CAPITAL_DUE = re.compile(r"(?:^|[:.!?;]\s+|[„(]\s*)(Sie|Ihr(?:e[mnrs]?)?|Ihnen)\b")

# Messages (by their English) in which such a word does address the reader, each read.
ADDRESSES_THE_READER = {
    "Only to reset a forgotten password: without an address, it cannot be reset. You can add one later on your account page.",  # noqa: E501
    "Your password",
    "Your account",
    "Your players",
    "Your new password is set. Log in with it.",
    "Your time zone is saved.",
    "Your new password is set.",
    "Your e-mail address is saved.",
    "Your e-mail address is removed.",
    "Your account is closed and signed out; its games are being deleted.",
    "Your file of %(count)s game is ready.",
    "Your history holds %(count)s game, the most an account can hold: delete it before importing more.",  # noqa: E501
    "your history holds %(held)s game, and with the %(count)s of this file it would hold more than %(max)s, the most an account can hold.",  # noqa: E501
    "Your pictures were drawn many times this minute: try again shortly.",
    "Round %(number)s was already saved (%(theirs)s) and the game is over: your numbers (%(numbers)s) were not saved.",  # noqa: E501
    "Round %(number)s was already saved, from another phone or an older page, with other numbers (%(theirs)s): it is in the table. Your numbers (%(numbers)s) are in the form below: save them as round %(next)s if they are a new round, or edit round %(number)s if yours are the right ones.",  # noqa: E501
    "Round %(number)s was already saved and the game is over: your numbers (%(numbers)s) were not saved.",  # noqa: E501
    "Round %(number)s was already saved, from another phone or an older page: it is in the table. Your numbers (%(numbers)s) are in the form below: save them as round %(next)s if they are a new round.",  # noqa: E501
    "Your history holds %(count)s game, the most an account can hold: delete it before starting another.",  # noqa: E501
    "You asked for %(count)s export in the last hour: wait a little, then export again.",
    "Your account cannot do this.",
    "Round %(number)s was not saved: the sheet changed on another phone. Your numbers are in the form below.",  # noqa: E501
    "The round was not saved: no connection. Your numbers are still here; tap Save round again.",  # noqa: E501
    "The round was not saved: the server had a problem. Your numbers are still here; tap Save round again.",  # noqa: E501
    "The round was not saved: this page was open too long. Your numbers are still here; tap Save round again.",  # noqa: E501
    "You keep the score of this game with scorer link %(number)s: you can add, edit and undo its rounds.",  # noqa: E501
    "You have no other player with a game to merge with.",
    "Create a read-only link to this game, with a QR code the others can scan. You can stop sharing at any time.",  # noqa: E501
    "The live link and its QR code will stop working for everyone who has them. You can create a new link later.",  # noqa: E501
    "You can leave this page: the work goes on, and this page shows where it is when you come back.",  # noqa: E501
}
# The same on the German rule pages, by the sentence's opening words.
READER_ON_RULE_PAGES = {
    "box.html": ["Sie entscheiden, wann Sie Ihr Glück"],
    "faq.html": ["Sie bekommen keine Minuspunkte"],
    "turn.html": ["Sie dürfen nie eine niedrigere Karte"],
}


def capital_due(german):
    """The capital Sie/Ihr… of `german` that a reader cannot tell from "they" or "its"."""
    return [match.group(1) for match in CAPITAL_DUE.finditer(german)]


def catalog_entries(path=CATALOG):
    return [entry for entry in polib.pofile(str(path)) if not entry.obsolete]


def texts(entry):
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def flagged_messages(path=CATALOG):
    return {e.msgid for e in catalog_entries(path) if any(capital_due(t) for t in texts(e))}


def rule_page_prose(path):
    """A rule page's words, without its template tags and markup, one paragraph a line."""
    words = re.sub(r"\{[%{#].*?[%}#]\}", "", path.read_text())
    return re.sub(r"<[^>]+>", "", words)


def flagged_rule_sentences():
    found = {}
    for path in GERMAN_RULES:
        for line in rule_page_prose(path).splitlines():
            for match in CAPITAL_DUE.finditer(line.strip()):
                found.setdefault(path.name, []).append(line.strip()[match.start(1) :])
    return found


def test_a_capital_sie_or_ihr_where_any_word_has_one_addresses_the_reader():
    flagged = flagged_messages()
    assert sorted(flagged - ADDRESSES_THE_READER) == [], "rewrite with a noun, or list it"
    assert sorted(ADDRESSES_THE_READER - flagged) == [], "listed, but no longer in the catalog"


def test_the_rule_pages_say_sie_at_the_start_of_a_sentence_only_to_the_reader():
    found = flagged_rule_sentences()
    unread = {
        page: [s for s in sentences
               if not any(s.startswith(read) for read in READER_ON_RULE_PAGES.get(page, []))]
        for page, sentences in found.items()
    }  # fmt: skip
    assert {page: s for page, s in unread.items() if s} == {}
    assert sorted(found) == sorted(READER_ON_RULE_PAGES)


@pytest.mark.parametrize(
    "german",
    [
        "Partie 3: Ihre Runden müssen eine Liste sein.",
        "Ana und Ben haben je 5 Punkte erzielt: Sie teilen sich den Sieg.",
        "Diese Partie ist vorbei: Ihre Schreiber-Links ändern sie nicht mehr",
        "Sie hat vor dem Ende aufgehört.",
        "Legen Sie eine Karte ab. Sie muss denselben Wert haben.",
        "(Ihnen bleibt nichts)",
    ],
)
def test_the_check_notices_a_capital_where_it_cannot_be_told_apart(german):
    assert capital_due(german)


@pytest.mark.parametrize(
    "german",
    ["Öffnen Sie ihre Partie, um sie zu senden.", "Geben Sie die Punkte von Ben ein.",
     "Die anderen verfolgen das Punkteblatt, während Sie eintragen."],
)  # fmt: skip
def test_the_check_leaves_a_capital_that_only_the_reader_can_be(german):
    assert capital_due(german) == []


def msgstr(msgid):
    return next(e for e in catalog_entries() if e.msgid == msgid).msgstr


def test_the_rating_is_spielstaerke_and_wertung_is_left_to_scoring():
    assert msgstr("Rating") == "Spielstärke"
    assert msgstr("ratings") == "Spielstärken"  # the admin's field
    assert msgstr("provisional") == "vorläufig"
    # "Wertung" alone, or "bewertet": only where the English speaks of scoring.
    rating_words = re.compile(r"\b(Wertung(en)?|bewertet\w*|Bewertung\w*)\b")
    found = [e.msgid for e in catalog_entries() for t in texts(e)
             if rating_words.search(t) and "scor" not in e.msgid.lower()]  # fmt: skip
    assert found == []
    table = (ROOT / "templates" / "rules" / "de" / "table.html").read_text()
    assert "Spielstärke" in table and not rating_words.search(table)


def test_the_box_is_called_as_amigo_prints_it():
    named = [e for e in catalog_entries() if "L.L.A.M.A." in e.msgid]
    assert named
    for entry in named:
        for german in texts(entry):
            assert "L.A.M.A." in german and not re.search(r"\bLAMA\b|L\.L\.A\.M\.A\.", german)
    # On the rule pages, LAMA is the French box only (Gigamic's, "LÂche ta MAin").
    for path in GERMAN_RULES:
        for line in path.read_text().splitlines():
            if re.search(r"\bLAMA\b", line):
                assert "Gigamic" in line or "französische" in line, (path.name, line)
    assert "„Lege Alle Minuspunkte Ab“" in (GERMAN_RULES[0].parent / "box.html").read_text()


@pytest.fixture
def german(alice_client):
    alice_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    return alice_client


# 14:05 in Paris, the site's time zone (tests run with the default TIME_ZONE).
SAINT_NICHOLAS = datetime(2026, 12, 6, 13, 5, tzinfo=UTC)


def test_dates_read_as_germans_write_them(german, make_game):
    game = make_game(rounds=[(31, 4, 12)])
    Game.objects.filter(pk=game.pk).update(created_at=SAINT_NICHOLAS)
    Night.objects.filter(pk=game.night_id).update(start=SAINT_NICHOLAS, label="Omas Geburtstag")

    history = text(german.get("/history/").text)
    night = text(german.get(f"/nights/{game.night_id}/").text)
    delete = text(german.get(f"/games/{game.pk}/delete/").text)

    assert "06.12.2026 14:05" in history
    assert "Spieleabend: Omas Geburtstag (6.\u00a0Dezember 2026)" in night  # no break after 6.
    assert "Der Abend vom" not in night
    assert "Soll die Partie vom 06.12.2026 14:05 mit Ana, Ben und Cleo gelöscht werden?" in delete
    with translation.override("de"):
        moment = formats.date_format(timezone.localtime(SAINT_NICHOLAS), "DATETIME_FORMAT")
    assert moment == "6.\u00a0Dezember 2026, 14:05"


def test_the_share_page_tells_the_scorer_who_cannot_change_the_sheet(german, make_game):
    game = make_game(rounds=[(31, 4, 12)])
    page = text(german.post(f"/games/{game.pk}/share/", follow=True).text)
    assert "während Sie eintragen. Lesen können sie es, aber nicht ändern." in page
