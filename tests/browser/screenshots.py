"""Screenshots of the main screens at phone size, for docs/screenshots/ (run by bin/screenshots).

Not collected by the test run (the file name does not start with test_).
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.sheet import points_field

OUT = Path(os.environ.get("SCREENSHOTS_DIR", Path(__file__).parents[2] / "docs" / "screenshots"))
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
ROUNDS = [(11, 0, 16, 5, 21), (4, 9, -10, 13, 8), (-10, 12, 5, 3, 7)]
FINAL = [*ROUNDS, (15, 7, 0, 20, 10)]


def shoot(page, name, full_page=False):
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=OUT / f"{name}.png", full_page=full_page)


def test_public_screens(page, transactional_db):
    page.goto("/")
    shoot(page, "home")


def test_signed_in_screens(page, signed_in, make_game):
    page.goto("/games/new/")
    for i, name in enumerate(NAMES[:4]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    shoot(page, "new-game")

    game = make_game(names=NAMES, rounds=ROUNDS)
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("button", name="Cards left in Ben's hand").click()
    for card in ("3", "3", "5"):
        page.get_by_role("button", name=f"Add a {card} to Ben's hand").click()
    page.get_by_role("button", name="Add a llama to Ben's hand").click()
    points_field(page, "Ana").fill("6")
    page.get_by_role("button", name="Cards left in Ben's hand").scroll_into_view_if_needed()
    shoot(page, "sheet-card-picker")

    finished = make_game(names=NAMES, rounds=FINAL)
    page.goto(f"/games/{finished.pk}/")
    expect(page.get_by_role("heading", level=2)).to_be_visible()
    shoot(page, "finished")


@pytest.fixture
def color_scheme():
    return os.environ.get("SCREENSHOT_SCHEME", "light")
