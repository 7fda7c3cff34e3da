"""A whole game scored on a phone: start it, enter rounds three ways, correct them, finish it."""

from playwright.sync_api import expect

from games.models import Game
from tests.browser.sheet import (
    assert_same_document,
    mark_document,
    points_field,
    save_round,
    tap_quitter,
    totals,
    type_round,
)


def test_it_starts_a_game_from_the_new_game_form(page, signed_in):
    page.goto("/")
    page.get_by_role("link", name="New game").first.click()
    page.get_by_label("Player 1").fill("Ana")
    page.get_by_label("Player 2").fill("Ben")
    page.get_by_label("Player 3").fill("Cleo")
    page.get_by_label("Who starts the first round").select_option("1")  # the second seat
    page.get_by_role("button", name="Start game").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 1")
    expect(page.get_by_text("Ben starts this round.")).to_be_visible()
    assert Game.objects.get().names == ["Ana", "Ben", "Cleo"]


def test_it_saves_typed_rounds_without_reloading_the_page(page, signed_in, make_game):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    save_round(page, {"Ana": 11, "Ben": 0, "Cleo": 31})
    save_round(page, {"Ana": 5, "Ben": 3, "Cleo": 0})

    assert totals(page) == [16, 3, 31]
    assert game.rounds.count() == 2


def test_when_nobody_emptied_their_hand_it_asks_who_quit_last_and_says_who_starts(
    page, signed_in, make_game
):
    game = make_game(rounds=[(3, 0, 5)])
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_text("Ben starts this round.")).to_be_visible()
    mark_document(page)
    points_field(page, "Ana").fill("4")
    points_field(page, "Ben").fill("6")
    points_field(page, "Cleo").fill("2")
    page.get_by_role("button", name="Save round").click()

    quitter = page.get_by_role("group", name="who quit last")
    expect(quitter.get_by_role("radio", name="Cleo")).to_have_attribute("aria-invalid", "true")
    expect(quitter).to_contain_text("Nobody emptied their hand: say who quit last")
    tap_quitter(page, "Cleo")
    page.get_by_role("button", name="Save round").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3")
    expect(page.get_by_text("Cleo starts this round.")).to_be_visible()
    assert_same_document(page)


def test_the_emptied_hand_button_types_the_best_return(page, signed_in, make_game):
    game = make_game(rounds=[(12, 4, 20)])
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("button", name="Emptied hand for Ana").click()
    expect(points_field(page, "Ana")).to_have_value("-10")
    page.get_by_role("button", name="Emptied hand for Ben").click()
    expect(points_field(page, "Ben")).to_have_value("-1")
    points_field(page, "Ana").fill("7")  # the number stays editable
    save_round(page, {"Cleo": 3})

    assert totals(page) == [19, 3, 23]


def test_it_shows_a_refused_round_with_its_reason_and_keeps_the_numbers(page, signed_in, make_game):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    mark_document(page)
    points_field(page, "Ana").fill("-10")
    points_field(page, "Ben").fill("4")
    page.get_by_role("button", name="Save round").click()

    expect(page.get_by_text("Enter the points of Cleo.")).to_be_visible()
    expect(points_field(page, "Ben")).to_have_value("4")
    assert_same_document(page)
    assert game.rounds.count() == 0


def test_it_undoes_the_last_round_after_confirmation(page, signed_in, make_game):
    game = make_game(rounds=[(3, 0, 5), (7, 2, 0)])
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("link", name="Undo round 2").click()
    page.get_by_role("button", name="Yes, undo round 2").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    assert totals(page) == [3, 0, 5]


def test_it_edits_a_past_round(page, signed_in, make_game):
    game = make_game(rounds=[(3, 0, 5), (7, 2, 0)])
    page.goto(f"/games/{game.pk}/")
    for number in (1, 2):  # a visible "Edit" on each row, its number in the link's name
        link = page.get_by_role("link", name=f"Edit round {number}", exact=True)
        expect(link).to_be_visible()
        expect(link).to_have_text(f"Edit {number}")
    page.get_by_role("link", name="Edit round 1").click()
    points_field(page, "Ana").fill("13")
    page.get_by_role("button", name="Replace round 1 with these numbers").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3")
    assert totals(page) == [20, 2, 5]


def test_it_announces_a_sole_winner(page, signed_in, make_game):
    game = make_game(rounds=[(31, 0, 20)])
    page.goto(f"/games/{game.pk}/")
    mark_document(page)
    points_field(page, "Ana").fill("10")
    points_field(page, "Ben").fill("4")
    points_field(page, "Cleo").fill("0")
    page.get_by_role("button", name="Save round").click()

    expect(page.get_by_role("heading", name="Ben wins!")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text("Final scoresheet")
    expect(page.get_by_role("button", name="Save round")).to_have_count(0)
    assert_same_document(page)


def test_it_announces_a_shared_victory(page, signed_in, make_game):
    game = make_game(rounds=[(30, 6, 4)])
    page.goto(f"/games/{game.pk}/")
    points_field(page, "Ana").fill("10")
    points_field(page, "Ben").fill("2")
    points_field(page, "Cleo").fill("4")
    tap_quitter(page, "Ana")
    page.get_by_role("button", name="Save round").click()

    expect(page.get_by_role("heading", name="Shared victory: Ben and Cleo!")).to_be_visible()
    assert Game.objects.get(pk=game.pk).state.winners == (1, 2)


def test_a_refusal_shows_above_the_keyboard(page, signed_in, make_game):
    """The keyboard takes half the screen: the reason is scrolled to the top of what is left,
    not left above it where the first player's field is."""
    page.set_viewport_size({"width": 390, "height": 360})
    names = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn")
    game = make_game(names=names, rounds=[(1, 2, 3, 4, 5, 0)] * 3)
    page.goto(f"/games/{game.pk}/")
    type_round(page, dict(zip(names, (999, 4, 12, 3, 2, 0), strict=True)))
    page.get_by_role("button", name="Save round").click()

    expect(page.locator("#id_seat_0_errors")).to_be_in_viewport()
