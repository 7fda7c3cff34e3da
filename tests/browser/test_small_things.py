"""Small things at the table: where the cursor starts, and what a refusal leaves on a 320 px
screen (what must be tapped on screen, and "Discard" well apart from "Save")."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.sheet import points_field

SHOTS = Path(os.environ["SCREENSHOTS_DIR"]) if os.environ.get("SCREENSHOTS_DIR") else None
SMALL = {"width": 320, "height": 568}


def on_screen(locator):
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SMALL["height"]


@pytest.mark.parametrize("locale", ["fr-FR"])
def test_forgetting_who_quit_last_at_320_px_shows_the_names_to_tap(page, signed_in, make_game):
    game = make_game(rounds=[(3, 0, 5), (4, 6, 0)])
    page.set_viewport_size(SMALL)
    page.goto(f"/games/{game.pk}/")
    for name, value in (("Ana", 5), ("Ben", 4), ("Cleo", 12)):
        points_field(page, name).fill(str(value))
    page.get_by_role("button", name="Enregistrer la manche").click()

    message = page.locator("#quitter .errors")
    expect(message).to_be_visible()
    page.wait_for_timeout(300)  # the scroll after the answer settles
    assert on_screen(message)
    assert on_screen(page.locator("#quitter label").first), "the names are off screen"
    save = page.get_by_role("button", name="Enregistrer la manche").bounding_box()
    discard = page.get_by_role("link", name="Abandonner ces nombres").bounding_box()
    assert discard["y"] - (save["y"] + save["height"]) >= 40  # more than a thumb apart
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SHOTS / "refusal-fr-320.png")


def test_the_new_game_form_starts_in_player_1(page, signed_in):
    page.goto("/games/new/")

    expect(page.get_by_label("Player 1", exact=True)).to_be_focused()


def test_with_the_calculator_a_saved_round_goes_on_to_the_first_goal(page, signed_in, make_game):
    game = make_game(kind="llama_llama")
    page.goto(f"/games/{game.pk}/")
    # A table that has not used the calculator types scores: the first round starts there.
    expect(points_field(page, "Ana")).to_be_focused()
    goals = ("A=1, ABCDEFG=50", "B=2, AACC=15", "B=2, AACC=15", "D=4, AG=5, CE=5, BF=5")
    for ordinal, goal in zip(("1st", "2nd", "3rd", "4th"), goals, strict=True):
        page.get_by_label(f"{ordinal} goal").fill(goal)  # the round scored with the calculator
    page.get_by_label("Letters in Ana's hand").fill("ABCDEFG")
    page.get_by_role("button", name="Calculate for Ana").click()
    expect(points_field(page, "Ana")).to_have_value("74")
    expect(page.get_by_label("Letters in Ben's hand")).to_be_focused()
    for name, value in (("Ben", 0), ("Cleo", 7)):
        points_field(page, name).fill(str(value))
    page.get_by_role("button", name="Save round").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 4")
    expect(page.get_by_label("1st goal")).to_be_focused()
