"""Every screen at 320 px, at 390 px with a 24 px default font, and in landscape: no name
cut, nothing wider than the screen, and sideways the table shows three rounds at least."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.models import ShareLink
from tests.browser.small_screens import LANDSCAPE, large_font_phone, problems
from tests.helpers.browser import sign_in

NAMES = ("Jean-Éric", "🦙 Max", "Zoé", "Anne-Laure", "Ömer", "Bartholomew")
ROUNDS = [(11, 0, 16, 5, 21, 3), (4, 9, -10, 13, 8, 2), (-10, 12, 5, 3, 7, 6)]
SHARED_END = [(30, 6, 4), (10, 2, 4)]  # Ben and Cleo share the victory on 8


@pytest.fixture
def tables(make_game):
    game = make_game(names=NAMES, rounds=ROUNDS)
    finished = make_game(names=("Jean-Éric", "Bartholomew", "🦙 Max"), rounds=SHARED_END)
    return {"game": game, "finished": finished, "link": ShareLink.objects.create(game=game)}


def pages(tables):
    game, finished = tables["game"], tables["finished"]
    yield "sheet", game.get_absolute_url()
    yield "finished sheet", finished.get_absolute_url()
    yield "edit", reverse("round_edit", args=[game.pk, 2])
    yield "undo", reverse("round_undo", args=[game.pk])
    yield "delete", reverse("game_delete", args=[game.pk])
    yield "share", reverse("game_share", args=[game.pk])
    yield "live view", tables["link"].get_absolute_url()
    yield "new game", reverse("game_new")
    yield "history", reverse("history")
    yield "player", reverse("player", args=[game.seats[0].player_id])
    yield "home", reverse("home")
    yield "rules", reverse("rules")
    yield "scoring rules", reverse("rules_page", args=["scoring"])
    yield "log in", reverse("login")
    yield "sign up", reverse("signup")
    yield "password reset", reverse("password_reset")


def check_every_page(page, tables):
    found = []
    for name, url in pages(tables):
        page.goto(url)
        if name == "sheet":
            expect(page.locator("legend").first).to_be_visible()
            for seat, player in enumerate(NAMES):
                label = page.locator(f"label[for=id_seat_{seat}]")
                expect(label).to_have_text(player)
                expect(page.locator("thead .name").nth(seat)).to_have_text(player)
            page.locator(".picker-toggle").last.click()  # Bartholomew's, in either language
        found += [f"{name}: {problem}" for problem in problems(page)]
    return found


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_at_320_px_no_name_is_cut_and_nothing_scrolls_sideways(
    page, context, live_server, alice, tables
):
    page.set_viewport_size({"width": 320, "height": 640})
    sign_in(context, live_server.url, alice)
    found = check_every_page(page, tables)
    assert not found, "\n".join(found)


def test_with_a_24_px_default_font_the_text_grows_and_nothing_is_cut(
    browser, live_server, alice, tables, tmp_path, watch
):
    phone = large_font_phone(browser, live_server, tmp_path)
    phone.on("page", watch.attach)
    sign_in(phone, live_server.url, alice)
    page = phone.new_page()
    try:
        page.goto(tables["game"].get_absolute_url())
        # The browser's setting reaches the text: nothing is fixed in pixels.
        assert page.evaluate("getComputedStyle(document.body).fontSize") == "24px"
        found = check_every_page(page, tables)
    finally:
        phone.close()
    assert not found, "\n".join(found)


def test_in_landscape_the_table_shows_three_rounds_and_nothing_is_cut(
    page, context, live_server, alice, tables
):
    page.set_viewport_size(LANDSCAPE)
    sign_in(context, live_server.url, alice)
    page.goto(tables["game"].get_absolute_url())
    third = page.locator(".sheet tbody tr").nth(2).bounding_box()
    assert third["y"] + third["height"] <= LANDSCAPE["height"]
    found = check_every_page(page, tables)
    assert not found, "\n".join(found)


def test_a_link_in_a_paragraph_is_a_44_px_target_that_keeps_the_lines_even(page, signed_in, tables):
    page.goto(tables["game"].get_absolute_url())
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
