"""Two phones keep one game, the owner's and a scorer link's: whoever saves the round that
ends it sees the end, as the other phone does (the winner, the final standings, the picture
to share), and "Round N saved." is said on the phone that saved it, for that moment only."""

import os
from pathlib import Path

from playwright.sync_api import expect

from games.models import ScorerLink
from tests.browser.sheet import save_round, type_round

SHOTS = Path(os.environ["SCREENSHOTS_DIR"]) if os.environ.get("SCREENSHOTS_DIR") else None
# After (30, 0, 5) and (4, 3, 0): Ana reaches 40 with 6, and Ben wins with 3.
LAST = {"Ana": 6, "Ben": 0, "Cleo": 2}


def saved_notice(phone):
    return phone.locator("#sheet [data-saved]")


def sees_the_end(phone):
    expect(phone.get_by_role("heading", name="Ben wins!")).to_be_visible()
    expect(phone.get_by_role("heading", name="Final standings")).to_be_visible()
    share = phone.get_by_role("link", name="Download the result picture")
    share = share.or_(phone.get_by_role("link", name="Share the result"))
    expect(share).to_be_visible()


def test_the_scorer_who_ends_the_game_sees_the_winner_as_the_owner_does(
    page, other_phone, signed_in, make_game
):
    game = make_game(rounds=[(30, 0, 5)])
    link = ScorerLink.objects.create(game=game, number=1)
    page.goto(f"/games/{game.pk}/")
    other_phone.goto(f"/s/{link.token}/")

    save_round(page, {"Ana": 4, "Ben": 3, "Cleo": 0})
    expect(saved_notice(page)).to_have_text("Round 2 saved.")
    expect(other_phone.locator("legend").first).to_have_text("Points for round 3")
    expect(saved_notice(other_phone)).to_have_count(0)

    type_round(other_phone, LAST)
    other_phone.get_by_role("button", name="Save round").click()

    expect(saved_notice(other_phone)).to_have_text("Round 3 saved.")
    for phone in (other_phone, page):
        sees_the_end(phone)
    expect(saved_notice(page)).to_have_count(0)  # the owner's round 2: that moment is gone
    other_phone.wait_for_timeout(2500)  # two polls of the scorer's board, after the end
    sees_the_end(other_phone)
    expect(other_phone.get_by_text("Its owner can still correct it.")).to_be_visible()
    expect(other_phone.get_by_role("link", name="Undo round 3")).to_have_count(0)
    expect(other_phone.get_by_role("alert")).to_have_count(0)
    picture = other_phone.get_by_role("link", name="Download the result picture")
    if picture.count():
        assert other_phone.request.get(picture.get_attribute("href")).ok
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        for width in (390, 320):
            for name, phone in (("owner", page), ("scorer", other_phone)):
                phone.set_viewport_size({"width": width, "height": 844})
                phone.screenshot(path=SHOTS / f"end-{name}-{width}.png", full_page=True)


def test_round_saved_is_said_only_on_the_phone_that_saved_it(
    page, other_phone, signed_in, make_game
):
    game = make_game()
    link = ScorerLink.objects.create(game=game, number=1)
    page.goto(f"/games/{game.pk}/")
    other_phone.goto(f"/s/{link.token}/")

    for number, (saving, following) in enumerate(
        [(page, other_phone), (other_phone, page), (page, other_phone)], start=1
    ):
        save_round(saving, {"Ana": 2, "Ben": 0, "Cleo": 3})
        expect(saved_notice(saving)).to_have_text(f"Round {number} saved.")
        expect(following.locator("legend").first).to_have_text(f"Points for round {number + 1}")
        expect(saved_notice(following)).to_have_count(0)
        following.wait_for_timeout(1200)  # a poll more: the notice stays where it belongs
        expect(saved_notice(saving)).to_have_text(f"Round {number} saved.")
        expect(saved_notice(following)).to_have_count(0)
