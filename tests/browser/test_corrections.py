"""Issue 30's walk on two phones, the owner's and a scorer link's: a correction taken back
gives every total back, and a correction that leaves a later black chip without its chip is
saved at the first tap, saying what that return now counts."""

from playwright.sync_api import expect

from games.models import Game, ScorerLink
from tests.browser.sheet import points_field


def replace(page, number):
    page.get_by_role("button", name=f"Replace round {number} with these numbers").click()


def test_a_correction_taken_back_on_the_other_phone_gives_ben_2_again(
    page, other_phone, signed_in, make_game
):
    game = make_game(rounds=[(5, 12, 0), (3, -10, 4)])  # Ana, Ben, Cleo: 8, 2, 4
    link = ScorerLink.objects.create(game=game, number=1)
    page.goto(f"/games/{game.pk}/")
    other_phone.goto(f"/s/{link.token}/")
    expect(other_phone.locator("tfoot td strong")).to_have_text(["8", "2", "4"])

    page.get_by_role("link", name="Edit round 1").click()
    points_field(page, "Ben").fill("0")  # Ben emptied his hand in round 1, Cleo took 1
    points_field(page, "Cleo").fill("1")
    replace(page, 1)
    expect(page.locator("tfoot td strong")).to_have_text(["8", "0", "5"])  # his −10 counts 0
    expect(other_phone.locator("tfoot td strong")).to_have_text(["8", "0", "5"])  # followed

    other_phone.get_by_role("link", name="Edit round 1").click()
    points_field(other_phone, "Ben").fill("12")  # back to what was played
    points_field(other_phone, "Cleo").fill("0")
    replace(other_phone, 1)

    expect(other_phone.locator("tfoot td strong")).to_have_text(["8", "2", "4"])
    expect(page.locator("tfoot td strong")).to_have_text(["8", "2", "4"])
    assert Game.objects.get(pk=game.pk).state.totals == (8, 2, 4)


def test_taking_a_later_black_chip_away_is_saved_at_the_first_tap_and_says_so(
    page, signed_in, make_game
):
    # Round 3: Ben gives back a black chip with 17 points; round 1 said 12 where he had 2.
    game = make_game(rounds=[(5, 12, 0), (0, 5, 4), (6, -10, 3)])
    page.goto(f"/games/{game.pk}/")
    actions = []

    page.get_by_role("link", name="Edit round 1").click()
    actions.append("tap Edit round 1")
    ben = points_field(page, "Ben")
    ben.click()
    ben.press("End")  # a tap in a phone's field leaves the cursor after the number
    actions.append("tap Ben's field")
    for _digit in "12":
        ben.press("Backspace")
        actions.append("delete a digit")
    ben.press("2")
    actions.append("type 2")
    # Before saving, the page says what round 3 will count.
    said = "Round 3: Ben’s return now counts −1, with 7 points then."
    expect(page.locator("#later-returns")).to_have_text(said)
    replace(page, 1)
    actions.append("tap Replace")

    expect(page.locator("ul.messages")).to_contain_text(said)  # saved at the first tap
    expect(page.locator("tfoot td strong")).to_have_text(["11", "6", "7"])
    assert len(actions) == 6  # 12 actions over 3 edits before (issue 30)
