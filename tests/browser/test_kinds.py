"""The game chosen at the start, at the table: the new-game form follows it, and a game of the
Lato z komarami rule is played to the end with the card picker."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser.sheet import points_field, save_round, totals
from tests.helpers.browser import violations


def name_field(page, number):
    return page.get_by_label(f"Player {number}", exact=True)


def test_the_new_game_form_follows_the_game_chosen(page, signed_in):
    page.goto("/games/new/")
    expect(page.get_by_text("L.L.A.M.A. is played by 2 to 6 players.")).to_be_visible()
    expect(name_field(page, 6)).to_be_visible()

    page.get_by_label("Llama Llama").check()
    expect(page.get_by_text("Llama Llama is played by 2 to 4 players.")).to_be_visible()
    expect(name_field(page, 4)).to_be_visible()
    expect(name_field(page, 5)).to_be_hidden()
    expect(name_field(page, 6)).to_be_hidden()
    expect(page.get_by_label("Who starts the first round")).to_be_hidden()

    page.get_by_label("L.L.A.M.A., Lato z komarami rule").check()
    expect(page.get_by_text("is played by 2 to 6 players.")).to_have_text(
        "L.L.A.M.A., Lato z komarami rule is played by 2 to 6 players."
    )
    expect(name_field(page, 6)).to_be_visible()
    expect(page.get_by_label("Who starts the first round")).to_be_visible()


def test_a_llama_llama_game_starts_without_a_starter(page, signed_in):
    page.goto("/games/new/")
    page.get_by_label("Llama Llama").check()
    for number, name in enumerate(["Ana", "Ben", "Cleo", "Dan"], start=1):
        name_field(page, number).fill(name)
    page.get_by_role("button", name="Start game").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 1 of 4")
    game = Game.objects.get()
    assert (game.kind, game.names) == ("llama_llama", ["Ana", "Ben", "Cleo", "Dan"])


def test_a_name_typed_beyond_the_limit_stays_in_sight_and_is_refused(page, signed_in):
    page.goto("/games/new/")
    for number, name in enumerate(["Ana", "Ben", "Cleo", "Dan", "Eve"], start=1):
        name_field(page, number).fill(name)
    page.get_by_label("Llama Llama").check()
    expect(name_field(page, 5)).to_be_visible()
    expect(name_field(page, 6)).to_be_hidden()
    page.get_by_role("button", name="Start game").click()

    expect(page.locator("#id_player_0_errors")).to_have_text(
        "Llama Llama is played by 2 to 4 players."
    )
    assert not Game.objects.exists()


def test_a_regular_is_seated_only_in_a_field_the_game_uses(page, signed_in, make_game):
    make_game(["Ana", "Ben", "Cleo", "Dan", "Eve"])
    page.goto("/games/new/")
    page.get_by_label("Llama Llama").check()
    for name in ["Ana", "Ben", "Cleo", "Dan", "Eve"]:
        page.get_by_role("button", name=f"{name} (add to the table)").click()
    expect(name_field(page, 4)).to_have_value("Dan")
    expect(name_field(page, 5)).to_be_hidden()
    expect(name_field(page, 5)).to_have_value("")


LLAMA = "llama"  # the rules' card of 10: a mosquito in a Lato z komarami game


def pick(page, name, cards):
    """Type a player's penalty with the card picker: open it, clear it, tap the cards."""
    toggle = page.get_by_role("button", name=f"Cards left in {name}'s hand")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    page.get_by_role("button", name=f"Clear {name}'s hand").click()
    for card in cards:
        label = "a mosquito" if card == LLAMA else f"a {card}"
        page.get_by_role("button", name=f"Add {label} to {name}'s hand").click()


def picker_sum(page, seat):
    return page.locator(f"#id_seat_{seat}_cards output")


def test_a_lato_game_is_played_to_the_end_with_the_card_picker(page, signed_in):
    page.goto("/games/new/")
    page.get_by_label("L.L.A.M.A., Lato z komarami rule").check()
    for number, name in enumerate(["Ana", "Ben", "Cleo"], start=1):
        name_field(page, number).fill(name)
    page.get_by_role("button", name="Start game").click()
    expect(page.locator(".game-kind")).to_have_text("L.L.A.M.A., Lato z komarami rule")
    expect(page.get_by_text("each mosquito costs 10")).to_be_visible()

    # Round 1: two mosquitoes cost 20 (two llamas 10 in L.L.A.M.A.); a 1 and two of them 21.
    pick(page, "Ana", [LLAMA, LLAMA])
    expect(picker_sum(page, 0)).to_have_text("mosquito · mosquito → 10 + 10 = 20")
    pick(page, "Cleo", [1, LLAMA, LLAMA])
    expect(picker_sum(page, 2)).to_have_text("1 · mosquito · mosquito → 1 + 10 + 10 = 21")
    page.get_by_role("button", name="Emptied hand for Ben").click()
    save_round(page, {})
    assert totals(page) == [20, 0, 21]

    # Round 2: an 8th mosquito is refused where the player sees it; the 7 stay at 70.
    pick(page, "Cleo", [LLAMA] * 7)
    llama = page.get_by_role("button", name="Add a mosquito to Cleo's hand")
    expect(llama).to_have_attribute("aria-disabled", "true")  # said before it is tapped
    llama.click(force=True)  # Playwright taps no disabled button unless told to: a thumb does
    expect(picker_sum(page, 2)).to_have_text(
        " · ".join(["mosquito"] * 7) + " → " + " + ".join(["10"] * 7) + " = 70"
        " The game has only 7 mosquito cards."
    )
    expect(picker_sum(page, 2)).to_have_class("picker-sum refused")
    expect(points_field(page, "Cleo")).to_have_value("70")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    pick(page, "Cleo", [2])
    expect(picker_sum(page, 2)).to_have_text("2 → 2 = 2")
    expect(picker_sum(page, 2)).to_have_class("picker-sum")
    expect(page.get_by_role("button", name="Add a mosquito to Cleo's hand")).to_have_attribute(
        "aria-disabled", "false"
    )
    page.get_by_role("button", name="Emptied hand for Ana").click()  # gives back a black chip
    expect(points_field(page, "Ana")).to_have_value("-10")
    pick(page, "Ben", [6, LLAMA, LLAMA])
    save_round(page, {})
    assert totals(page) == [10, 26, 23]

    # Round 3: Ben passes 40, Cleo empties her hand and wins.
    pick(page, "Ana", [3, 4])
    pick(page, "Ben", [LLAMA, LLAMA])
    page.get_by_role("button", name="Emptied hand for Cleo").click()
    page.get_by_role("button", name="Save round").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Final scoresheet")
    expect(page.get_by_role("heading", name="Cleo wins!")).to_be_visible()
    assert totals(page) == [17, 46, 13]
    expect(page.locator(".game-kind")).to_have_text("L.L.A.M.A., Lato z komarami rule")
    game = Game.objects.get()
    assert (game.kind, game.state.finished) == ("lato", True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_the_pages_that_follow_the_game_have_no_accessibility_violation(
    page, signed_in, make_game, color_scheme
):
    lato = make_game(kind="lato", rounds=[(21, 0, 31)])
    make_game(kind="llama_llama", rounds=[(30, 20, 10)] * 4)
    ana = lato.seats[0].player
    found = []

    page.goto("/games/new/")
    page.get_by_label("Llama Llama").check()
    found += violations(page, "new game, Llama Llama chosen")
    page.goto(f"/games/{lato.pk}/")
    pick(page, "Ana", [LLAMA] * 7)
    page.get_by_role("button", name="Add a mosquito to Ana's hand").click(force=True)
    found += violations(page, "Lato sheet, an 8th mosquito refused")
    page.goto(f"/players/{ana.pk}/")
    found += violations(page, "player of two games")
    page.goto("/history/?game=lato")
    found += violations(page, "history of one game")

    assert not found, "\n".join(found)
