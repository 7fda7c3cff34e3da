"""A night of four games at phone size: its page, its picture, the group's table, a player's
head to head and two players compared, at 390 and 320 px in English and French, every word
whole and every box holding its content (small_screens.PROBLEMS, as test_every_page.py)."""

import os
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from games.reports import night_picture
from tests.browser.small_screens import problems
from tests.helpers.browser import PHONE, sign_in

NAMES = ("Bartholomew", "Anne-Laure", "Maximiliane")
CLEO_WINS = [(31, 0, 12), (20, 3, -10)]  # the third player wins
ANA_WINS = [(12, 31, 0), (-10, 20, 3)]  # the first player wins
PHONES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}
LOCALES = {"en": "en-GB", "fr": "fr-FR"}
SHOTS = Path(os.environ.get("NIGHT_SHOTS", "/tmp/night-shots"))


@pytest.fixture
def night(make_game, settings):
    settings.RANKED_AFTER_GAMES = 2
    games = [make_game(names=NAMES, rounds=r) for r in (CLEO_WINS, ANA_WINS, CLEO_WINS, CLEO_WINS)]
    make_game(names=(NAMES[0], "Dan"))  # in progress
    return games


def pages(games, language):
    first = games[0].seats[0].player_id
    third = games[0].seats[2].player_id
    yield "night", reverse("night", args=[games[0].night_id])
    yield "nights", reverse("nights")
    yield "table", reverse("standings")
    yield "player", reverse("player", args=[third])
    yield "compare", reverse("player_compare", args=[third]) + f"?other={first}"
    yield "move", reverse("game_night", args=[games[0].pk])
    with translation.override(language):
        yield "home", reverse("home")
        yield "rules: table", reverse("rules_table")


@pytest.mark.parametrize("language", LOCALES)
@pytest.mark.parametrize("width", PHONES)
def test_the_night_pages_fit_a_phone(browser, live_server, alice, night, watch, width, language):
    phone = browser.new_context(
        base_url=live_server.url, locale=LOCALES[language], **(PHONE | {"viewport": PHONES[width]})
    )
    phone.on("page", watch.attach)
    sign_in(phone, live_server.url, alice)
    page = phone.new_page()
    found = []
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        for name, url in pages(night, language):
            page.goto(url)
            found += [f"{name}: {problem}" for problem in problems(page)]
            page.screenshot(path=SHOTS / f"{name}-{width}-{language}.png", full_page=True)
    finally:
        phone.close()
    assert not found, "\n".join(found)


def test_a_night_of_four_games_at_390_px_names_its_winner_and_gives_its_picture(
    page, signed_in, night
):
    page.goto(reverse("night", args=[night[0].night_id]))
    expect(page.get_by_text("Winner of the night: Maximiliane")).to_be_visible()
    link = page.get_by_role("link", name="Download the picture of the night")
    expect(link).to_be_visible()
    response = page.request.get(link.get_attribute("href"))
    assert response.status == 200 and response.headers["content-type"] == "image/png"
    assert response.body().startswith(b"\x89PNG")
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "night-picture-en.png").write_bytes(response.body())
    assert night_picture.SIZE == (1080, 1350)


def test_the_night_is_shared_as_a_picture_with_its_own_button(page, signed_in, night):
    from tests.browser.test_share_result import SHARE_STAND_IN

    page.add_init_script(SHARE_STAND_IN)
    page.goto(reverse("night", args=[night[0].night_id]))
    page.get_by_role("link", name="Share the night").click()
    page.wait_for_function("() => window.shared !== null")
    shared = page.evaluate("window.shared")
    assert shared["type"] == "image/png"
    assert (shared["width"], shared["height"]) == night_picture.SIZE
    assert shared["text"].startswith("Winners of the night: L.L.A.M.A.: Maximiliane")
