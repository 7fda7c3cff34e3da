"""Every page reads entirely in the browser's language: French, German or Polish, and English."""

import datetime
import functools
import re

import polib
import pytest
from django.conf import settings
from django.urls import reverse

from accounts.forms import zone_choices
from games.models import ScorerLink
from games.rulebook import lama, llama_llama
from tests.helpers.pagetext import segments, tags, text

NAMES = ("Ana", "Ben", "Cleo")
# Names, and words spelt the same in both languages.
NEUTRAL = [*NAMES, *lama.GAME_PLAYERS, "Scorekeeper", "English", "Français", "Total", "alice"]
NEUTRAL += ["Deutsch", "Polski"]  # the language switch names each language in itself
NEUTRAL += ["points?", "Lama", "Lege alle Minuspunkte ab", "Lato z komarami", "LÂche ta MAin"]
NEUTRAL += ["Lege Alle Minuspunkte Ab", "bzzz"]  # as the German box capitalises it; the mosquito
NEUTRAL += ["Llama Llama"]  # its name in both languages
NEUTRAL += [r"L\.A\.M\.A\. Party Edition"]  # the box's name, the same in every language
# Words a language spells as English does: German's loanwords, Polish's name of the game.
SAME_IN = {"fr": [], "de": ["Live", "Hand", "Chips"], "pl": [r"L\.L\.A\.M\.A\."]}
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def same_in_both(language):
    return re.compile(r"(?<!\w)(?:" + "|".join(NEUTRAL + SAME_IN.get(language, [])) + r")(?!\w)")


# The account page's time zones, named as the time zone database names them, in English.
ZONES = {label for _region, zones in zone_choices()[1:] for _name, label in zones}


@functools.cache  # read once, not by each of the module's 190 tests
def catalog_sentences():
    """English messages of our catalog long enough that French text cannot contain them (but
    a name the same in every language, a box's)."""
    po = polib.pofile(str(settings.BASE_DIR / "locale" / "fr" / "LC_MESSAGES" / "django.po"))
    neutral = same_in_both("fr")
    return tuple(
        part.strip()
        for entry in po
        for msgid in filter(None, (entry.msgid, entry.msgid_plural))
        for part in re.split(r"%\(\w+\)[sd]", msgid)
        if len(part.split()) >= 3 and not neutral.fullmatch(part.strip())
    )


def untranslated(english, translated, language="fr"):
    """Text shown identically on both renderings of a page, or English sentences left in the
    translation."""
    shared = set(segments(english)) & set(segments(translated))
    shared -= ZONES
    neutral = same_in_both(language)
    left = {s for s in shared if re.search(r"[A-Za-z]{3}", neutral.sub("", s))}
    translated_text = text(translated)
    return left | {s for s in catalog_sentences() if s in translated_text}


@pytest.fixture
def tables(alice_client, make_game):
    """A game under way (two rounds) and a finished one with a shared victory."""
    going = make_game(NAMES, rounds=[(5, 0, 12), (7, 11, -1)])
    done = make_game(NAMES, rounds=[(0, 13, 21), (17, -10, 9), (6, 20, 12)])
    return {"going": going, "done": done}


def _get(path):
    return lambda client, tables: client.get(path)


def _game(name, view="game", extra=()):
    return lambda client, tables: client.get(reverse(view, args=[tables[name].pk, *extra]))


def scorer(tables, view=None):
    """The page of the scorer links of the game under way (which has one), or the sheet its
    link opens."""
    link = ScorerLink.objects.get_or_create(game=tables["going"], number=1)[0]
    return reverse(view, args=[link.game_id]) if view else link.get_absolute_url()


PAGES = {
    "login": _get("/accounts/login/"),
    "signup": _get("/accounts/signup/"),
    "new game": _get("/games/new/"),
    "sheet": _game("going"),
    "finished sheet": _game("done"),
    "round edit": _game("going", "round_edit", [1]),
    "undo": _game("going", "round_undo"),
    "scorer links": lambda client, tables: client.get(scorer(tables, "game_scorers")),
    "scorer's sheet": lambda client, tables: client.get(scorer(tables)),
    "refused round": lambda client, tables: client.post(
        reverse("round_add", args=[tables["going"].pk]),
        {"round_number": 3, "seat_0": 40, "seat_1": "", "seat_2": -10},
    ),
    "refused new game": lambda client, tables: client.post(
        "/games/new/", {"game": "lama", "player_0": "Ana", "player_1": "ana", "starter": 5}
    ),
    "refused signup": lambda client, tables: client.post(
        "/accounts/signup/", {"username": "x", "password1": "1", "password2": "2"}
    ),
    "refused login": lambda client, tables: client.post(
        "/accounts/login/", {"username": "alice", "password": "wrong"}
    ),
    "account": _get("/accounts/"),
    "e-mail address": _get("/accounts/email/"),
    "password change": _get("/accounts/password_change/"),
    "account deletion": _get("/accounts/delete/"),
    "player rename": lambda client, tables: client.get(
        reverse("player_rename", args=[tables["done"].seats[0].player_id])
    ),
    "refused merge": lambda client, tables: client.post(
        reverse("player_merge", args=[tables["done"].seats[0].player_id]),
        {"into": tables["done"].seats[1].player_id},
    ),
}
SIGNED_OUT = {"login", "signup", "refused signup", "refused login"}
PREFIXED = [
    "",
    "rules/",
    *(f"rules/{slug}/" for slug, _title in lama.SECTIONS),
    "rules/lato-z-komarami/",
    "rules/llama-llama/",
    *(f"rules/llama-llama/{slug}/" for slug, _title in llama_llama.SECTIONS),
    "offline/",
]


def render(client, tables, page, language):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    if page in SIGNED_OUT:
        client.logout()
    response = PAGES[page](client, tables)
    assert response.status_code in {200, 422}, (page, response.status_code)
    assert tags(response.text, "html", lang=language)
    return response.content.decode()


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("page", PAGES)
def test_the_page_speaks_the_language_throughout(alice_client, tables, page, language):
    english = render(alice_client, tables, page, "en")
    translated = render(alice_client, tables, page, language)
    assert untranslated(english, translated, language) == set()


@pytest.mark.parametrize("path", PREFIXED)
@pytest.mark.parametrize("signed_in", [False, True])
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_public_page_speaks_the_language_throughout(
    client, alice, make_game, path, signed_in, language
):
    if signed_in:
        client.force_login(alice)
        make_game(NAMES, rounds=[(5, 0, 12)])
    english = client.get(f"/en/{path}").content.decode()
    translated = client.get(f"/{language}/{path}").content.decode()
    assert tags(translated, "html", lang=language)
    assert untranslated(english, translated, language) == set()


def test_the_check_notices_english_left_in_a_french_page():
    english = "<p>The game is over: no round can be added.</p><button>Save round</button>"
    french = "<p>The game is over: no round can be added.</p><button>Save round</button>"
    assert untranslated(english, french) == {
        "The game is over: no round can be added.",
        "Save round",
    }


def test_refusals_are_worded_in_french(alice_client, tables):
    html = render(alice_client, tables, "refused round", "fr")
    assert "40, c’est trop" in html
    assert "Indiquez les points de Ben." in html


def test_dates_are_written_the_french_way(alice_client, tables):
    when = datetime.datetime(2025, 11, 30, 12, tzinfo=datetime.UTC)
    type(tables["going"]).objects.filter(pk=tables["going"].pk).update(created_at=when)
    assert "30 nov. 2025" in text(alice_client.get("/fr/").content.decode())
    assert "30 Nov 2025" in text(alice_client.get("/en/").content.decode())
    # German as Django's own formats write it; Polish as ours does (scorekeeper/formats/pl/).
    assert "30.11.2025" in text(alice_client.get("/de/").content.decode())
    assert "30.11.2025, 13:00" in text(alice_client.get("/pl/").content.decode())


@pytest.mark.parametrize(
    ("language", "rating"),
    [("en", "1,065"), ("fr", "1\u00a0065"), ("de", "1.065"), ("pl", "1\u00a0065")],
)
def test_numbers_follow_the_language(client, language, rating):
    # The group's table's own rule page: Cleo's rating after the first game, as the table shows
    # ratings (1,065 in English reads 1 065 in French and Polish, 1.065 in German).
    page = client.get(f"/{language}/rules/table/").content.decode()
    assert f'<th scope="row">Cleo</th><td>{rating}</td>' in page


@pytest.mark.parametrize(
    ("language", "headline"),
    [("de", "Geben Sie die Punkte von Ben ein."), ("pl", "Wpisz punkty gracza: Ben.")],
)
def test_refusals_name_the_player_outside_a_declined_phrase(
    alice_client, tables, language, headline
):
    assert headline in text(render(alice_client, tables, "refused round", language))
