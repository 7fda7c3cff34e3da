"""An edit page whose round another phone undoes says so at once, once, with one way forward
(the sheet as it now is), without waiting for a number to be typed."""

import re

from playwright.sync_api import expect

from games.models import ScorerLink


def test_an_undo_elsewhere_takes_the_edit_page_to_the_sheet_at_once(
    page, other_phone, signed_in, make_game
):
    game = make_game(rounds=[(3, 0, 5), (4, 2, 0)])
    link = ScorerLink.objects.create(game=game, number=1)
    page.goto(f"/games/{game.pk}/rounds/2/edit/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Edit round 2")
    page.wait_for_load_state("networkidle")

    other_phone.goto(f"/s/{link.token}/")
    other_phone.get_by_role("link", name="Undo round 2").click()
    other_phone.get_by_role("button", name="Yes, undo round 2").click()

    expect(page).to_have_url(re.compile(rf"/games/{game.pk}/$"))
    said = "Round 2 was undone since this page was opened: nothing was changed."
    expect(page.get_by_role("status").filter(has_text=said)).to_have_count(1)
    # Shown once; the sheet's live region says it too, 300 ms after the page shows (told.js)
    expect(page.locator("main > .messages").get_by_text(said)).to_have_count(1)
    expect(page.locator("form.round-form")).to_have_count(1)
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
