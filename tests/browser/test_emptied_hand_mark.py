"""The "Emptied hand" button shows its mark, "Next" passes by the field it filled, and marking
another player takes the old mark away (in an edit too, where the old mark is the round's)."""

from playwright.sync_api import expect

from tests.browser.sheet import points_field


def emptied(page, name):
    return page.get_by_role("button", name=f"Emptied hand for {name}")


def test_next_passes_by_the_field_emptied_hand_filled(page, signed_in, make_game):
    game = make_game(names=("Ana", "Ben", "Cleo", "Dan"), rounds=[(3, 0, 5, 2)])
    page.goto(f"/games/{game.pk}/")
    emptied(page, "Cleo").click()
    expect(emptied(page, "Cleo")).to_have_attribute("aria-pressed", "true")
    expect(emptied(page, "Ana")).to_have_attribute("aria-pressed", "false")

    points_field(page, "Ana").fill("5")
    points_field(page, "Ana").press("Enter")
    points_field(page, "Ben").fill("12")
    points_field(page, "Ben").press("Enter")
    expect(points_field(page, "Dan")).to_be_focused()  # not Cleo's "0"
    page.keyboard.type("3")
    expect(points_field(page, "Dan")).to_have_value("3")
    expect(points_field(page, "Cleo")).to_have_value("-1")  # her return: the mark stays
    expect(emptied(page, "Cleo")).to_have_attribute("aria-pressed", "true")


def test_marking_another_player_in_an_edit_takes_the_old_mark_away(page, signed_in, make_game):
    game = make_game(rounds=[(5, 12, 0), (3, 0, 4)])  # Cleo emptied her hand in round 1
    page.goto(f"/games/{game.pk}/rounds/1/edit/")
    expect(emptied(page, "Cleo")).to_have_attribute("aria-pressed", "true")

    emptied(page, "Ben").click()
    expect(points_field(page, "Ben")).to_have_value("0")
    expect(points_field(page, "Cleo")).to_have_value("")
    expect(emptied(page, "Cleo")).to_have_attribute("aria-pressed", "false")
    expect(emptied(page, "Ben")).to_have_attribute("aria-pressed", "true")
    points_field(page, "Cleo").fill("1")
    page.get_by_role("button", name="Replace round 1 with these numbers").click()

    expect(page.locator("tfoot td strong")).to_have_text(["8", "0", "5"])


def test_a_refusal_about_two_fields_goes_from_both_when_one_is_fixed(page, signed_in, make_game):
    game = make_game(rounds=[(3, 1, 5)])
    page.goto(f"/games/{game.pk}/")
    for name, value in (("Ana", "0"), ("Ben", "0"), ("Cleo", "5")):
        points_field(page, name).fill(value)
    page.get_by_role("button", name="Save round").click()
    refusal = page.locator(".entry .errors").filter(has_text="Only one player can empty")
    expect(refusal).to_have_count(2)

    points_field(page, "Ana").fill("4")

    expect(refusal).to_have_count(0)
    expect(points_field(page, "Ben")).not_to_have_attribute("aria-invalid", "true")
