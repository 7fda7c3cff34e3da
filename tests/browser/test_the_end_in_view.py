"""The end where the eyes are: whoever saves the last round (here a scorer link's phone), the
owner's phone that follows it and the live view each show the winner and the final standings
on screen at once, on a small phone, wherever the page was scrolled, and say it aloud; the
phone that saves it does so on Chromium, WebKit and Firefox, at 320 and 390 px, and keeps it
through its board's polls."""

import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import ScorerLink, ShareLink
from games.streams.hub import hub
from games.views import live
from tests.browser.sheet import type_round
from tests.helpers.browser import PHONE

SMALL = {"width": 320, "height": 568}


@pytest.fixture(autouse=True)
def quick_polls(monkeypatch):
    monkeypatch.setattr(live, "POLL_SECONDS", 1)


@pytest.fixture
def live_phone(browser, live_server, watch, other_phone):
    phone = browser.new_context(base_url=live_server.url, locale="en-GB", **PHONE)
    phone.set_default_timeout(5000)
    phone.on("page", watch.attach)
    yield phone.new_page()
    phone.close()


# Whether the verdict and the final standings are both whole on the screen (not only
# somewhere on the page): -1 for a fraction of a pixel of the scroll.
ON_SCREEN = """() => {
  const banner = document.querySelector("#board .banner");
  const top = banner && banner.querySelector("h2").getBoundingClientRect().top;
  const bottom = banner && banner.querySelector("ol.standings").getBoundingClientRect().bottom;
  return banner !== null && top >= -1 && bottom <= innerHeight;
}"""


def sees_the_end(phone):
    expect(phone.get_by_role("heading", name="Ben wins!")).to_be_visible()
    phone.wait_for_function(ON_SCREEN)


def test_the_winner_is_on_screen_on_every_phone_at_320_px(
    page, other_phone, live_phone, signed_in, make_game
):
    game = make_game(rounds=[(30, 0, 5), (4, 3, 0)])
    scorer = ScorerLink.objects.create(game=game, number=1)
    share = ShareLink.objects.create(game=game)
    for phone, url in (
        (page, f"/games/{game.pk}/"),
        (other_phone, f"/s/{scorer.token}/"),
        (live_phone, share.get_absolute_url()),
    ):
        phone.set_viewport_size(SMALL)
        phone.goto(url)
        phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # at the round form
    type_round(other_phone, {"Ana": 6, "Ben": 0, "Cleo": 2})
    other_phone.get_by_role("button", name="Save round").click()

    for phone in (other_phone, page, live_phone):
        sees_the_end(phone)
    for phone in (other_phone, page):
        expect(phone.locator("#sheet-status")).to_contain_text(
            "Ben wins! 1. Ben — 3 points, 2. Cleo — 7 points"
        )
        assert phone.evaluate("document.activeElement.textContent.trim()") == "Ben wins!"
    expect(other_phone.locator("#sheet-status")).to_contain_text("Round 3 saved.")
    expect(live_phone.locator("#live-news")).to_contain_text("Ben wins!")


# Every game, in another language: the owner's own save of the last round, scrolled at the
# form, shows the verdict and the standings at the top (the heading's words are the kind's).
@pytest.mark.parametrize(
    ("kind", "locale", "names", "rounds", "last"),
    [
        ("llama_llama", "pl-PL", ("Ana", "Ben"), [(50, 50), (20, 20), (10, 5)], (30, 0)),
        ("lato", "de-DE", ("Ana", "Ben", "Cleo"), [(30, 0, 5), (4, 3, 0)], (6, 0, 2)),
    ],
)
def test_the_last_round_saved_shows_its_end_in_every_game(
    page, signed_in, make_game, kind, locale, names, rounds, last
):
    game = make_game(names=names, rounds=rounds, kind=kind)
    page.set_viewport_size(SMALL)
    page.goto(f"/games/{game.pk}/")
    for field, value in zip(page.locator("input[data-seat-field]").all(), last, strict=True):
        field.fill(str(value))
    page.locator("form.round-form button.primary").click()

    expect(page.locator("#board .banner h2")).to_be_focused()
    page.wait_for_function(ON_SCREEN)
    heading = page.locator("#board .banner h2").inner_text()
    expect(page.locator("#sheet-status")).to_contain_text(heading)


# A poor signal holds the save's answer while the phone's stream tells of the round it saved.
@pytest.mark.parametrize("service_workers", ["block"])  # page.route sees the page's requests
def test_a_save_answered_after_its_stream_spoke_shows_and_says_the_end_whole(
    page, signed_in, make_game, service_workers
):
    game = make_game(rounds=[(30, 0, 5), (4, 3, 0)])

    def answered_late(route):
        response = route.fetch()  # saved: the stream tells the page at once
        time.sleep(1.5)
        route.fulfill(response=response)

    page.route(re.compile(r"/rounds/$"), answered_late)
    page.set_viewport_size(SMALL)
    page.goto(f"/games/{game.pk}/")
    page.wait_for_function("() => !!document.getElementById('board')")
    deadline = time.monotonic() + 5
    while hub().held_streams() != 1:
        assert time.monotonic() < deadline, "the sheet's stream did not open"
        time.sleep(0.05)
    type_round(page, {"Ana": 6, "Ben": 0, "Cleo": 2})
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.get_by_role("button", name="Save round").click()

    sees_the_end(page)
    expect(page.locator("#sheet-status")).to_have_text(
        "Round 3 saved. Ben wins! 1. Ben — 3 points, 2. Cleo — 7 points, 3. Ana — 40 points"
    )
    assert page.evaluate(ON_SCREEN)


# The engines people carry, at both phone widths: one phone per engine (tests/helpers/phones.py)
# saves the last round of a game at 320 px, then of another at 390 px, each from the round form
# at the bottom of the page, through a scorer link.
SIZES = [(320, 568), (390, 844)]


def test_the_saving_phone_sees_the_end_on_every_engine_at_320_and_390_px(phone, make_game):
    games = [make_game(rounds=[(30, 0, 5), (4, 3, 0)]) for _ in SIZES]
    links = [ScorerLink.objects.create(game=game, number=1) for game in games]
    for (width, height), link in zip(SIZES, links, strict=True):
        where = f"{phone.engine} at {width} px"
        phone.resize(width, height)
        phone.open(f"/s/{link.token}/")
        assert phone.size() == [width, height], (where, phone.size())
        for name, number in {"Ana": 6, "Ben": 0, "Cleo": 2}.items():
            phone.fill(name, number)
        phone.run("() => window.scrollTo(0, document.body.scrollHeight)")  # at the round form
        phone.click("button", "Save round")

        phone.sees("#board .banner h2", "Ben wins!")
        try:
            phone.until(ON_SCREEN)
        except AssertionError:
            raise AssertionError(f"{where}: the end is not on screen") from None
        focused = "() => document.activeElement.textContent.trim()"
        assert phone.run(focused) == "Ben wins!", where
        said = "Round 3 saved. Ben wins! 1. Ben — 3 points, 2. Cleo — 7 points, 3. Ana — 40 points"
        phone.sees("#sheet-status", said)

    # Its board's polls after the end leave it so (they replaced it with a box saying the link
    # no longer worked).
    time.sleep(2.5)  # two polls of the board
    phone.sees("h1, h2, h3", "Ben wins!")
    phone.sees("h2", "Final standings")
    phone.sees(".live-label", "This game is over: its scorer links no longer change it. "
               "Its owner can still correct it.")  # fmt: skip
    assert phone.texts("h1") == ["Final scoresheet"]
    if (folder := os.environ.get("SCREENSHOTS_DIR")) and phone.engine != "Chromium":
        Path(folder).mkdir(parents=True, exist_ok=True)
        phone.screenshot(Path(folder) / f"{phone.engine.lower()}-scorer-end.png")
