"""The card picker: tap the cards left in a hand, the rule gives the penalty."""

import pytest
from playwright.sync_api import expect

from games.rules.lama import LLAMA, RULES
from tests.browser.sheet import points_field, save_round, totals

SIX = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fred")


def open_picker(page, name):
    page.get_by_role("button", name=f"Cards left in {name}'s hand").click()


def tap(page, name, cards):
    for card in cards:
        label = "a llama" if card == LLAMA else f"a {card}"
        page.get_by_role("button", name=f"Add {label} to {name}'s hand").click()


def test_it_types_the_penalty_of_the_tapped_cards_and_shows_the_sum(page, signed_in, make_game):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    open_picker(page, "Ana")
    tap(page, "Ana", [5, 5, LLAMA, 1])

    expect(points_field(page, "Ana")).to_have_value("16")
    summary = page.locator("#id_seat_0_cards output")
    expect(summary).to_have_text("5 · 5 · llama · 1 → 1 + 5 + 10 = 16")


def test_a_round_entered_by_tapping_cards_is_saved(page, signed_in, make_game):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    open_picker(page, "Ana")
    tap(page, "Ana", [2, 2])
    open_picker(page, "Cleo")
    tap(page, "Cleo", [6, LLAMA, LLAMA])
    page.get_by_role("button", name="Emptied hand for Ben").click()
    save_round(page, {})

    assert totals(page) == [2, 0, 16]


def test_the_typed_number_stays_editable_and_clear_empties_it(page, signed_in, make_game):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    open_picker(page, "Ben")
    tap(page, "Ben", [3])
    points_field(page, "Ben").fill("4")
    expect(points_field(page, "Ben")).to_have_value("4")
    page.get_by_role("button", name="Clear Ben's hand").click()
    expect(points_field(page, "Ben")).to_have_value("")


HANDS = [
    [1],
    [6, 6, 6],
    [LLAMA],
    [LLAMA, LLAMA, LLAMA],
    [1, 1, LLAMA],  # the rulebook's example: 11
    [1, 2, 3, 4, 5, 6, LLAMA],
    [4, 2, 4, LLAMA, 2, 6],
]


def test_the_picker_agrees_with_the_rules_module(page, signed_in, make_game):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    open_picker(page, "Ana")
    for hand in HANDS:
        page.get_by_role("button", name="Clear Ana's hand").click()
        tap(page, "Ana", hand)
        expect(points_field(page, "Ana")).to_have_value(str(RULES.hand_penalty(hand)))


def test_it_works_by_keyboard(page, signed_in, make_game):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    points_field(page, "Ana").focus()
    page.keyboard.press("Tab")  # the emptied-hand button
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Cards left in Ana's hand")).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Add a 1 to Ana's hand")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Space")

    expect(points_field(page, "Ana")).to_have_value("2")


@pytest.mark.parametrize("name", ["Ana", "Fred"])
def test_it_fits_a_phone_with_six_players(page, signed_in, make_game, name):
    game = make_game(names=SIX)
    page.goto(f"/games/{game.pk}/")
    open_picker(page, name)

    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    toggle = page.get_by_role("button", name=f"Cards left in {name}'s hand")
    cards = page.locator(f"#{toggle.get_attribute('aria-controls')}").get_by_role("button")
    expect(cards).to_have_count(8)
    for button in cards.all():
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, button.inner_text()
        assert box["x"] + box["width"] <= 390


def test_a_players_name_labels_only_their_points_field(page, signed_in, make_game):
    game = make_game(names=SIX)
    page.goto(f"/games/{game.pk}/")
    open_picker(page, SIX[0])

    # "Ana quit last" names her choice in "who quit last": her name alone, only her field.
    expect(page.get_by_label(SIX[0], exact=True)).to_have_count(1)
    expect(page.get_by_label(SIX[0], exact=True)).to_have_attribute("name", "seat_0")


def test_a_fields_error_goes_once_the_picker_or_the_emptied_hand_button_fills_it(
    page, signed_in, make_game
):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("button", name="Save round").click()
    for name in ("Ana", "Ben", "Cleo"):
        expect(page.get_by_text(f"Enter the points of {name}.")).to_be_visible()

    open_picker(page, "Ana")
    tap(page, "Ana", [4])
    page.get_by_role("button", name="Emptied hand for Ben").click()

    expect(page.get_by_text("Enter the points of Ana.")).to_have_count(0)
    expect(page.get_by_text("Enter the points of Ben.")).to_have_count(0)
    expect(points_field(page, "Ana")).not_to_have_attribute("aria-invalid", "true")
    expect(page.get_by_text("Enter the points of Cleo.")).to_be_visible()
    expect(points_field(page, "Cleo")).to_have_attribute("aria-invalid", "true")


@pytest.mark.parametrize("locale", ["fr-FR"])
def test_in_french_the_pickers_buttons_elide_before_a_vowel(page, signed_in, make_game, locale):
    game = make_game(names=("Émile", "Ben", "Hélène"))
    page.goto(f"/games/{game.pk}/")
    for name in ("Émile", "Ben", "Hélène"):
        page.get_by_role("button", name=f"Cartes restantes dans la main {of(name)}").click()
    for name in ("Émile", "Ben", "Hélène"):
        expect(
            page.get_by_role("button", name=f"Ajouter un lama à la main {of(name)}")
        ).to_be_visible()
        expect(
            page.get_by_role("button", name=f"Ajouter un 3 à la main {of(name)}")
        ).to_be_visible()
        expect(
            page.get_by_role("button", name=f"Effacer les cartes choisies pour {name}")
        ).to_be_visible()
    expect(page.get_by_role("button", name="Ajouter un lama à la main de Émile")).to_have_count(0)


def of(name):
    return f"de {name}" if name == "Ben" else f"d’{name}"
