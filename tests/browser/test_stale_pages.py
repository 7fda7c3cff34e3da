"""Nothing lost and nothing awkward: Back then save, two tabs on one game, a double tap."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser.sheet import points_field, save_round, type_round


def saved_rounds(game):
    return [r.entries for r in Game.objects.get(pk=game.pk).state.rounds]


def test_back_then_save_never_loses_a_round(page, signed_in, make_game):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    save_round(page, {"Ana": 5, "Ben": 0, "Cleo": 12})
    page.get_by_role("link", name="Scoring rules").click()
    expect(page.get_by_role("heading", level=1)).not_to_have_text("Round 2")
    page.go_back()

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    type_round(page, {"Ana": 7, "Ben": 3, "Cleo": 0})
    page.get_by_role("button", name="Save round").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3")
    assert saved_rounds(game) == [(5, 0, 12), (7, 3, 0)]


@pytest.mark.parametrize("service_workers", ["block"])  # the old page is answered by page.route
def test_a_page_older_than_its_round_keeps_the_typed_numbers_ready_to_save(
    page, signed_in, make_game
):
    """Whatever a browser's cache does: the old page comes back, its key already used for
    round 1, and round 2 is typed on it."""
    game = make_game()
    url = f"/games/{game.pk}/"
    old_sheet = page.goto(url).text()
    save_round(page, {"Ana": 5, "Ben": 0, "Cleo": 12})
    page.route(f"**{url}", lambda route: route.fulfill(body=old_sheet, content_type="text/html"))
    # Nor does it hear of round 1 (its stream refused): had it heard, its form would have moved
    # to round 2 before the numbers were typed, and round 2 been saved.
    page.route(re.compile(r"/events/"), lambda route: route.fulfill(status=204))
    page.goto(url)
    page.unroute(f"**{url}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 1")

    type_round(page, {"Ana": 7, "Ben": 3, "Cleo": 0})
    page.get_by_role("button", name="Save round").click()

    expect(page.get_by_role("alert").filter(has_text="already saved")).to_contain_text(
        "Your numbers (Ana 7, Ben 3, Cleo 0) are in the form below"
    )
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    expect(points_field(page, "Ben")).to_have_value("3")
    assert saved_rounds(game) == [(5, 0, 12)]
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3")
    assert saved_rounds(game) == [(5, 0, 12), (7, 3, 0)]


def test_two_tabs_saving_the_same_round_lose_neither(page, context, signed_in, make_game):
    game = make_game()
    other = context.new_page()
    # The other tab hears nothing of the first save (its stream refused, its polls answer
    # "nothing new", as when they are lost on the way); had it heard, its form would have moved
    # to round 2 already.
    other.route(re.compile(r"/(board|events)/"), lambda route: route.fulfill(status=204))
    page.goto(f"/games/{game.pk}/")
    other.goto(f"/games/{game.pk}/")
    save_round(page, {"Ana": 5, "Ben": 0, "Cleo": 12})

    type_round(other, {"Ana": 7, "Ben": 3, "Cleo": 0})
    other.get_by_role("button", name="Save round").click()

    notice = other.get_by_role("alert").filter(has_text="already saved")
    expect(notice).to_contain_text("Round 1 was already saved")
    expect(notice).to_contain_text("Your numbers (Ana 7, Ben 3, Cleo 0)")
    expect(other.locator("tbody tr").first).to_contain_text("12")  # the other tab's round 1
    expect(points_field(other, "Ana")).to_have_value("7")
    expect(other.get_by_text(re.compile("Points for round 2"))).to_be_visible()
    other.get_by_role("button", name="Save round").click()  # one tap

    expect(other.get_by_role("heading", level=1)).to_have_text("Round 3")
    assert saved_rounds(game) == [(5, 0, 12), (7, 3, 0)]


# Whether the page held back each save htmx was about to send (after the app's own
# listeners, which were added first); not the board's polls, which follow other phones.
RECORD_REQUESTS = """
window.heldBack = [];
document.addEventListener("htmx:beforeRequest", (event) => {
  if (event.target.closest("form")) window.heldBack.push(event.defaultPrevented);
});
"""


def test_a_double_tap_landing_on_the_new_form_shows_no_error(page, signed_in, make_game):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    page.evaluate(RECORD_REQUESTS)
    posts = []
    page.on("request", lambda r: posts.append(r) if r.method == "POST" else None)
    type_round(page, {"Ana": 5, "Ben": 0, "Cleo": 12})
    save = page.get_by_role("button", name="Save round")
    save.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    save.click()  # the second tap of the double tap, on the fresh form

    page.wait_for_function("window.heldBack.length === 2")  # htmx took the second tap
    assert page.evaluate("window.heldBack") == [False, True]
    expect(page.get_by_text("Enter the points of")).to_have_count(0)
    assert len(posts) == 1
    assert saved_rounds(game) == [(5, 0, 12)]
