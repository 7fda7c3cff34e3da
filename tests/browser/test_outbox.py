"""Nothing typed is lost to a bad signal: the draft of the round being typed, and the outbox of
rounds saved with no connection, sent in order, each once, when it returns (static/js/outbox.js)."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game, Round
from games.rules import Round as Typed
from games.services.links import add_scorer_link, revoke_scorer_link
from games.services.rounds import add_round
from tests.browser.conftest import between_requests, wait_for_requests
from tests.browser.sheet import points_field, save_round, tap_quitter, type_round

ROUND_POSTS = rb"POST \S*/rounds/ HTTP/"


@pytest.fixture
def server_url(relay):
    return relay.url


@pytest.fixture
def service_workers():
    """The page's own outbox, without the worker's Background Sync (test_offline_rounds.py has
    the worker, with the relay unplugged)."""
    return "block"


def saved_rounds(game):
    wait_for_requests()  # the live server shares its in-memory database with this thread
    return [r.entries for r in Game.objects.get(pk=game.pk).state.rounds]


def another_phone_saves(game, entries, number=1):
    with between_requests():  # the server's requests share the test's database connection
        add_round(Game.objects.get(pk=game.pk), Typed(entries), number)


def waiting_rows(page):
    return page.locator("tbody tr.queued")


@pytest.fixture
def no_signal(relay, watch):
    """The rounds' posts never reach the server: the relay in front of it cuts each one before
    a byte gets through, while the pages still load (with no service worker to serve them
    offline), until `back(page)`. Cut in the network, not in the browser: a post that the
    browser held would reach the server when its page closes, which no phone without a
    signal does."""
    watch.expect("failed", "/rounds/")
    for logged in ("htmx:sendError", "htmx:afterRequest", "net::ERR_CONNECTION_RESET",
                   "net::ERR_EMPTY_RESPONSE"):  # fmt: skip
        watch.expect_console(logged)
    relay.refuse(ROUND_POSTS)

    class Signal:
        @staticmethod
        def back(page):
            relay.refuse(None)
            page.evaluate("window.dispatchEvent(new Event('online'))")

    return Signal


# The phone has dealt with a save: the form numbered for the next round (saved, or in the
# outbox), or a field marked as refused.
DEALT_WITH = """shown => {
  const legend = document.querySelector("legend");
  return (legend && legend.textContent !== shown) || document.querySelector("[aria-invalid=true]");
}"""


def queue_round(page, values):
    """Type a round and save it, then wait until the phone has dealt with the save: with no
    signal, a save on its way fails only after a moment, and the next round typed before
    that would be typed into the form the outbox then empties."""
    shown = page.locator("legend").first.text_content()
    type_round(page, values)
    page.get_by_role("button", name="Save round").click()
    page.wait_for_function(DEALT_WITH, arg=shown)


def test_the_round_being_typed_survives_a_link_back_a_reload_and_a_closed_tab(
    page, context, signed_in, make_game
):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    type_round(page, {"Ana": 7, "Ben": 3})

    page.get_by_role("link", name="Scoring rules").click()
    page.go_back()
    expect(points_field(page, "Ana")).to_have_value("7")
    page.reload()
    expect(points_field(page, "Ben")).to_have_value("3")
    page.close()
    page = context.new_page()
    page.goto(f"/games/{game.pk}/")
    expect(points_field(page, "Ana")).to_have_value("7")
    expect(points_field(page, "Cleo")).to_have_value("")

    points_field(page, "Cleo").fill("0")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    page.reload()
    expect(points_field(page, "Ana")).to_have_value("")  # saved: the draft is gone
    assert saved_rounds(game) == [(7, 3, 0)]


def test_each_game_has_its_own_draft(page, signed_in, make_game):
    first, second = make_game(), make_game(names=("Dan", "Eve"))
    page.goto(f"/games/{first.pk}/")
    type_round(page, {"Ana": 7})
    page.goto(f"/games/{second.pk}/")
    expect(points_field(page, "Dan")).to_have_value("")
    page.goto(f"/games/{first.pk}/")
    expect(points_field(page, "Ana")).to_have_value("7")


@pytest.fixture
def slow_signal(relay, watch):
    """Each round's post waits in the relay until the test lets it through or cuts it: a save
    on its way over a poor signal, while the person goes on typing."""
    watch.expect("failed", "/rounds/")
    for logged in ("htmx:sendError", "htmx:afterRequest", "net::ERR_CONNECTION_RESET",
                   "net::ERR_EMPTY_RESPONSE"):  # fmt: skip
        watch.expect_console(logged)
    relay.hold(ROUND_POSTS)

    def saving(page, values):
        type_round(page, values)
        page.get_by_role("button", name="Save round").click()
        assert relay.held.wait(5), "the save did not leave the phone"

    return saving


@pytest.mark.parametrize("answer", ["saved", "no answer"])
def test_what_is_typed_while_a_save_is_on_its_way_goes_on_in_the_next_round(
    page, signed_in, make_game, relay, slow_signal, answer
):
    """The person tapped Save and went on typing: whether the save is answered or lost, the
    form that comes next keeps what they typed since, and nothing of the round sent."""
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    slow_signal(page, {"Ana": 5, "Ben": 0, "Cleo": 12})
    points_field(page, "Ben").fill("4")

    if answer == "no answer":
        relay.refuse(ROUND_POSTS)  # and no signal for the outbox's own sending either
    relay.release(cut=answer == "no answer")

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    expect(points_field(page, "Ben")).to_have_value("4")
    expect(points_field(page, "Ben")).to_be_focused()
    expect(points_field(page, "Ana")).to_have_value("")
    expect(points_field(page, "Cleo")).to_have_value("")
    expect(waiting_rows(page)).to_have_count(1 if answer == "no answer" else 0)
    page.reload()
    expect(points_field(page, "Ben")).to_have_value("4")  # the next round's draft
    if answer == "no answer":
        relay.refuse(None)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        # Not "no row waiting": the poll's board has none for a moment, before they are redrawn.
        saved = page.locator("[data-outbox]").filter(has_text="saved")
        expect(saved).to_contain_text("Round 1 saved.")
        expect(waiting_rows(page)).to_have_count(0)
    expect(points_field(page, "Ben")).to_have_value("4")
    assert saved_rounds(game) == [(5, 0, 12)]


def test_what_is_typed_while_a_refused_save_is_on_its_way_stays_with_the_refusal(
    page, signed_in, make_game, relay, slow_signal
):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    slow_signal(page, {"Ana": 5, "Ben": 4, "Cleo": 12})  # nobody emptied: who quit last?
    points_field(page, "Cleo").fill("11")

    relay.release()

    expect(page.get_by_text("Nobody emptied their hand")).to_be_visible()
    expect(page.locator("legend").first).to_have_text("Points for round 1")
    expect(points_field(page, "Ana")).to_have_value("5")
    expect(points_field(page, "Cleo")).to_have_value("11")
    tap_quitter(page, "Ben")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    assert saved_rounds(game) == [(5, 4, 11)]


def test_what_is_typed_while_a_hand_is_being_counted_stays_beside_the_count(
    page, signed_in, make_game, relay
):
    game = make_game(names=("Ana", "Ben"), kind="llama_llama")
    page.goto(f"/games/{game.pk}/")
    goals = ("A=1, ABCDEFG=50", "B=2, AACC=15", "B=2, AACC=15", "D=4, AG=5, CE=5, BF=5")
    for ordinal, goal in zip(("1st", "2nd", "3rd", "4th"), goals, strict=True):
        page.get_by_label(f"{ordinal} goal").fill(goal)
    page.get_by_label("Letters in Ana's hand").fill("ABCDEFG")
    relay.hold(rb"POST \S*/rounds/calculate/ HTTP/")
    page.get_by_role("button", name="Calculate for Ana").click()
    assert relay.held.wait(5), "Calculate did not leave the phone"
    points_field(page, "Ben").fill("44")

    relay.release()

    expect(points_field(page, "Ana")).to_have_value("74")
    expect(points_field(page, "Ben")).to_have_value("44")


def test_rounds_saved_with_no_signal_wait_in_the_sheet_then_are_sent_in_order_once(
    page, context, signed_in, make_game, no_signal
):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    queue_round(page, {"Ana": 5, "Ben": 0, "Cleo": 12})

    expect(waiting_rows(page)).to_have_count(1)
    row = re.compile(r"1\s*waiting for signal\s*5\s*0\s*12")
    expect(waiting_rows(page).first).to_have_text(row)
    expect(page.locator("[data-outbox]").filter(has_text="waiting for signal")).to_contain_text(
        "Round 1: waiting for signal."
    )
    expect(page.locator("tfoot td strong")).to_have_text(["0", "0", "0"])  # no invented total
    expect(page.locator("legend").first).to_have_text("Points for round 2")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    expect(points_field(page, "Ana")).to_have_value("")

    queue_round(page, {"Ana": 7, "Ben": 3, "Cleo": 0})
    page.reload()
    expect(waiting_rows(page)).to_have_count(2)
    expect(page.locator("legend").first).to_have_text("Points for round 3")
    page.close()
    page = context.new_page()
    page.goto(f"/games/{game.pk}/")
    expect(waiting_rows(page)).to_have_count(2)
    queue_round(page, {"Ana": 2, "Ben": 9, "Cleo": 0})
    expect(waiting_rows(page)).to_have_count(3)
    assert saved_rounds(game) == []

    no_signal.back(page)

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 4")
    expect(waiting_rows(page)).to_have_count(0)
    expect(page.locator("[data-outbox]").filter(has_text="saved")).to_contain_text("Round 3 saved.")
    assert saved_rounds(game) == [(5, 0, 12), (7, 3, 0), (2, 9, 0)]
    assert len({r.idempotency_key for r in Round.objects.filter(game=game)}) == 3


def test_a_round_sent_with_no_answer_keeps_its_key(page, signed_in, make_game, no_signal):
    """The server may have saved it: sent again with the same key, it is saved once."""
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    key = page.locator("input[name=idempotency_key]").input_value()
    queue_round(page, {"Ana": 7, "Ben": 0, "Cleo": 12})
    expect(waiting_rows(page)).to_have_count(1)
    expect(page.locator("[data-save-failed]")).to_have_text("")

    no_signal.back(page)
    expect(page.locator("[data-outbox]").filter(has_text="saved")).to_have_text("Round 1 saved.")
    wait_for_requests()
    assert [str(r.idempotency_key) for r in Round.objects.filter(game=game)] == [key]


def test_enter_on_the_last_field_queues_the_round_as_the_save_button_does(
    page, signed_in, make_game, no_signal
):
    """The keyboard's Done saves from the last field (js/sheet.js): the first round goes out and
    gets no answer, the second goes straight into the outbox behind it."""
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    rounds = ({"Ana": 5, "Ben": 0, "Cleo": 12}, {"Ana": 7, "Ben": 3, "Cleo": 0})
    for waiting, values in enumerate(rounds, start=1):
        type_round(page, values)
        points_field(page, "Cleo").press("Enter")
        expect(waiting_rows(page)).to_have_count(waiting)
        expect(points_field(page, "Ana")).to_be_focused()

    expect(waiting_rows(page).last).to_have_text(re.compile(r"2\s*waiting for signal\s*7\s*3\s*0"))
    assert saved_rounds(game) == []


def test_the_rounds_waiting_stay_in_the_table_when_it_follows_another_phone(
    page, signed_in, make_game, no_signal
):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    queue_round(page, {"Ana": 5, "Ben": 0, "Cleo": 12})
    another_phone_saves(game, (9, 0, 4))

    # the board's poll brings the other phone's round, in a table drawn afresh
    expect(page.get_by_role("link", name="Edit round 1")).to_be_visible()
    expect(page.locator("tfoot td strong")).to_have_text(["9", "0", "4"])
    row = re.compile(r"1\s*waiting for signal\s*5\s*0\s*12")
    expect(waiting_rows(page)).to_have_count(1)
    expect(waiting_rows(page).first).to_have_text(row)


def test_the_phone_checks_only_what_the_html_says(page, signed_in, make_game, no_signal):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    maximum = points_field(page, "Ana").get_attribute("max")
    queue_round(page, {"Ana": 5, "Ben": 0, "Cleo": 12})
    queue_round(page, {"Ana": int(maximum) + 1, "Ben": 0, "Cleo": 3})

    expect(points_field(page, "Ana")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#id_seat_0_errors")).to_contain_text(f"to {maximum}")
    expect(points_field(page, "Ana")).to_be_focused()
    expect(waiting_rows(page)).to_have_count(1)
    expect(points_field(page, "Ben")).to_have_value("0")


def test_a_round_the_rules_refuse_comes_back_with_the_message_ready_to_correct(
    page, signed_in, make_game, no_signal
):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    queue_round(page, {"Ana": 5, "Ben": 4, "Cleo": 12})  # nobody emptied: who quit last?
    queue_round(page, {"Ana": 7, "Ben": 0, "Cleo": 3})

    no_signal.back(page)

    expect(page.get_by_text("Nobody emptied their hand")).to_be_visible()
    expect(page.locator("[data-outbox]")).to_contain_text("Round 1 was not saved: the rules")
    expect(page.locator("[data-outbox]")).to_contain_text("Round 2 waits for round 1")
    expect(points_field(page, "Cleo")).to_have_value("12")
    expect(page.locator("legend").first).to_have_text("Points for round 1")
    tap_quitter(page, "Ben")
    page.get_by_role("button", name="Save round").click()

    expect(page.locator("[data-outbox]").filter(has_text="saved")).to_contain_text("Round 2 saved.")
    expect(waiting_rows(page)).to_have_count(0)
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3")
    assert saved_rounds(game) == [(5, 4, 12), (7, 0, 3)]


def test_a_round_overtaken_by_another_phone_keeps_its_numbers_for_the_next_round(
    page, signed_in, make_game, no_signal
):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    queue_round(page, {"Ana": 5, "Ben": 0, "Cleo": 12})
    another_phone_saves(game, (9, 0, 4))  # two rounds ahead of this phone
    another_phone_saves(game, (3, 4, 0), 2)

    no_signal.back(page)

    # One short sentence, where the outbox speaks; no notice above the sheet, no row for it.
    said = "Round 1 came back late: its numbers are in the form, to save as round 3."
    expect(page.locator("[data-outbox]")).to_contain_text(said)
    expect(page.get_by_role("alert").filter(has_text="was already saved")).to_have_count(0)
    expect(page.locator("#sheet tr.queued")).to_have_count(0)
    expect(points_field(page, "Cleo")).to_have_value("12")
    expect(page.locator("legend").first).to_have_text("Points for round 3")
    page.get_by_role("button", name="Save round").click()  # one tap

    expect(page.locator("[data-outbox]").filter(has_text="saved")).to_contain_text("Round 3 saved.")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 4")
    assert saved_rounds(game) == [(9, 0, 4), (3, 4, 0), (5, 0, 12)]


def test_a_held_round_can_be_discarded(page, signed_in, make_game, no_signal):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    queue_round(page, {"Ana": 5, "Ben": 0, "Cleo": 12})
    # Round 1 with other numbers (the same numbers would be the same round, saved: one round)
    another_phone_saves(game, (5, 0, 10))
    no_signal.back(page)

    page.get_by_role("button", name="Discard the numbers of round 1").click()

    expect(waiting_rows(page)).to_have_count(0)
    expect(page.locator("legend").first).to_have_text("Points for round 2")
    expect(points_field(page, "Cleo")).to_have_value("")
    assert saved_rounds(game) == [(5, 0, 10)]


def test_a_round_for_a_deleted_game_is_a_final_answer_with_a_discard(
    page, signed_in, make_game, no_signal, watch
):
    """A 404 (the game deleted, a scorer link turned off) is not retried: the outbox says the
    rounds cannot be saved, sends them no more, and offers to discard them."""
    watch.expect(404, "/rounds/")
    watch.expect(404, "/board/")
    watch.expect_console("Response Status Error Code 404")  # htmx, of the board's polls
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    # The posts the server answered: those cut with no signal get no answer, whenever they
    # left (one leaving as the signal returns may get through).
    posts = []
    page.on(
        "response",
        lambda answer: (
            answer.request.method == "POST"
            and "/rounds/" in answer.url
            and posts.append(answer.url)
        ),
    )
    queue_round(page, {"Ana": 5, "Ben": 0, "Cleo": 12})
    queue_round(page, {"Ana": 7, "Ben": 3, "Cleo": 0})
    wait_for_requests()
    Game.objects.filter(pk=game.pk).delete()

    no_signal.back(page)

    outbox = page.locator("[data-outbox]")
    expect(outbox).to_contain_text("Round 1 was not saved, and cannot be")
    expect(outbox).to_contain_text("Round 2 was not saved, and cannot be")
    assert len(posts) == 1  # round 1 only: round 2 is not sent to a game that is gone
    page.evaluate("window.dispatchEvent(new Event('online'))")  # what the 10 s timer does
    page.wait_for_timeout(500)
    assert len(posts) == 1
    page.get_by_role("button", name="Discard the numbers of round 1").click()
    # Round 2 moved up: waited for, or the next tap lands on the button just discarded.
    expect(outbox).not_to_contain_text("Round 2 was not saved")
    expect(outbox).to_contain_text("Round 1 was not saved, and cannot be")
    page.get_by_role("button", name="Discard the numbers of round 1").click()
    expect(outbox.locator("li")).to_have_count(0)
    expect(waiting_rows(page)).to_have_count(0)


def test_the_outbox_saying_a_round_was_saved_goes_with_the_next_sheet(
    page, signed_in, make_game, no_signal
):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    queue_round(page, {"Ana": 5, "Ben": 0, "Cleo": 12})
    no_signal.back(page)
    outbox = page.locator("[data-outbox]")
    expect(outbox).to_contain_text("Round 1 saved.")

    save_round(page, {"Ana": 7, "Ben": 0, "Cleo": 3})

    expect(page.locator("[data-saved]")).to_have_text("Round 2 saved.")
    expect(outbox).not_to_contain_text("Round 1 saved.")


def test_numbers_refused_online_can_be_discarded_and_a_reload_leaves_them_aside(
    page, signed_in, make_game
):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    refused = {"Ana": 5, "Ben": 4, "Cleo": 12}  # nobody emptied a hand: who quit last?
    discard = page.get_by_role("link", name="Discard these numbers")
    queue_round(page, refused)
    expect(page.get_by_text("Nobody emptied their hand")).to_be_visible()
    expect(discard).to_be_visible()

    page.reload()
    expect(points_field(page, "Cleo")).to_have_value("")

    queue_round(page, refused)
    discard.click()
    expect(points_field(page, "Cleo")).to_have_value("")
    expect(points_field(page, "Ana")).to_be_focused()
    expect(page.get_by_text("Nobody emptied their hand")).to_have_count(0)
    expect(discard).to_have_count(0)
    page.reload()
    expect(points_field(page, "Ana")).to_have_value("")
    assert saved_rounds(game) == []


OUTBOX_COUNT = """() => new Promise((resolve) => {
  const opened = indexedDB.open("scorekeeper-outbox", 1);
  opened.onsuccess = () => {
    const counted = opened.result.transaction("rounds").objectStore("rounds").count();
    counted.onsuccess = () => { opened.result.close(); resolve(counted.result); };
  };
})"""
DRAFTS = "() => Object.keys(localStorage).filter((key) => key.startsWith('scorekeeper:draft:'))"


def log_out(page):
    page.goto("/accounts/")
    page.get_by_role("button", name="Log out").click()


def test_logging_out_takes_the_accounts_rounds_and_drafts_off_the_phone_after_a_warning(
    page, signed_in, make_game, no_signal
):
    game, other = make_game(), make_game(names=("Dan", "Eve"))
    page.goto(f"/games/{other.pk}/")
    type_round(page, {"Dan": 4})
    page.goto(f"/games/{game.pk}/")
    queue_round(page, {"Ana": 5, "Ben": 0, "Cleo": 12})
    expect(waiting_rows(page)).to_have_count(1)

    log_out(page)
    expect(page.get_by_role("alert")).to_contain_text("still waiting to be sent: 1.")
    assert page.evaluate(OUTBOX_COUNT) == 1 and len(page.evaluate(DRAFTS)) == 1
    page.get_by_role("button", name="Log out").click()

    expect(page.get_by_role("navigation").get_by_role("link", name="Log in")).to_be_visible()
    assert page.evaluate(OUTBOX_COUNT) == 0
    assert page.evaluate(DRAFTS) == []


def test_logging_out_with_nothing_waiting_takes_one_tap_and_the_drafts(page, signed_in, make_game):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    type_round(page, {"Ana": 7})

    log_out(page)

    expect(page.get_by_role("navigation").get_by_role("link", name="Log in")).to_be_visible()
    assert page.evaluate(DRAFTS) == []


def test_a_scorer_link_turned_off_leaves_its_rounds_listed_to_discard(
    page, make_game, no_signal, watch
):
    """The rounds the link left waiting are told they cannot be saved, each with its Discard,
    wherever the board's polls show the link's end."""
    watch.expect(404, "/rounds/")
    watch.expect(404, "/board/")
    watch.expect_console("Response Status Error Code 404")
    game = make_game()
    link = add_scorer_link(game)
    page.goto(link.get_absolute_url())
    queue_round(page, {"Ana": 5, "Ben": 0, "Cleo": 12})
    expect(waiting_rows(page)).to_have_count(1)
    wait_for_requests()
    revoke_scorer_link(link)

    no_signal.back(page)

    expect(page.locator("[data-outbox]")).to_contain_text("Round 1 was not saved, and cannot be")
    page.get_by_role("button", name="Discard the numbers of round 1").click()
    expect(page.locator("[data-outbox] li")).to_have_count(0)


def test_a_round_waiting_after_the_one_that_ends_the_game_is_no_round_to_type(
    page, signed_in, make_game, no_signal
):
    """Rounds 3 and 4 typed with no signal; round 3 ends the game (Ana reaches 40): once sent,
    the sheet shows the end, round 4 is listed as not saved with its Discard, and no page,
    reloaded or not, offers a round after the end."""
    game = make_game(rounds=[(30, 0, 5), (4, 3, 0)])
    page.goto(f"/games/{game.pk}/")
    queue_round(page, {"Ana": 6, "Ben": 0, "Cleo": 2})
    queue_round(page, {"Ana": 1, "Ben": 0, "Cleo": 2})
    no_signal.back(page)

    outbox = page.locator("[data-outbox]")
    for shown in ("sent", "reloaded"):
        expect(page.get_by_role("heading", name="Ben wins!")).to_be_visible()
        expect(outbox).to_contain_text("Round 4 was not saved: the game was already over.")
        expect(page.locator("legend", has_text="Points for round")).to_have_count(0)
        expect(waiting_rows(page)).to_have_count(0)
        if shown == "sent":
            page.reload()
    page.get_by_role("button", name="Discard the numbers of round 4").click()
    expect(outbox.locator("li")).to_have_count(0)
    assert saved_rounds(game) == [(30, 0, 5), (4, 3, 0), (6, 0, 2)]


def test_a_game_whose_last_round_waits_offers_no_round_after_it(
    page, signed_in, make_game, no_signal
):
    game = make_game(kind="llama_llama", rounds=[(3, 4, 5), (3, 4, 5), (3, 4, 5)])
    page.goto(f"/games/{game.pk}/")
    queue_round(page, {"Ana": 1, "Ben": 2, "Cleo": 3})

    for shown in ("queued", "reloaded"):
        expect(waiting_rows(page)).to_have_count(1)
        expect(page.locator("form.round-form")).to_be_hidden()
        expect(page.locator("[data-outbox]")).to_contain_text(
            "Round 4 is the game’s last: once it is sent, the game is over."
        )
        if shown == "queued":
            page.reload()
    no_signal.back(page)
    expect(page.get_by_role("heading", name="Cleo wins with 18!")).to_be_visible()


def test_the_scorer_whose_waiting_round_ends_the_game_sees_the_end(page, make_game, no_signal):
    game = make_game(rounds=[(30, 0, 5), (4, 3, 0)])
    link = add_scorer_link(game)
    page.goto(link.get_absolute_url())
    queue_round(page, {"Ana": 6, "Ben": 0, "Cleo": 2})
    expect(waiting_rows(page)).to_have_count(1)

    no_signal.back(page)

    expect(page.get_by_role("heading", name="Ben wins!")).to_be_visible()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    expect(page.locator("[data-outbox]")).to_contain_text("Round 3 saved.")
    page.wait_for_timeout(2500)  # the board's polls after the end leave it as it is
    expect(page.get_by_role("heading", name="Ben wins!")).to_be_visible()
    expect(page.get_by_text("Its owner can still correct it.")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_count(0)
