"""How many actions (taps plus keys) a typical round takes on a phone, counted as a player
makes them, for each game; docs/benchmarks.md gives the counts before and after.

Each count starts where the sheet leaves the scorer after the previous round was saved (the
focus in the first player's field, the keyboard open) and ends with the round saved: the
values saved are checked too, so a key that went to the wrong field fails the test."""

from contextlib import suppress

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.models import Game
from tests.browser.sheet import points_field, type_round

FOUR = ("Ana", "Ben", "Cleo", "Dan")


class Actions:
    """Taps and keys, each counted once; typing "12" is two keys."""

    def __init__(self, page: Page):
        self.page, self.count = page, 0

    def type(self, text):
        for key in str(text):
            self.page.keyboard.press(key)
            self.count += 1

    def next(self):  # the keyboard's Next, or Done on the last field
        self.page.keyboard.press("Enter")
        self.count += 1

    def tap(self, locator):
        locator.tap()
        self.count += 1

    def word(self, text):
        """Letters typed in one field, one action: the measure of issue 23, whose 8 actions for
        a Llama Llama round typed directly are 4 fields and 4 Next."""
        self.page.keyboard.type(text)
        self.count += 1

    def reach(self, locator):
        """A tap to get to a field or button, unless typing went on to it by itself."""
        if not locator.evaluate("element => element === document.activeElement"):
            self.tap(locator)


def after_a_saved_round(page, game, first_round):
    page.goto(f"/games/{game.pk}/")
    type_round(page, dict(zip(game.names, first_round, strict=True)))
    if game.ruleset.has_starter and min(first_round) > 0:
        quit_last(page, game.names[0]).click()
    page.get_by_role("button", name="Save round").click()
    saved(page, game, 1)
    return Actions(page)


def saved(page, game, number, first=None):
    """Round `number` as saved, once the sheet confirmed it at its top (and aloud), with the
    focus in the next round's first field (`first`: the first player's points)."""
    expect(page.locator("[data-saved]")).to_have_text(f"Round {number} saved.")
    expect(page.get_by_role("status").filter(has_text=f"Round {number} saved.")).to_have_count(1)
    expect(first or points_field(page, game.names[0])).to_be_focused()
    rounds = Game.objects.get(pk=game.pk).state.rounds
    return rounds[number - 1].entries, rounds[number - 1]


def quit_last(page, name):
    return page.get_by_role("group", name="who quit last").get_by_text(f"{name} quit last")


def test_a_lama_round_with_an_emptied_hand_takes_seven_actions(page, signed_in, make_game):
    game = make_game(names=FOUR)
    act = after_a_saved_round(page, game, (7, 3, 0, 5))
    act.type(4)  # Ana
    act.next()
    act.tap(page.get_by_role("button", name="Emptied hand for Ben"))  # then on to Cleo
    act.type(3)
    act.next()
    act.type(6)  # Dan
    act.next()  # Done: saves

    entries, _round = saved(page, game, 2)
    assert entries == (4, -1, 3, 6)
    assert act.count <= 7, act.count


def test_a_lama_round_where_everyone_quit_takes_eight_actions(page, signed_in, make_game):
    game = make_game(names=FOUR)
    act = after_a_saved_round(page, game, (7, 0, 12, 5))
    act.type(4)
    act.next()
    act.type(2)
    act.next()
    act.type(5)  # Cleo, who quit last: one tap on her name, then on to Dan's field
    act.tap(quit_last(page, "Cleo"))
    expect(points_field(page, "Dan")).to_be_focused()
    act.type(6)
    act.next()

    entries, played = saved(page, game, 2)
    assert entries == (4, 2, 5, 6)
    assert Game.objects.get(pk=game.pk).stored_rounds[1].played.last_to_quit == 2
    assert act.count <= 8, act.count


def test_a_lato_round_with_an_emptied_hand_takes_seven_actions(page, signed_in, make_game):
    game = make_game(names=FOUR, kind="lato")
    act = after_a_saved_round(page, game, (7, 0, 12, 5))
    act.tap(page.get_by_role("button", name="Emptied hand for Ana"))  # then on to Ben
    act.type(3)
    act.next()
    act.type(8)
    act.next()
    act.type(9)
    act.next()

    entries, _round = saved(page, game, 2)
    assert entries == (-1, 3, 8, 9)
    assert act.count <= 7, act.count


def test_a_llama_llama_round_takes_one_action_per_key_and_field(page, signed_in, make_game):
    game = make_game(names=FOUR, kind="llama_llama")
    act = after_a_saved_round(page, game, (12, 30, 7, 21))
    for score in (14, 9, 23):
        act.type(score)
        act.next()
    act.type(5)
    act.next()

    entries, _round = saved(page, game, 2)
    assert entries == (14, 9, 23, 5)
    assert act.count <= 10, act.count  # 6 keys, 3 Next, Done


# The rulebook's goals, as typed in round 1 and offered again, one tap each, in round 2.
GOALS = ("A=1, ABCDEFG=50", "B=2, AACC=15", "B=2, AACC=15", "D=4, AG=5, CE=5, BF=5")
HANDS = {"Ana": "AB", "Ben": "AABBCCD", "Cleo": "ABCDEFG", "Dan": "DG"}


def test_a_llama_llama_round_with_the_calculator_takes_twelve_actions(page, signed_in, make_game):
    """The goals typed before: a tap each. Each player's letters, then Next (it counts the hand
    and goes on to the next player's letters); Done on the last player's counts and saves."""
    game = make_game(names=FOUR, kind="llama_llama")
    page.goto(f"/games/{game.pk}/")
    for ordinal, goal in zip(("1st", "2nd", "3rd", "4th"), GOALS, strict=True):
        page.get_by_label(f"{ordinal} goal").fill(goal)
    page.get_by_label("Letters in Ana's hand").fill("ABCDEFG")
    page.get_by_role("button", name="Calculate for Ana").click()
    expect(points_field(page, "Ana")).to_have_value("74")
    # Calculate's answer settles by moving the cursor to Ben's letters: typed before that, a
    # score could land there.
    expect(page.get_by_label("Letters in Ben's hand")).to_be_focused()
    type_round(page, {"Ben": 44, "Cleo": 7, "Dan": 21})
    page.get_by_role("button", name="Save round").click()
    saved(page, game, 1, first=page.get_by_label("1st goal"))  # scored with the calculator
    act = Actions(page)

    choices = page.get_by_role("group", name="Goals typed before:")
    for goal in GOALS:
        act.tap(choices.get_by_role("button", name=goal))
    for index, (name, hand) in enumerate(HANDS.items()):
        letters = page.get_by_label(f"Letters in {name}'s hand")
        if index:  # Next counted the last hand and moves on here, once its answer is in
            expect(letters).to_be_focused()
        act.reach(letters)
        act.word(hand)
        act.next()
        if name != FOUR[-1]:  # counted before going on (Dan's Done may have saved the round)
            expect(points_field(page, name)).not_to_have_value("")
    counted_or_saved = (
        "() => document.querySelector('[data-saved]')?.textContent === 'Round 2 saved.'"
        " || document.getElementById('id_seat_3').value === '4'"
    )
    page.wait_for_function(counted_or_saved)
    with suppress(PlaywrightTimeout):  # a save Done asked for, on its way (slow when busy)
        page.locator("[data-saved]").wait_for(timeout=5000)
    if not page.locator("[data-saved]").count():
        act.reach(page.get_by_role("button", name="Save round"))
        act.next()

    entries, _round = saved(page, game, 2, first=page.get_by_label("1st goal"))
    assert entries == (5, 44, 74, 4)
    print(f"Llama Llama round with the calculator: {act.count} actions")
    assert act.count <= 12, act.count
