"""axe-core finds nothing on any page, in both languages, light and dark; targets are 44 px."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.urls import reverse

from games.models import ShareLink
from tests.browser.conftest import sign_in

AXE = Axe()
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


PUBLIC = [("home, signed out", "home"), ("login", "login"), ("signup", "signup")]


def violations(page, name):
    results = AXE.run(page)
    if results.violations_count:
        return [f"{name} ({page.url}):\n{results.generate_report()}"]
    return []


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


def every_page(page, context, live_server, user, games, check):
    """`check(page, name)` on each public page, then on each signed-in one; all it found."""
    found = []
    for name, url in PUBLIC:
        page.goto(reverse(url))
        found += check(page, name)
    sign_in(context, live_server.url, user)
    for name, url in pages(*games):
        page.goto(url)
        if name == "sheet in progress":
            page.locator(".picker-toggle").first.click()
        found += check(page, name)
    return found


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_no_page_has_an_accessibility_violation(
    page, context, live_server, user, games, color_scheme, locale
):
    found = every_page(page, context, live_server, user, games, violations)
    assert not found, "\n".join(found)


def test_every_target_is_at_least_44_px(page, context, live_server, user, games):
    found = every_page(page, context, live_server, user, games, small_targets)
    assert not found, "\n".join(found)


def test_no_page_scrolls_sideways_at_phone_width(page, context, live_server, user, make_game):
    six = ("Anastasia", "Bartholomew", "Cleopatra", "Dimitri", "Evangeline", "Frederick")
    game = make_game(names=six, rounds=[(11, 0, 16, 5, 7, 31)])
    finished = make_game(rounds=[(31, 0, 20), (10, 2, 0)])
    link = ShareLink.objects.create(game=game)
    sign_in(context, live_server.url, user)
    wide = []
    for name, url in pages(game, finished, link):
        page.goto(url)
        if page.evaluate("document.documentElement.scrollWidth") > 390:
            wide.append(name)

    assert not wide
