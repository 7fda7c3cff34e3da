"""axe-core finds nothing on any page, in both languages, light and dark; targets are 44 px."""

import pytest
from django.urls import reverse

from games import rulebook
from games.models import ScorerLink, ShareLink
from tests.helpers.browser import sign_in, violations

# Everything a finger taps.
TARGETS = "button, input:not([type=hidden]), select, a"


def pages(game, finished, link):
    yield "home", reverse("home")
    yield "new game", "/games/new/"
    yield "sheet in progress", f"/games/{game.pk}/"
    yield "finished sheet", f"/games/{finished.pk}/"
    yield "edit", f"/games/{game.pk}/rounds/1/edit/"
    yield "undo", f"/games/{game.pk}/undo/"
    yield "share", f"/games/{game.pk}/share/"
    yield "stop sharing", f"/games/{game.pk}/share/stop/"
    yield "live view", link.get_absolute_url()
    yield "scorer links", f"/games/{game.pk}/scorers/"
    yield (
        "scorer's sheet",
        ScorerLink.objects.get_or_create(game=game, number=1)[0].get_absolute_url(),
    )


def llama_pages(game, finished):
    """A Llama Llama game in progress (its calculator shown with a breakdown), and one finished."""
    yield "llama llama sheet", f"/games/{game.pk}/"
    yield "llama llama calculator", f"/games/{game.pk}/"
    yield "llama llama edit", f"/games/{game.pk}/rounds/1/edit/"
    yield "llama llama finished", f"/games/{finished.pk}/"


def calculate(page):
    """Type the round's goals and a hand, and count it: the breakdown and its field show."""
    for number, goal in enumerate(("A=1", "B=2, AACC=15", "C=3", "AG=5"), start=1):
        page.locator(f"#id_goal_{number}").fill(goal)
    page.locator("#id_hand_0").fill("AACCG")
    page.locator("#calc_0").click()
    page.locator(".breakdown").wait_for()


PUBLIC = [("home, signed out", "home"), ("login", "login"), ("signup", "signup")]


def rule_pages(language):
    """The rules of the three games: the index, a L.L.A.M.A. topic, the Lato z Komarami rule,
    and every page of Llama Llama's."""
    yield "rules", f"/{language}/rules/"
    yield "rules: scoring", f"/{language}/rules/scoring/"
    yield "rules: Lato z Komarami", f"/{language}/rules/lato-z-komarami/"
    yield "rules: Llama Llama", f"/{language}/rules/llama-llama/"
    for slug, _title in rulebook.llama_llama.SECTIONS:
        yield f"rules: Llama Llama {slug}", f"/{language}/rules/llama-llama/{slug}/"


def small_targets(page, name):
    boxes = page.locator(TARGETS).evaluate_all(
        """elements => elements
            .filter(element => element.checkVisibility())
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


@pytest.fixture
def games(make_game):
    game = make_game(rounds=[(11, 0, 16), (4, 9, -10)])
    finished = make_game(rounds=[(31, 0, 20), (10, 2, 0)])
    return game, finished, ShareLink.objects.create(game=game)


@pytest.fixture
def llama_games(make_game):
    names = ("Ana", "Ben", "Cleo")
    game = make_game(names, rounds=[(23, 31, 12), (30, 22, 25)], kind="llama_llama")
    finished = make_game(names, rounds=[(50, 70, 0), (24, 10, 3), (30, 24, 9)], kind="llama_llama")
    return game, finished


def every_page(page, context, live_server, alice, games, check, llama_games=()):
    """`check(page, name)` on each public page, then on each signed-in one; all it found."""
    found = []
    for name, url in PUBLIC:
        page.goto(reverse(url))
        found += check(page, name)
    sign_in(context, live_server.url, alice)
    for name, url in [*pages(*games), *llama_pages(*llama_games)]:
        page.goto(url)
        if name == "sheet in progress":
            page.locator(".picker-toggle").first.click()
        if name == "llama llama calculator":
            calculate(page)
        found += check(page, name)
    return found


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_no_page_has_an_accessibility_violation(
    page, context, live_server, alice, games, llama_games, color_scheme, locale
):
    found = every_page(page, context, live_server, alice, games, violations, llama_games)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_no_rule_page_has_an_accessibility_violation(page, color_scheme, locale):
    found = []
    for name, url in rule_pages(locale[:2]):
        page.goto(url)
        found += violations(page, name)
    assert not found, "\n".join(found)


def test_every_rule_page_target_is_44_px_or_a_link_in_a_sentence(page):
    # WCAG 2.5.8 leaves out links inside running text: the line around them is the target.
    found = []
    for name, url in rule_pages("fr"):
        page.goto(url)
        page.evaluate(
            """() => document.querySelectorAll('main :is(p, li, dd) > a').forEach(a => {
                if (getComputedStyle(a).display === 'inline' && a.parentElement.textContent
                    .trim() !== a.textContent.trim()) a.dataset.inSentence = '';
            })"""
        )
        found += [box for box in small_targets(page, name) if "data-in-sentence" not in box]
    assert not found, "\n".join(found)


def test_every_target_is_at_least_44_px(page, context, live_server, alice, games, llama_games):
    found = every_page(page, context, live_server, alice, games, small_targets, llama_games)
    assert not found, "\n".join(found)


def test_no_page_scrolls_sideways_at_phone_width(page, context, live_server, alice, make_game):
    six = ("Anastasia", "Bartholomew", "Cleopatra", "Dimitri", "Evangeline", "Frederick")
    game = make_game(names=six, rounds=[(11, 0, 16, 5, 7, 31)])
    finished = make_game(rounds=[(31, 0, 20), (10, 2, 0)])
    link = ShareLink.objects.create(game=game)
    four = six[:4]
    llama = make_game(names=four, rounds=[(23, 31, 12, 19), (30, 22, 25, 17)], kind="llama_llama")
    ended = make_game(names=four, rounds=[(74, 74, 0, 0), (30, 30, 0, 0)], kind="llama_llama")
    sign_in(context, live_server.url, alice)
    wide = []
    for name, url in [*pages(game, finished, link), *llama_pages(llama, ended)]:
        page.goto(url)
        if name == "llama llama calculator":
            calculate(page)
        if page.evaluate("document.documentElement.scrollWidth") > 390:
            wide.append(name)

    assert not wide


@pytest.mark.parametrize("width", [390, 320])
def test_no_rule_page_scrolls_sideways_on_a_phone(page, width):
    page.set_viewport_size({"width": width, "height": 844})
    wide = []
    for name, url in [*rule_pages("fr"), *rule_pages("en")]:
        page.goto(url)
        if page.evaluate("document.documentElement.scrollWidth") > width:
            wide.append(name)
    assert not wide
