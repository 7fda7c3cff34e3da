"""Whole games of Llama Llama on a phone: the hand calculator counts the rulebook's hands,
the table helpers follow the totals, and the banner says what decided the end."""

import re

from playwright.sync_api import expect

from games.models import Game
from tests.browser.conftest import wait_for_connections
from tests.browser.sheet import assert_same_document, mark_document, points_field, totals
from tests.helpers.browser import PHONE, sign_in

# The rulebook's example: its four goals in the order they were revealed.
GOALS = ("A=1, ABCDEFG=50", "B=2, AACC=15", "B=2, AACC=15", "D=4, AG=5, CE=5, BF=5")
ORDINALS = ("1st", "2nd", "3rd", "4th")


def type_goals(page, goals=GOALS):
    for ordinal, goal in zip(ORDINALS, goals, strict=True):
        page.get_by_label(f"{ordinal} goal").fill(goal)


def letters(page, name):
    return page.get_by_label(f"Letters in {name}'s hand")


def type_scores(page, **scores):
    for name, score in scores.items():
        points_field(page, name).fill(str(score))


def save(page, heading):
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)


def test_a_whole_game_with_the_calculator_ends_on_the_final_round_tie_break(page, signed_in):
    page.goto("/games/new/")
    page.get_by_label("Llama Llama").check()
    for seat, name in enumerate(("Ana", "Ben", "Cleo"), start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 1 of 4")
    mark_document(page)

    # Round 1: the calculator counts two hands; the third score is typed.
    type_goals(page)
    page.get_by_label("1st goal").press("Enter")  # Enter goes on to the next field
    expect(page.get_by_label("2nd goal")).to_be_focused()
    page.get_by_label("4th goal").press("Enter")
    expect(letters(page, "Ana")).to_be_focused()
    letters(page, "Ana").fill("abcdefg")
    page.get_by_role("button", name="Calculate for Ana").click()
    expect(points_field(page, "Ana")).to_have_value("74")
    expect(page.get_by_role("status").filter(has_text="Ana's hand")).to_contain_text("= in all 74")
    letters(page, "Ben").fill("aabbccd")
    letters(page, "Ben").press("Enter")  # the keyboard's Done counts, it does not save
    expect(points_field(page, "Ben")).to_have_value("44")
    expect(letters(page, "Cleo")).to_be_focused()  # on to the next player's letters
    expect(letters(page, "Ben")).to_have_accessible_description(
        re.compile(r"^Ben's hand: 1st 2 \+? ?2nd 19 .*in all 44$")
    )
    expect(page.get_by_label("4th goal")).to_have_value(GOALS[3])  # still there for the next player
    expect(letters(page, "Ana")).to_have_value("abcdefg")
    points_field(page, "Cleo").fill("10")
    save(page, "Round 2 of 4")
    assert_same_document(page)
    expect(page.get_by_label("1st goal")).to_have_value("")  # gone with the saved round

    helpers = page.get_by_role("region", name="Before this round")
    expect(helpers.get_by_role("listitem")).to_have_text(["Ana", "Ben", "Cleo"])
    expect(helpers).to_contain_text("The dummy hand moves to the right of Cleo")
    expect(page.get_by_text("Ana leads with 74 points. 26 more points")).to_be_visible()

    type_scores(page, Ana=0, Ben=24, Cleo=5)
    save(page, "Round 3 of 4")
    type_scores(page, Ana=30, Ben=36, Cleo=8)
    page.get_by_role("button", name="Save round").click()

    expect(page.get_by_role("heading", name="Ben wins with 104!")).to_be_visible()
    expect(
        page.locator(".verdict").get_by_text(
            "Ana and Ben both have 104; Ben scored more in the last round."
        )
    ).to_be_visible()
    expect(page.locator(".banner .standings li")).to_have_text(
        ["Ben — 104 points", "Ana — 104 points", "Cleo — 23 points"]
    )
    assert totals(page) == [104, 104, 23]
    assert_same_document(page)
    assert Game.objects.get().state.winners == (1,)


def test_a_game_that_ends_in_a_shared_victory(page, signed_in, make_game):
    game = make_game(names=("Ana", "Ben"), rounds=[(50, 50), (20, 20)], kind="llama_llama")
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3 of 4")
    expect(page.get_by_text("Ana and Ben lead with 70 points.")).to_be_visible()
    helpers = page.get_by_role("region", name="Before this round")
    expect(helpers).to_contain_text("tied on 70: shuffle your goals together")
    points_field(page, "Ana").fill("30")
    points_field(page, "Ben").fill("30")
    page.get_by_role("button", name="Save round").click()

    expect(page.get_by_role("heading", name="Shared victory: Ana and Ben!")).to_be_visible()
    expect(
        page.locator(".verdict").get_by_text(
            "Ana and Ben both have 100 and scored 30 points each in the last round: "
            "they share the victory."
        )
    ).to_be_visible()
    assert Game.objects.get(pk=game.pk).state.winners == (0, 1)


def test_the_calculator_refuses_a_goal_it_cannot_read_next_to_it(page, signed_in, make_game):
    game = make_game(names=("Ana", "Ben"), kind="llama_llama")
    page.goto(f"/games/{game.pk}/")
    type_goals(page, (GOALS[0], "B=2, AACC", *GOALS[2:]))
    letters(page, "Ben").fill("AABBCCD")
    page.get_by_role("button", name="Calculate for Ben").click()

    goal = page.get_by_label("2nd goal")
    expect(goal).to_have_attribute("aria-invalid", "true")
    expect(goal).to_have_accessible_description(
        "“AACC” is not a rule: letters, = and the points, for example AACC=15."
    )
    expect(points_field(page, "Ben")).to_have_value("")
    expect(letters(page, "Ben")).to_have_value("AABBCCD")


def test_the_calculator_works_without_javascript(browser, live_server, alice, make_game):
    game = make_game(names=("Ana", "Ben"), kind="llama_llama")
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False, **PHONE)
    try:
        sign_in(context, live_server.url, alice)
        page = context.new_page()
        page.goto(f"/games/{game.pk}/")
        type_goals(page)
        letters(page, "Ana").fill("AABBCCD")
        page.get_by_role("button", name="Calculate for Ana").click()
        expect(points_field(page, "Ana")).to_have_value("44")
        expect(page.get_by_label("3rd goal")).to_have_value(GOALS[2])
        points_field(page, "Ben").fill("12")
        page.get_by_role("button", name="Save round").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 4")
        assert totals(page) == [44, 12]
    finally:
        context.close()
        wait_for_connections()  # its streams end before the database is emptied


def test_goals_typed_before_are_one_tap_each_and_every_breakdown_stays(page, signed_in, make_game):
    game = make_game(names=("Ana", "Ben"), kind="llama_llama")
    page.goto(f"/games/{game.pk}/")
    type_goals(page)
    letters(page, "Ana").fill("ABCDEFG")
    page.get_by_role("button", name="Calculate for Ana").click()
    expect(points_field(page, "Ana")).to_have_value("74")
    letters(page, "Ben").fill("AABBCCD")
    page.get_by_role("button", name="Calculate for Ben").click()
    expect(points_field(page, "Ben")).to_have_value("44")
    expect(page.get_by_role("status").filter(has_text="Ana's hand")).to_contain_text("74")
    expect(page.get_by_role("status").filter(has_text="Ben's hand")).to_contain_text("44")

    other = make_game(names=("Cleo", "Dan"), kind="llama_llama")
    page.goto(f"/games/{other.pk}/")
    page.get_by_role("button", name="Type the goal D=4, AG=5, CE=5, BF=5").tap()
    page.get_by_role("button", name="Type the goal A=1, ABCDEFG=50").tap()

    expect(page.get_by_label("1st goal")).to_have_value("D=4, AG=5, CE=5, BF=5")
    expect(page.get_by_label("2nd goal")).to_have_value("A=1, ABCDEFG=50")
    expect(page.get_by_label("3rd goal")).to_be_focused()
