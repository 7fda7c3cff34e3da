"""Every page, at every size, language and colour scheme, checked for all that a phone shows:

- axe-core finds nothing (all its rules light at 390 px; its colour rules dark at 320 px, the
  rest reading markup that the colour scheme leaves as it is), in English: what it checks
  (names, labels, roles, contrast) is the templates' and the colours', the same in every language; a
  message left empty or untranslated is the catalog tests' (tests/deploy/test_catalogs.py);
- no word is cut in two, no box is narrower than its content, nothing is wider than the screen
  (small_screens.PROBLEMS), at 390 and 320 px, at 320 px also with a 24 px default font, in
  the four languages; and in landscape, in English;
- every target a finger taps is 44 px at least (at 390 px), a link in a sentence aside on the
  rules' pages (WCAG 2.5.8: the line around it is the target).

Each page is loaded once per language, at 390 px in light with the browser's own 16 px text,
then the phone is turned to each other view on the open page (its viewport, colour scheme and
default font size changed, as turning a phone or changing a setting does: the style sheets'
media queries and `rem` follow without a reload), and every check a view asks runs there. One
load for all the views: one context (a Chromium of its own for the 24 px font) per view and
language loaded the fifty pages thirteen times, some 130 s of the suite.
"""

from dataclasses import dataclass

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from games import rulebook
from games.models import ScorerLink, ShareLink
from tests.browser.conftest import wait_for_connections
from tests.browser.small_screens import LANDSCAPE, problems
from tests.helpers.browser import COLOUR_RULES, PHONE, sign_in, violations

LONG_NAMES = ("Bartholomew", "Anne-Laure", "Maximiliane", "Jean-Éric", "Gwendolyn", "🦙 Christabel")
ROUNDS = [(11, 0, 16, 5, 21, 3), (4, 9, -10, 13, 8, 2), (-10, 12, 5, 3, 7, 6)]
# Five players to the end: Anne-Laure, Jean-Éric and Gwendolyn empty their hands on the way.
FINAL = [(11, 0, 16, 5, 21), (4, 9, -10, 13, 8), (-10, 12, 5, 3, 7), (15, 7, 0, 20, 10)]
SHARED_END = [(30, 6, 4), (10, 2, 4)]  # the second and third share the victory on 8
LLAMA_ROUNDS = [(23, 31, 12, 19), (30, 22, 25, 17)]
LLAMA_FINAL = [(50, 70, 0), (24, 10, 3), (30, 24, 9)]
# The Party Edition: the pink llama's 51 and pink chips in the totals, a pink chip given back.
PARTY_ROUNDS = [(23, 0, 31, 5, 12, 38), (-20, 9, 5, 3, 7, 1)]

# Everything a finger taps.
TARGETS = "button, input:not([type=hidden]), select, a"


@dataclass(frozen=True)
class View:
    width: int
    height: int = 844
    font_size: int = 16  # the browser's default font size (its own is 16 px)
    color_scheme: str = "light"
    axe: tuple | bool = False  # True: all of axe's rules; a tuple: only those rules
    targets: bool = False
    english_only: bool = False

    def asks_axe(self, language):
        return self.axe and language == "en"


# In the order the phone is turned through them, from the first, where each page is loaded.
VIEWS = {
    "390": View(390, axe=True, targets=True),
    # Landscape in English only: it is about the sheet's height, not its words.
    "landscape": View(LANDSCAPE["width"], LANDSCAPE["height"], english_only=True),
    "320 dark": View(320, 640, color_scheme="dark", axe=COLOUR_RULES),
    # 320 px with 24 px text is where the "Emptied hand" button is tightest. Not 390 px with
    # 24 px text as well: at 24 px both widths are under 17rem, so both take the narrow layout
    # (static/app.css), and what fits in 320 px fits in 390.
    "320 24px": View(320, 640, font_size=24),
}
LOADED_IN = VIEWS["390"]
# Every language of the site (a phone asking for it first), at every size (axe in English
# only: View.asks_axe); a language added to LANGUAGES is swept without a line here changing.
LANGUAGES = [code for code, _name in settings.LANGUAGES]


def views(language):
    return [view for view in VIEWS.values() if language == "en" or not view.english_only]


class Phone:
    """One page, turned from view to view without being loaded again."""

    def __init__(self, context):
        self.page = context.new_page()
        # The setting behind chrome://settings/fonts ("Font size"), the one a person who reads
        # better with larger text changes: Chromium's default font size, not a zoom, not a style
        # injected. Changed on the open page, it restyles the page as the setting does.
        self.devtools = context.new_cdp_session(self.page)
        self.view = None

    def turn(self, view):
        if view == self.view:
            return
        self.page.set_viewport_size({"width": view.width, "height": view.height})
        self.page.emulate_media(color_scheme=view.color_scheme)
        self.devtools.send("Page.setFontSizes", {"fontSizes": {"standard": view.font_size}})
        self.view = view


@pytest.fixture
def games(make_game, settings):
    # Bartholomew, Anne-Laure and Maximiliane end two games of L.L.A.M.A. (ranked on the
    # group's table), Jean-Éric and Gwendolyn one (not yet): both kinds of row, long names.
    settings.RANKED_AFTER_GAMES = 2
    sheet = make_game(names=LONG_NAMES, rounds=ROUNDS)
    finished = make_game(names=LONG_NAMES[:5], rounds=FINAL)
    return {
        "sheet": sheet,
        "finished": finished,
        "shared": make_game(names=LONG_NAMES[:3], rounds=SHARED_END),
        "llama": make_game(names=LONG_NAMES[:4], rounds=LLAMA_ROUNDS, kind="llama_llama"),
        "llama finished": make_game(LONG_NAMES[:3], rounds=LLAMA_FINAL, kind="llama_llama"),
        "party": make_game(names=LONG_NAMES, rounds=PARTY_ROUNDS, kind="party"),
        "link": ShareLink.objects.create(game=sheet),
        "finished link": ShareLink.objects.create(game=finished),
        "scorer": ScorerLink.objects.get_or_create(game=sheet, number=1)[0],
    }


def public_pages(_games):
    yield "home, signed out", reverse("home")
    yield "log in", reverse("login")
    yield "sign up", reverse("signup")
    yield "password reset", reverse("password_reset")


def signed_in_pages(games):
    sheet, llama = games["sheet"], games["llama"]
    yield "home", reverse("home")
    yield "new game", reverse("game_new")
    yield "sheet", sheet.get_absolute_url()
    yield "finished sheet", games["finished"].get_absolute_url()
    yield "shared victory", games["shared"].get_absolute_url()
    yield "edit", reverse("round_edit", args=[sheet.pk, 2])
    yield "undo", reverse("round_undo", args=[sheet.pk])
    yield "delete", reverse("game_delete", args=[sheet.pk])
    yield "share", reverse("game_share", args=[sheet.pk])
    yield "stop sharing", f"/games/{sheet.pk}/share/stop/"
    yield "live view", games["link"].get_absolute_url()
    yield "finished live view", games["finished link"].get_absolute_url()
    yield "scorer links", f"/games/{sheet.pk}/scorers/"
    yield "scorer's sheet", games["scorer"].get_absolute_url()
    yield "history", reverse("history")
    yield "player", reverse("player", args=[sheet.seats[0].player_id])
    yield "llama llama sheet", llama.get_absolute_url()
    yield "llama llama edit", reverse("round_edit", args=[llama.pk, 1])
    yield "llama llama finished", games["llama finished"].get_absolute_url()
    yield "party edition sheet", games["party"].get_absolute_url()
    finished = games["finished"]
    yield "night", reverse("night", args=[finished.night_id])
    yield "nights", reverse("nights")
    yield "group's table", reverse("standings")
    yield "move to another night", reverse("game_night", args=[finished.pk])
    first, second = (seat.player_id for seat in finished.seats[:2])
    yield "compare", reverse("player_compare", args=[first]) + f"?other={second}"
    yield "account", reverse("account")


def rule_pages():
    """The rules of the games: the index, every L.L.A.M.A. topic, the Lato z komarami rule,
    the Party Edition's page, and every page of Llama Llama's."""
    yield "rules", reverse("rules")
    for slug, _title in rulebook.lama.SECTIONS:
        yield f"rules: {slug}", reverse("rules_page", args=[slug])
    yield "rules: Lato z komarami", reverse("rules_lato")
    yield "rules: Party Edition", reverse("rules_party")
    yield "rules: the group's table", reverse("rules_table")
    yield "rules: Llama Llama", reverse("rules_llama_llama")
    for slug, _title in rulebook.llama_llama.SECTIONS:
        yield f"rules: Llama Llama {slug}", reverse("rules_llama_llama_page", args=[slug])


def small_targets(page, name):
    if name.startswith("rules"):  # a link inside running text is marked, and left aside
        page.evaluate(
            """() => document.querySelectorAll('main :is(p, li, dd) > a').forEach(a => {
                if (getComputedStyle(a).display === 'inline' && a.parentElement.textContent
                    .trim() !== a.textContent.trim()) a.dataset.inSentence = '';
            })"""
        )
    boxes = page.locator(TARGETS).evaluate_all(
        """elements => elements
            .filter(element => element.checkVisibility() && !("inSentence" in element.dataset))
            // Left aside, to be settled: with six long names, a player's name over the sheet's
            // column is a link 34 to 40 px wide (44 px high).
            .filter(element => !element.matches("thead a.name"))
            // A checkbox or a radio button is ticked by tapping its label too: the label is
            // the target.
            .map(element => [element, ["checkbox", "radio"].includes(element.type)
                ? element.labels[0] : element])
            .map(([element, target]) => [element.outerHTML.slice(0, 80), target])
            .map(([html, target]) => [html, target.getBoundingClientRect()])
            .filter(([, box]) => box.width < 44 || box.height < 44)
            .map(([html, box]) => `${html} ${Math.round(box.width)}x${Math.round(box.height)}`)"""
    )
    return [f"{name}: {box}" for box in boxes]


def check(page, view, language, name):
    """Everything `view` asks of the page as it is now."""
    found = [f"{name}: {problem}" for problem in problems(page)]
    # The browser's setting reaches the text: nothing is fixed in pixels.
    font_size = page.evaluate("getComputedStyle(document.body).fontSize")
    if font_size != f"{view.font_size}px":
        found.append(f"{name}: the text is {font_size} with the browser set to {view.font_size}")
    if view.targets:
        found += small_targets(page, name)
    if view.asks_axe(language):
        found += violations(page, name, None if view.axe is True else view.axe)
    return found


def check_every_view(phone, language, name):
    found = []
    for view in views(language):
        phone.turn(view)
        found += check(phone.page, view, language, name)
    return found


def open_sheet(phone, language):
    """The sheet's names whole in the form and the table; the last player's card picker open."""
    page = phone.page
    expect(page.locator("legend").first).to_be_visible()
    for seat, player in enumerate(LONG_NAMES):
        expect(page.locator(f"label[for=id_seat_{seat}]")).to_have_text(player)
        expect(page.locator("thead .name").nth(seat)).to_have_text(player)
    landscape = VIEWS["landscape"]
    if landscape in views(language):  # sideways, the table shows three rounds at least
        phone.turn(landscape)
        third = page.locator(".sheet tbody tr").nth(2).bounding_box()
        assert third["y"] + third["height"] <= landscape.height
    page.locator(".picker-toggle").last.click()


def calculate(page):
    """Type the round's goals and a hand, and count it: the breakdown and its field show."""
    for number, goal in enumerate(("A=1", "B=2, AACC=15", "C=3", "AG=5"), start=1):
        page.locator(f"#id_goal_{number}").fill(goal)
    page.locator("#id_hand_0").fill("AACCG")
    page.locator("#calc_0").click()
    page.locator(".breakdown").wait_for()


def visit(phone, language, name, url):
    """Load the page once, in the first view; all that every view asks of it (and of the
    calculator's breakdown)."""
    phone.turn(LOADED_IN)
    phone.page.goto(url)
    assert phone.page.evaluate("document.documentElement.lang") == language, name
    if name == "sheet":
        open_sheet(phone, language)
    found = check_every_view(phone, language, name)
    if name == "llama llama sheet":
        phone.turn(LOADED_IN)
        calculate(phone.page)
        found += check_every_view(phone, language, "llama llama calculator")
    return found


@pytest.mark.slow  # some fifty pages loaded, each checked in four views
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_reads_whole_fits_and_is_accessible(
    browser, live_server, alice, games, watch, language
):
    context = browser.new_context(base_url=live_server.url, locale=language, **PHONE)
    context.set_default_timeout(5000)
    context.on("page", watch.attach)
    phone = Phone(context)
    found = []
    try:
        for signed_in, pages in ((False, public_pages), (True, signed_in_pages)):
            if signed_in:
                sign_in(context, live_server.url, alice)
            with translation.override(language):  # the pages with the language in their path
                urls = [*pages(games), *(rule_pages() if signed_in else ())]
            for name, url in urls:
                found += visit(phone, language, name, url)
    finally:
        context.close()
        wait_for_connections()  # its streams end before the database is emptied
    assert not found + watch.problems, "\n".join(found + watch.problems)


def test_a_link_in_a_paragraph_is_a_44_px_target_that_keeps_the_lines_even(page, signed_in, games):
    page.goto(games["sheet"].get_absolute_url())
    link = page.get_by_role("link", name="Scoring rules")
    assert link.bounding_box()["height"] >= 44
    lines = link.evaluate(
        """link => {
            const paragraph = link.closest("p");
            const line = parseFloat(getComputedStyle(paragraph).lineHeight);
            return paragraph.getBoundingClientRect().height / line;
        }"""
    )
    assert abs(lines - round(lines)) < 0.05, f"{lines} lines: one is taller than the others"
