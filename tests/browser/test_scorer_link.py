"""Another phone scores: the owner hands it a scorer link, and takes it back."""

import re

from playwright.sync_api import expect

from tests.browser.sheet import assert_same_document, mark_document, points_field, save_round


def hand_scoring(page, game):
    """The owner makes a scorer link from the sheet; its address, as the QR code holds it."""
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("link", name="Hand scoring to another phone").click()
    page.get_by_role("button", name="Create a scorer link").click()
    qr = page.get_by_role("img", name="QR code of scorer link 1")
    expect(qr).to_be_visible()
    page.wait_for_function(
        "image => image.complete && image.naturalWidth > 0", arg=qr.element_handle()
    )
    return page.get_by_label("Address of scorer link 1").input_value()


def test_turning_a_link_off_stands_apart_from_copying_it(page, signed_in, make_game):
    hand_scoring(page, make_game())
    copy = page.get_by_role("button", name="Copy scorer link 1").bounding_box()
    turn_off = page.get_by_role("button", name="Turn off scorer link 1").bounding_box()

    # More than a thumb's width (about 10 mm, 40 CSS px) between them.
    assert turn_off["y"] - (copy["y"] + copy["height"]) >= 48


def test_a_scorer_link_adds_a_round_that_the_owners_phone_then_shows(
    page, other_phone, signed_in, make_game
):
    game = make_game(rounds=[(3, 0, 5)])
    link = hand_scoring(page, game)
    assert re.fullmatch(r"http://[^/]+/s/[\w-]{32,}/", link)
    page.get_by_role("link", name="Back to the scoresheet").click()
    mark_document(page)
    points_field(page, "Cleo").fill("7")  # the owner is typing: the board must leave it be
    points_field(page, "Cleo").focus()

    other_phone.goto(link)
    expect(other_phone.get_by_text("with scorer link 1")).to_be_visible()
    expect(other_phone.get_by_role("link", name="Delete this game")).to_have_count(0)
    expect(other_phone.get_by_role("link", name="History")).to_have_count(0)
    save_round(other_phone, {"Ana": 2, "Ben": 4, "Cleo": 0})
    expect(other_phone.get_by_text("Round 2 saved by scorer link 1")).to_be_visible()

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3")
    expect(page.get_by_text("Round 2 saved by scorer link 1")).to_be_visible()
    expect(page.locator("tfoot td strong").first).to_have_text("5")
    expect(page.get_by_role("link", name="Undo round 2")).to_be_visible()
    expect(points_field(page, "Cleo")).to_have_value("7")
    expect(points_field(page, "Cleo")).to_be_focused()
    assert_same_document(page)


def test_a_revoked_scorer_link_stops_mid_form_and_keeps_the_numbers(
    page, other_phone, signed_in, make_game, watch
):
    game = make_game(rounds=[(3, 0, 5)])
    link = hand_scoring(page, game)
    other_phone.goto(link)
    points_field(other_phone, "Ana").fill("2")
    points_field(other_phone, "Ben").fill("4")
    points_field(other_phone, "Cleo").fill("0")

    page.get_by_role("button", name="Turn off scorer link 1").click()
    expect(page.get_by_text("Scorer link 1 no longer works.")).to_be_visible()
    # At its next poll, the scorer's phone says so; the numbers typed stay in the form.
    expect(other_phone.get_by_role("alert")).to_contain_text("turned off by the game’s owner")
    expect(points_field(other_phone, "Ben")).to_have_value("4")
    watch.expect(404, "/s/")
    watch.expect_console("Response Status Error Code 404")
    other_phone.get_by_role("button", name="Save round").click()

    gone = other_phone.get_by_role("heading", level=1)
    expect(gone).to_have_text("This scorer link was turned off by the game’s owner")
    expect(gone).to_be_focused()
    expect(other_phone.get_by_role("listitem")).to_have_text(["Ana: 2", "Ben: 4", "Cleo: 0"])
    expect(other_phone.locator("table")).to_have_count(0)
    assert game.rounds.count() == 1
