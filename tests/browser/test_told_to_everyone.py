"""What another phone does to the game is said aloud on this phone's sheet, through the live
region that stays on the page (#sheet-status): its round, with the totals, and its undo."""

from playwright.sync_api import expect

from games.models import ScorerLink
from tests.browser.sheet import points_field, save_round, type_round


def test_another_phones_round_and_undo_are_said_on_the_sheet(
    page, other_phone, signed_in, make_game
):
    game = make_game(rounds=[(3, 0, 5)])
    link = ScorerLink.objects.create(game=game, number=1)
    page.goto(f"/games/{game.pk}/")
    other_phone.goto(f"/s/{link.token}/")
    status = page.get_by_role("status").and_(page.locator("#sheet-status"))

    save_round(other_phone, {"Ana": 4, "Ben": 2, "Cleo": 0})
    expect(status).to_have_text("Round 2 saved. Totals: Ana 7, Ben 2, Cleo 5.")
    expect(page.locator("legend").first).to_have_text("Points for round 3")

    other_phone.get_by_role("link", name="Undo round 2").click()
    other_phone.get_by_role("button", name="Yes, undo round 2").click()
    expect(status).to_have_text("Round 2 undone.")
    expect(page.locator("legend").first).to_have_text("Points for round 2")


def test_a_refusal_is_said_and_the_cursor_goes_where_the_fixing_is(page, signed_in, make_game):
    game = make_game(rounds=[(3, 0, 5)])
    page.goto(f"/games/{game.pk}/")
    type_round(page, {"Ana": 4, "Ben": 6, "Cleo": 2})
    points_field(page, "Cleo").press("Enter")  # Done, from the last field

    quitter = page.get_by_role("group", name="who quit last")
    expect(quitter.get_by_role("radio", name="Ana")).to_be_focused()
    expect(page.locator("#sheet-status")).to_have_text(
        "Round 2 was not saved: the rules refused it. Correct the numbers in the form below and "
        "save again."
    )
    expect(quitter.get_by_role("radio", name="Ana")).to_have_accessible_description(
        "Nobody emptied their hand: say who quit last, who starts the next round."
    )
