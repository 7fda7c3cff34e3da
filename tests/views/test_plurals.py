"""Counted messages agree with their number in every language: Polish has three forms (1 runda,
2 rundy, 5 rund; 22 rundy, 25 rund), German and English two. Every message that counts
something goes through ngettext or {% blocktranslate count %}."""

import gettext
import re

import polib
import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tests.helpers.pagetext import text

COUNTS = (1, 2, 5, 22, 25)
# The Polish form each count takes: one, few (2-4, 22-24...), many (5-21, 25...).
POLISH_FORMS = {1: 0, 2: 1, 5: 2, 22: 1, 25: 2}
# Nouns the app counts. A message that puts a number before one of them without ngettext
# reads "1 games" in English and takes the wrong case in Polish.
COUNTED = (
    "games|rounds|players|points|chips|minutes|characters|days|exports|files|letters|cards|"
    "goals|items|values|numbers|levels|wins|pixels"
)
# "%(min)s to %(max)s players" is a range: its noun goes with the words "to", "from", "do".
# Placeholders that hold names, not numbers: "%(name)s wins" is a verb.
WORDS = "name|names|other|old|into|winners|game|what|list|place|date|label|players"
COUNTED_AFTER = re.compile(rf"(?<!to )%\((?!(?:{WORDS})\))\w+\)s (?:\w+ )?(?:{COUNTED})\b")


def catalog(language):
    path = settings.BASE_DIR / "locale" / language / "LC_MESSAGES" / "django.po"
    return [entry for entry in polib.pofile(str(path)) if not entry.obsolete]


def test_every_counted_message_goes_through_ngettext():
    # The extracted English: a message counted without ngettext has no msgid_plural.
    uncounted = [
        e.msgid for e in catalog("pl") if not e.msgid_plural and COUNTED_AFTER.search(e.msgid)
    ]
    assert uncounted == []


def test_the_check_notices_a_message_counted_without_ngettext():
    assert COUNTED_AFTER.search("Your history holds %(count)s games.")
    assert COUNTED_AFTER.search("at most %(max)s finished games")
    assert not COUNTED_AFTER.search("%(min)s to %(max)s players")
    assert not COUNTED_AFTER.search("Round %(number)s was saved.")


def plural_rule(language):
    """The catalog's own Plural-Forms, as gettext evaluates it."""
    path = settings.BASE_DIR / "locale" / language / "LC_MESSAGES" / "django.po"
    forms = polib.pofile(str(path)).metadata["Plural-Forms"]
    return gettext.c2py(forms.partition("plural=")[2].rstrip(";"))


def test_polish_takes_one_form_for_1_another_for_2_and_22_a_third_for_5_and_25():
    assert {n: plural_rule("pl")(n) for n in COUNTS} == POLISH_FORMS


@pytest.mark.parametrize("language", ["pl", "de", "fr"])
def test_each_plural_message_reads_its_own_form_at_1_2_5_22_25(language):
    entries = [entry for entry in catalog(language) if entry.msgid_plural]
    rule = plural_rule(language)
    assert entries
    with translation.override(language):
        for entry in entries:
            shown = [
                translation.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, n)
                if entry.msgctxt
                else translation.ngettext(entry.msgid, entry.msgid_plural, n)
                for n in COUNTS
            ]
            assert shown == [entry.msgstr_plural[rule(n)] for n in COUNTS], entry.msgid


@pytest.mark.parametrize(
    ("days", "polish", "german"),
    [
        (1, "działa 1 dzień", "funktioniert 1 Tag"),
        (2, "działa 2 dni", "funktioniert 2 Tage"),
        (5, "działa 5 dni", "funktioniert 5 Tage"),
        (22, "działa 22 dni", "funktioniert 22 Tage"),
        (25, "działa 25 dni", "funktioniert 25 Tage"),
    ],
)
def test_a_page_counts_in_polish_and_german(
    alice_client, make_game, settings, days, polish, german
):
    settings.SCORER_LINK_DAYS = days
    url = reverse("game_scorers", args=[make_game().pk])
    assert polish in text(alice_client.get(url, headers={"accept-language": "pl"}).text)
    assert german in text(alice_client.get(url, headers={"accept-language": "de"}).text)


@pytest.mark.parametrize(
    ("count", "shown"),
    [(1, "1 partia"), (2, "2 partie"), (5, "5 partii"), (22, "22 partie"), (25, "25 partii")],
)
def test_games_are_counted_in_polish(count, shown):
    with translation.override("pl"):
        assert (
            translation.ngettext("%(count)s game", "%(count)s games", count) % {"count": count}
            == shown
        )
