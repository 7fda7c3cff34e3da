"""Undo and edit pages are bound to the round they were opened for: Back, or an old page,
never undoes or changes another round."""

from playwright.sync_api import expect

from games.services.rounds import undo_last_round
from tests.browser.conftest import between_requests
from tests.browser.sheet import totals


def test_back_after_an_undo_undoes_nothing_more(page, context, signed_in, make_game, watch):
    game = make_game(rounds=[(3, 0, 5), (7, 2, 0)])
    watch.expect(409, f"/games/{game.pk}/undo/")
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("link", name="Undo round 2").click()
    old_page = context.new_page()  # the same confirmation, still open in another tab
    old_page.goto(page.url)
    page.get_by_role("button", name="Yes, undo round 2").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")

    page.go_back()
    # The page that comes up: round 2's confirmation, fetched again, now says it is gone.
    expect(page.get_by_role("alert")).to_contain_text("Round 2 was already undone")
    expect(page.get_by_role("button", name="Yes, undo round 1")).to_have_count(0)
    old_page.get_by_role("button", name="Yes, undo round 2").click()

    expect(old_page.get_by_role("alert")).to_contain_text("Round 2 was already undone")
    assert totals(old_page) == [3, 0, 5]
    assert list(game.rounds.values_list("number", flat=True)) == [1]


def test_an_edit_page_of_an_undone_round_changes_nothing(
    page, context, signed_in, make_game, watch
):
    game = make_game(rounds=[(3, 0, 5), (7, 2, 0)])
    watch.expect(409, f"/games/{game.pk}/rounds/2/edit/")
    page.goto(f"/games/{game.pk}/rounds/2/edit/")
    # Its follower and its preview taken away (a page opened before they existed): the page
    # would otherwise go to the sheet by itself (test_edit_follows_the_game.py).
    page.evaluate(
        "['board', 'later-returns'].forEach((id) => document.getElementById(id).remove())"
    )
    with between_requests():
        undo_last_round(game, 2)  # undone from another phone meanwhile
    page.get_by_role("spinbutton", name="Ana", exact=True).fill("9")
    page.get_by_role("button", name="Replace round 2 with these numbers").click()

    expect(page.get_by_role("alert")).to_contain_text("Round 2 was undone since this page")
    assert totals(page) == [3, 0, 5]
