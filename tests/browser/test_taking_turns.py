"""Two phones keep one game by turns, the owner's and a scorer link's: each phone's open form
follows the other's saves (the board's poll brings it), keeps what was typed in it, and saves
at the first tap; "Emptied hand" gives back the chip held when the round is saved."""

from playwright.sync_api import expect

from games.models import Game, ScorerLink
from games.rules import Round
from games.services.rounds import replace_round
from tests.browser.sheet import assert_same_document, mark_document, points_field


def legend(page):
    return page.locator("form.round-form legend").first


def save(page, number):
    """Tap Save once: the round is saved (the sheet moves on to the next one)."""
    page.get_by_role("button", name="Save round").click()
    expect(page.locator("#sheet [data-saved]")).to_have_text(f"Round {number} saved.")


def stored(game):
    return [list(r.played.entries) for r in Game.objects.get(pk=game.pk).stored_rounds]


def test_two_phones_taking_turns_save_each_round_at_the_first_tap(
    page, other_phone, signed_in, make_game
):
    game = make_game()
    link = ScorerLink.objects.create(game=game, number=1)
    page.goto(f"/games/{game.pk}/")
    other_phone.goto(f"/s/{link.token}/")
    mark_document(other_phone)
    points_field(other_phone, "Ana").fill("5")  # the scorer starts on the next round early

    points_field(page, "Ana").fill("3")
    points_field(page, "Ben").fill("12")
    points_field(page, "Cleo").fill("0")
    save(page, 1)

    # The scorer's form moves to round 2 with what was typed in it, and Ben's chip is black.
    expect(legend(other_phone)).to_have_text("Points for round 2")
    expect(points_field(other_phone, "Ana")).to_have_value("5")
    other_phone.get_by_role("button", name="Emptied hand for Ben").click()
    expect(points_field(other_phone, "Ben")).to_have_value("-10")
    points_field(other_phone, "Cleo").fill("7")
    save(other_phone, 2)
    assert_same_document(other_phone)

    expect(legend(page)).to_have_text("Points for round 3")
    points_field(page, "Ana").fill("0")
    points_field(page, "Ben").fill("4")
    points_field(page, "Cleo").fill("6")
    save(page, 3)
    assert stored(game) == [[3, 12, 0], [5, -10, 7], [0, 4, 6]]


def test_an_emptied_hand_tapped_before_the_other_phones_change_gives_back_the_black_chip(
    page, other_phone, signed_in, make_game
):
    """The scorer taps "Emptied hand" for Ben at 2 (a white chip, -1); the owner's phone then
    corrects round 1 to give Ben 12. The form shows -10 once the poll brings the change, and
    -10 is stored, as it would be had the save gone first (the server decides the chip)."""
    game = make_game(rounds=[(3, 2, 0)])
    link = ScorerLink.objects.create(game=game, number=1)
    other_phone.goto(f"/s/{link.token}/")
    other_phone.get_by_role("button", name="Emptied hand for Ben").click()
    expect(points_field(other_phone, "Ben")).to_have_value("-1")
    points_field(other_phone, "Ana").fill("6")

    replace_round(game, 1, Round((3, 12, 0)))  # the owner's phone, meanwhile

    expect(points_field(other_phone, "Ben")).to_have_value("-10")
    expect(points_field(other_phone, "Ana")).to_have_value("6")
    points_field(other_phone, "Cleo").fill("9")
    save(other_phone, 2)
    assert stored(game) == [[3, 12, 0], [6, -10, 9]]
