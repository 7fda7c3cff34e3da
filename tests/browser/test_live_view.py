"""The others follow the game on their own phones, from the QR code's link."""

import re

import pytest
from playwright.sync_api import expect

from games.views import live
from tests.browser.sheet import mark_document, save_round


@pytest.fixture(autouse=True)
def quick_polls(monkeypatch):
    monkeypatch.setattr(live, "POLL_SECONDS", 1)


def share(page, game):
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("link", name="Share live with the table").click()
    page.get_by_role("button", name="Create the live link").click()
    qr = page.get_by_role("img", name="QR code of the live link")
    expect(qr).to_be_visible()
    loaded = "image => image.complete && image.naturalWidth > 0"
    page.wait_for_function(loaded, arg=qr.element_handle())
    return page.get_by_label("Live link").input_value()


def test_the_table_follows_new_rounds_and_the_end_without_reloading(
    page, other_phone, signed_in, make_game
):
    game = make_game(rounds=[(31, 0, 20)])
    link = share(page, game)
    other_phone.goto(link)
    expect(other_phone.get_by_role("heading", level=1)).to_have_text("Round 2")
    expect(other_phone.get_by_role("main").get_by_role("button")).to_have_count(0)
    expect(other_phone.get_by_role("main").get_by_role("textbox")).to_have_count(0)
    mark_document(other_phone)

    page.get_by_role("link", name="Back to the scoresheet").click()
    save_round(page, {"Ana": 2, "Ben": 5, "Cleo": 0})
    news = other_phone.locator("#live-news")
    expect(news).to_have_attribute("aria-live", "polite")
    expect(news).to_have_text(re.compile("^Round 2 saved. Totals: Ana 33, Ben 5, Cleo 20"))
    expect(other_phone.get_by_role("heading", level=1)).to_have_text("Round 3")

    page.get_by_label("Ana", exact=True).fill("10")
    page.get_by_label("Ben", exact=True).fill("0")
    page.get_by_label("Cleo", exact=True).fill("3")
    page.get_by_role("button", name="Save round").click()
    expect(other_phone.get_by_role("heading", name="Ben wins!")).to_be_visible()
    expect(news).to_have_text(re.compile("^Ben wins!"))
    assert other_phone.evaluate("window.sameDocument") is True


def test_a_revoked_link_stops_working(page, other_phone, signed_in, make_game, watch):
    game = make_game()
    link = share(page, game)
    other_phone.goto(link)
    # From the tap on "Yes, stop sharing": a poll may come as soon as the link is gone.
    watch.expect(404, "/live/")
    watch.expect_console("Response Status Error Code 404")
    page.get_by_role("link", name="Stop sharing").click()
    page.get_by_role("button", name="Yes, stop sharing").click()
    expect(page.get_by_text("The live link no longer works.")).to_be_visible()

    gone = other_phone.get_by_role("heading", level=1)
    expect(gone).to_have_text("This live link was turned off by the scorekeeper")
    expect(gone).to_be_focused()
    expect(other_phone.locator("table")).to_have_count(0)
    # Only the notice: not the live view's "it follows each new round" above it.
    expect(other_phone.get_by_text("it follows each new round")).to_have_count(0)
    expect(other_phone).to_have_title("Live link turned off · Scorekeeper")
    assert other_phone.goto(link).status == 404
    expect(other_phone.get_by_role("heading", level=1)).to_have_text(
        "This live link was turned off by the scorekeeper"
    )
