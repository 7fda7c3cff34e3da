"""A whole game of the L.A.M.A. Party Edition on a 320 px phone, in each of the four languages
(issue 42): the game chosen by its box's name, a hand refused above 51, the pink llama tapped
in the card picker, a pink chip given back with "Emptied hand", pink chips among the totals'
chips, to the winner and the result picture in the phone's language.

The phone's Accept-Language picks the language; the words the test looks for are read from the
catalogs, and must differ from the English ones. SCREENSHOTS_DIR=/some/folder keeps the picker
and the sheet of each language, to be looked at (docs/screenshots/issues/issue42-*.png).
"""

import io
import os
import re
from pathlib import Path

import pytest
from django.utils import translation
from PIL import Image
from playwright.sync_api import expect

from games.models import Game
from games.reports import picture
from games.rules import party
from tests.browser.conftest import wait_for_connections
from tests.browser.sheet import downloaded_picture, points_field
from tests.helpers.browser import PHONE, keep, sign_in

SMALL_PHONE = PHONE | {"viewport": {"width": 320, "height": 640}}
LOCALES = {"en": "en-GB", "fr": "fr-FR", "de": "de-DE", "pl": "pl-PL"}
NAMES = ("Ben", "Cleo", "Zoé")
PARTY = party.RULES
# Called by names that makemessages does not read, so that the catalogs do not list this test
# among the places of their messages.
catalog, plural = translation.gettext, translation.ngettext


def words(language):
    """What the phone reads in `language`, from the catalogs; translated where not English."""
    with translation.override(language):
        found = {
            "player": catalog("Player %(n)s"),
            "start": catalog("Start game"),
            "round": catalog("Round %(number)s"),
            "save": catalog("Save round"),
            "emptied": catalog("Emptied hand") + " " + catalog("for %(name)s"),
            "cards": catalog("Cards left in %(name)s's hand"),
            "llama": catalog("Add a llama to %(name)s's hand"),
            "pink_llama": catalog("Add the pink llama to %(name)s's hand"),
            "one_pink": catalog("The game has only one pink llama."),
            "too_high": plural(
                "%(value)s is too many: a hand costs at most %(max)s point (%(sum)s).",
                "%(value)s is too many: a hand costs at most %(max)s points (%(sum)s).",
                PARTY.max_entry,
            )
            % {"value": 52, "max": PARTY.max_entry, "sum": PARTY.penalty_formula()},
            "pink_chip": plural("%(pink)s pink chip", "%(pink)s pink chips", 1) % {"pink": 1},
            "wins": catalog("%(name)s wins!"),
            "download": catalog("Download the result picture"),
        }
    if language != "en":
        english = words("en")
        assert all(found[key] != english[key] for key in found), language
    return found


@pytest.fixture
def phone(browser, live_server, watch, alice, request):
    language = request.param
    context = browser.new_context(base_url=live_server.url, locale=LOCALES[language], **SMALL_PHONE)
    context.set_default_timeout(10000)
    context.on("page", watch.attach)
    sign_in(context, live_server.url, alice)
    yield context.new_page(), language, words(language)
    context.close()
    wait_for_connections()  # its streams end before the database is emptied
    if watch.problems:
        pytest.fail("The browser saw problems:\n" + "\n".join(watch.problems))


# caret="initial" in its screenshots: hiding it injects a style, which the pages' CSP refuses.
CARET = {"caret": "initial"}


def heading(page, w, number):
    expect(page.get_by_role("heading", level=1)).to_have_text(w["round"] % {"number": number})


def start_party(page, w):
    page.goto("/games/new/")
    radio = page.get_by_role("radio", name=re.compile(r"^L\.A\.M\.A\. Party Edition \("))
    radio.check()
    for n, name in enumerate(NAMES, start=1):
        page.get_by_label(w["player"] % {"n": n}, exact=True).fill(name)
    page.get_by_role("button", name=w["start"]).click()
    heading(page, w, 1)


def emptied(page, w, name):
    page.get_by_role("button", name=w["emptied"] % {"name": name}).click()


def save(page, w):
    page.get_by_role("button", name=w["save"]).click()


def the_picture(page, language):
    """The result picture the phone gets is the one drawn in its language."""
    game = Game.objects.get()
    image = downloaded_picture(page, game)
    assert image.size == (picture.WIDTH, picture.HEIGHT)
    with translation.override(language):
        drawn = Image.open(io.BytesIO(picture.png(game)))
    assert image.tobytes() == drawn.tobytes()
    if folder := os.environ.get("SCREENSHOTS_DIR"):
        image.save(Path(folder) / f"{language}-picture.png")


def no_word_cut(page):
    """Nothing wider than the 320 px phone: the page never scrolls sideways."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


@pytest.mark.parametrize("phone", list(LOCALES), indirect=True)
def test_a_whole_party_edition_game_on_a_320_px_phone(phone, transactional_db):
    page, language, w = phone
    start_party(page, w)
    assert page.evaluate("document.documentElement.lang") == language

    # A hand above the pink llama's 51 is refused, naming the 51 and its sum.
    points_field(page, "Ben").fill("52")
    save(page, w)
    expect(page.get_by_text(w["too_high"])).to_be_visible()

    # Round 1: Ben is left with the pink llama and two llamas (30), tapped in the picker;
    # Zoé with 23; Cleo empties her hand with no chip yet.
    page.get_by_role("button", name=w["cards"] % {"name": "Ben"}).click()
    page.get_by_role("button", name=w["pink_llama"] % {"name": "Ben"}).click()
    for _llama in range(2):
        page.get_by_role("button", name=w["llama"] % {"name": "Ben"}).click()
    expect(points_field(page, "Ben")).to_have_value("30")
    pink = page.get_by_role("button", name=w["pink_llama"] % {"name": "Ben"})
    expect(pink).to_have_attribute("aria-disabled", "true")
    pink.click(force=True)  # a tap all the same: said, and the hand left as it was
    expect(page.locator("#id_seat_0_cards output")).to_contain_text(w["one_pink"])
    expect(points_field(page, "Ben")).to_have_value("30")
    points_field(page, "Zoé").fill("23")
    emptied(page, w, "Cleo")
    no_word_cut(page)
    keep(page, f"{language}-picker", **CARET)
    save(page, w)
    heading(page, w, 2)

    # Pink chips among the totals' chips: Ben's 30 and Zoé's 23 each hold one.
    chips = page.locator("tfoot .chips")
    expect(chips.nth(0)).to_have_attribute("aria-label", re.compile(re.escape(w["pink_chip"])))
    expect(chips.nth(2)).to_have_attribute("aria-label", re.compile(re.escape(w["pink_chip"])))
    assert page.locator("tfoot .chips u").count() == 2
    no_word_cut(page)
    keep(page, f"{language}-sheet", **CARET)

    # Round 2: Zoé empties her hand: with 23 points, "Emptied hand" gives back a pink chip.
    emptied(page, w, "Zoé")
    expect(points_field(page, "Zoé")).to_have_value(str(-party.PINK_CHIP))
    points_field(page, "Ben").fill("5")
    points_field(page, "Cleo").fill("12")
    save(page, w)
    heading(page, w, 3)

    # Round 3: Ben's 41 ends it; Cleo gives back a black chip and wins with 2.
    points_field(page, "Ben").fill("6")
    emptied(page, w, "Cleo")
    points_field(page, "Zoé").fill("4")
    save(page, w)

    expect(page.get_by_role("heading", name=w["wins"] % {"name": "Cleo"})).to_be_visible()
    expect(page.get_by_role("link", name=w["download"])).to_be_visible()
    no_word_cut(page)
    keep(page, f"{language}-finished", **CARET)
    game = Game.objects.get()
    assert game.kind == "party" and list(game.state.totals) == [41, 2, 7]
    assert [r.entries for r in game.state.rounds] == [(30, 0, 23), (5, 12, -20), (6, -10, 4)]
    the_picture(page, language)
