"""Issue 40's typo that moves the end, on a phone: round 1 was really 31, so Ana passes 40 in
round 2. The edit page says so before saving, the correction is saved at the first tap, round
3 stays on the sheet apart and not counted, and taking it back gives 39 / 10 / 7 over three
rounds."""

from playwright.sync_api import expect

from games.models import Game
from tests.browser.sheet import points_field

SAID = "Ana reaches 51 in round 2: the game ends there. Round 3 no longer counts."


def correct_round_1(page, ana):
    page.get_by_role("link", name="Edit round 1").click()
    points_field(page, "Ana").fill(ana)


def test_the_typo_that_moves_the_end_is_corrected_at_the_first_tap_and_taken_back(
    page, signed_in, make_game
):
    game = make_game(rounds=[(13, 5, 2), (20, 3, 4), (6, 2, 1)])  # Ana 39, Ben 10, Cleo 7
    game.rounds.update(last_to_quit=2)  # nobody emptied a hand: Cleo quit last each time
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"/games/{game.pk}/")

    correct_round_1(page, "31")
    expect(page.locator("#later-returns")).to_have_text(SAID)  # before saving
    page.get_by_role("button", name="Replace round 1 with these numbers").click()

    expect(page.locator("ul.messages")).to_contain_text(SAID)  # saved at the first tap
    expect(page.locator("tfoot td strong")).to_have_text(["51", "8", "6"])
    apart = page.locator("tbody.beyond-end")
    expect(apart).to_contain_text("Typed after the end of the game: not counted")
    expect(apart.locator("td")).to_have_text(["typed, not counted: 6", "typed, not counted: 2",
                                              "typed, not counted: 1"])  # fmt: skip
    # drawn below the totals, which do not count it
    totals_bottom = page.locator("tfoot").bounding_box()
    apart_top = apart.bounding_box()
    assert apart_top["y"] >= totals_bottom["y"] + totals_bottom["height"] - 1

    correct_round_1(page, "13")
    expect(page.locator("#later-returns")).to_contain_text("Round 3 counts again.")
    page.get_by_role("button", name="Replace round 1 with these numbers").click()

    expect(page.locator("tfoot td strong")).to_have_text(["39", "10", "7"])
    expect(page.locator("tbody.beyond-end")).to_have_count(0)
    state = Game.objects.get(pk=game.pk).state
    assert len(state.rounds) == 3 and not state.finished
