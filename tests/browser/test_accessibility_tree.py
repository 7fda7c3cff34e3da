"""A screen reader's pass over the sheet, read from Chromium's accessibility tree (not axe):
what is focused and what the live regions say after a refusal, after another phone's round,
after an undo (on both phones) and at the end; every button named, a player's with the
player's name. With AX_OUT set, what each phone heard is written there (docs/accessibility.md
says what it was)."""

import json
import os
from dataclasses import asdict
from pathlib import Path

from playwright.sync_api import expect

from games.models import ScorerLink
from tests.browser.sheet import type_round
from tests.helpers.axtree import heard

OUT = Path(os.environ["AX_OUT"]) if os.environ.get("AX_OUT") else None
NAMES = ("Ana", "Ben", "Cleo")


def hears(phone, moment):
    found = heard(phone)
    if OUT:
        OUT.mkdir(parents=True, exist_ok=True)
        (OUT / f"{moment}.json").write_text(json.dumps(asdict(found), indent=1, ensure_ascii=False))
    return found


def said(phone, moment, words):
    """Until a live region of `phone` holds `words`; what the phone then hears."""
    expect(phone.locator("#sheet-status")).to_contain_text(words)
    return hears(phone, moment)


def test_the_sheet_as_a_screen_reader_meets_it(page, other_phone, signed_in, make_game):
    game = make_game(names=NAMES, rounds=[(30, 0, 5)])
    link = ScorerLink.objects.create(game=game, number=1)
    for phone in (page, other_phone):
        phone.set_viewport_size({"width": 320, "height": 568})
    page.goto(f"/games/{game.pk}/")
    other_phone.goto(f"/s/{link.token}/")

    opened = hears(page, "0-opened")
    for name in NAMES:  # what acts on a player says which
        assert f"Emptied hand for {name}" in opened.buttons
        assert f"Cards left in {name}'s hand" in opened.buttons
        assert f"radio {name} quit last" in opened.fields
    assert all(opened.buttons), opened.buttons

    # A refusal: nobody emptied a hand, and who quit last is not said.
    type_round(page, {"Ana": 2, "Ben": 3, "Cleo": 4})
    page.get_by_role("button", name="Save round").click()
    refused = said(page, "1-refusal", "Round 2 was not saved: the rules refused it.")
    message = "Nobody emptied their hand: say who quit last, who starts the next round."
    assert refused.focused == f"radio Ana quit last {message}"  # the message read with it
    assert "radio Ben quit last (invalid)" in refused.fields

    # Another phone's round: the refusal goes, the round and the totals are said.
    type_round(other_phone, {"Ana": 4, "Ben": 0, "Cleo": 2})
    other_phone.get_by_role("button", name="Save round").click()
    theirs = said(page, "2-another-phones-round", "Round 2 saved. Totals: Ana 34, Ben 0, Cleo 7.")
    assert theirs.live == ["status: Round 2 saved. Totals: Ana 34, Ben 0, Cleo 7."]
    assert said(other_phone, "2-saving-phone", "Round 2 saved.").live == ["status: Round 2 saved."]

    # An undo, on the other phone: said on both (the undoing phone's page is a new one).
    other_phone.get_by_role("link", name="Undo round 2").click()
    other_phone.get_by_role("button", name="Yes, undo round 2").click()
    assert "status: Round 2 undone." in said(page, "3-undo", "Round 2 undone.").live
    assert "status: Round 2 undone." in said(other_phone, "3-undo-undoing-phone", "undone").live

    # The end, saved on the other phone: its heading focused, and said once, on both.
    type_round(other_phone, {"Ana": 12, "Ben": 0, "Cleo": 2})
    other_phone.get_by_role("button", name="Save round").click()
    verdict = "Ben wins! 1. Ben — 0 points, 2. Cleo — 7 points, 3. Ana — 42 points"
    for phone, moment in ((page, "4-end"), (other_phone, "4-end-saving-phone")):
        end = said(phone, moment, verdict)
        assert end.focused == "heading Ben wins!"
        # said once; the undo's message, no longer true, gone from the saving phone's page
        assert end.live == [f"status: {'Round 2 saved. ' if phone is other_phone else ''}{verdict}"]
