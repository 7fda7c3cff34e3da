"""Everything works by keyboard, and Enter saves the round as a phone keyboard's Go does."""

from playwright.sync_api import expect

from games.models import Game
from tests.browser.sheet import assert_same_document, mark_document, points_field, totals


def test_a_round_is_entered_and_saved_by_keyboard(page, signed_in, make_game):
    game = make_game(rounds=[(3, 12, 0)])
    page.goto(f"/games/{game.pk}/")
    mark_document(page)
    points_field(page, "Ana").focus()
    page.keyboard.type("5")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(points_field(page, "Ben")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Emptied hand for Ben")).to_be_focused()
    page.keyboard.press("Enter")
    expect(points_field(page, "Ben")).to_have_value("-10")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.type("12")
    page.keyboard.press("Enter")

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3")
    assert_same_document(page)
    assert totals(page) == [8, 2, 12]


def test_a_game_is_started_by_keyboard_next_after_each_name(page, signed_in):
    """Enter (the keyboard's Next) after a name goes on to the next name; in a field left
    empty it starts the game, whose sheet has the cursor in the first player's field."""
    page.goto("/games/new/")
    page.get_by_label("Player 1").focus()
    page.keyboard.type("Ana")
    page.keyboard.press("Enter")
    expect(page.get_by_label("Player 2")).to_be_focused()
    page.keyboard.type("Ben")
    page.keyboard.press("Enter")
    expect(page.get_by_label("Player 3")).to_be_focused()
    page.keyboard.press("Enter")

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 1")
    assert Game.objects.get().names == ["Ana", "Ben"]
    expect(points_field(page, "Ana")).to_be_focused()
