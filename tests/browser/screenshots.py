"""Screenshots of the main screens at phone size (390x844), for docs/screenshots/; and of the
sheet at 320 px, at 390 px with a 24 px default font, and in landscape, in both languages and
both themes (names long and short, the card picker open); and of the player merge page at 390
and 320 px, in both languages and both themes, and refused for two players of one table.

Run by bin/screenshots; not collected by the test run (the file name does not start with test_).
"""

import os
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Player, ScorerLink, ShareLink
from tests.browser.sheet import points_field
from tests.browser.small_screens import LANDSCAPE, large_font_phone
from tests.helpers.browser import sign_in

OUT = Path(os.environ.get("SCREENSHOTS_DIR", Path(__file__).parents[2] / "docs" / "screenshots"))
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
ROUNDS = [(11, 0, 16, 5, 21), (4, 9, -10, 13, 8), (-10, 12, 5, 3, 7)]
FINAL = [*ROUNDS, (15, 7, 0, 20, 10)]


def shoot(page, name):
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=OUT / f"{name}.png", scale="css")


def pick_cards(page, name, cards, ten="a llama"):
    """`ten`: the card of 10 as the game names it (a mosquito under the Lato z komarami rule)."""
    page.get_by_role("button", name=f"Cards left in {name}'s hand").click()
    for card in cards:
        label = ten if card == "llama" else f"a {card}"
        page.get_by_role("button", name=f"Add {label} to {name}'s hand").click()


def test_home_signed_out(page, transactional_db):
    page.goto("/")
    shoot(page, "home")


def test_new_game(page, signed_in):
    page.goto("/games/new/")
    for i, name in enumerate(NAMES[:4]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    shoot(page, "new-game")


def test_sheet_with_the_card_picker_open(page, signed_in, make_game):
    game = make_game(names=NAMES, rounds=ROUNDS)
    page.goto(f"/games/{game.pk}/")
    points_field(page, "Ana").fill("6")
    pick_cards(page, "Ben", [3, 3, 5, "llama"])
    shoot(page, "sheet-card-picker")


def test_sheet_with_two_rounds_waiting_for_signal(page, context, signed_in, make_game, watch):
    """static/js/outbox.js: two rounds saved with no signal, in the sheet with no total."""
    watch.expect("failed", "/")  # everything the phone tries while offline
    for logged in ("net::ERR_INTERNET_DISCONNECTED", "when fetching the script"):
        watch.expect_console(logged)
    game = make_game(names=NAMES[:4], rounds=[row[:4] for row in ROUNDS[:2]])
    page.goto(f"/games/{game.pk}/")
    context.set_offline(True)
    for values in ((7, 0, 12, 3), (5, 9, 0, 14)):
        for name, value in zip(NAMES, values, strict=False):
            points_field(page, name).fill(str(value))
        page.get_by_role("button", name="Save round").click()
    expect(page.locator("tbody tr.queued")).to_have_count(2)
    page.locator("#sheet-title").scroll_into_view_if_needed()
    shoot_whole(page, "sheet-waiting-for-signal")


def test_finished_game_banner(page, signed_in, make_game):
    game = make_game(names=NAMES, rounds=FINAL)
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_role("heading", name="Cleo wins!")).to_be_visible()
    shoot(page, "finished")


def test_share_and_live_view(page, other_phone, signed_in, make_game):
    game = make_game(names=NAMES, rounds=ROUNDS)
    link = ShareLink.objects.create(game=game)
    page.goto(f"/games/{game.pk}/share/")
    shoot(page, "share-qr")
    other_phone.goto(link.get_absolute_url())
    shoot(other_phone, "live-view")


def test_scorer_link_and_the_scorers_sheet(page, other_phone, signed_in, make_game):
    game = make_game(names=NAMES[:4], rounds=[r[:4] for r in ROUNDS[:2]])
    page.goto(f"/games/{game.pk}/scorers/")
    page.get_by_role("button", name="Create a scorer link").click()
    qr = page.get_by_role("img", name="QR code of scorer link 1")
    page.wait_for_function(
        "image => image.complete && image.naturalWidth > 0", arg=qr.element_handle()
    )
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, "scorer-link")
    other_phone.goto(ScorerLink.objects.get(game=game).get_absolute_url())
    points_field(other_phone, "Ana").fill("3")
    shoot(other_phone, "scorer-sheet")


@pytest.mark.parametrize("color_scheme", ["dark"])
def test_dark_sheet(page, signed_in, make_game, color_scheme):
    game = make_game(names=NAMES, rounds=ROUNDS)
    page.goto(f"/games/{game.pk}/")
    pick_cards(page, "Cleo", [2, 6])
    shoot(page, "sheet-dark")


# ---------------------------------------------------------------------------- Llama Llama

LLAMA_NAMES = ("Ana", "Ben", "Cleo", "Dan")
LLAMA_ROUNDS = [(23, 31, 12, 19), (30, 22, 25, 17)]
RULEBOOK_GOALS = ("A=1, ABCDEFG=50", "B=2, AACC=15", "B=2, AACC=15", "D=4, AG=5, CE=5, BF=5")


def test_llama_llama_sheet(page, signed_in, make_game):
    game = make_game(names=LLAMA_NAMES, rounds=LLAMA_ROUNDS, kind="llama_llama")
    page.goto(f"/games/{game.pk}/")
    shoot(page, "llama-llama-sheet")


def test_llama_llama_calculator(page, signed_in, make_game):
    game = make_game(names=LLAMA_NAMES, rounds=LLAMA_ROUNDS, kind="llama_llama")
    page.goto(f"/games/{game.pk}/")
    for number, goal in enumerate(RULEBOOK_GOALS, start=1):
        page.get_by_label(("1st", "2nd", "3rd", "4th")[number - 1] + " goal").fill(goal)
    page.get_by_label("Letters in Ana's hand").fill("abcdefg")
    page.get_by_role("button", name="Calculate for Ana").click()
    expect(points_field(page, "Ana")).to_have_value("74")
    page.get_by_label("Letters in Ben's hand").fill("aabbccd")
    page.get_by_role("button", name="Calculate for Ben").click()
    expect(points_field(page, "Ben")).to_have_value("44")
    page.locator(".round-form").evaluate("form => form.scrollIntoView()")
    shoot(page, "llama-llama-calculator")


def test_llama_llama_end_banner(page, signed_in, make_game):
    rounds = [*LLAMA_ROUNDS, (28, 24, 30, 21), (23, 27, 18, 31)]
    game = make_game(names=LLAMA_NAMES, rounds=rounds, kind="llama_llama")
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_role("heading", name="Ben wins with 104!")).to_be_visible()
    shoot(page, "llama-llama-finished")


def test_lato_z_komarami_card_picker(page, signed_in, make_game):
    game = make_game(names=NAMES[:4], rounds=[r[:4] for r in ROUNDS[:2]], kind="lato")
    page.goto(f"/games/{game.pk}/")
    points_field(page, "Ana").fill("0")
    pick_cards(page, "Ben", [1, 1, "llama", "llama", "llama"], ten="a mosquito")
    expect(points_field(page, "Ben")).to_have_value("31")
    shoot(page, "lato-card-picker")


def test_who_quit_last(page, signed_in, make_game):
    """Everyone quit: the numbers typed, Cleo tapped as the last to quit, typing gone on to Dan."""
    game = make_game(names=NAMES[:4], rounds=[r[:4] for r in ROUNDS[:2]])
    page.goto(f"/games/{game.pk}/")
    for name, value in zip(NAMES[:3], (4, 2, 5), strict=True):
        points_field(page, name).fill(str(value))
    page.get_by_role("group", name="who quit last").get_by_text("Cleo quit last").tap()
    expect(points_field(page, "Dan")).to_be_focused()
    page.locator("#quitter").evaluate("group => group.scrollIntoView({block: 'end'})")
    shoot(page, "sheet-who-quit-last")


COMFORT_NAMES = ("Jean-Éric", "🦙 Max", "Zoé", "Anne-Laure", "Ömer", "Bartholomew")
COMFORT_ROUNDS = [(11, 0, 16, 5, 21, 3), (4, 9, -10, 13, 8, 2), (-10, 12, 5, 3, 7, 6)]
LOCALES = {"en-GB": "en", "fr-FR": "fr"}


def shoot_whole(page, name):
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=OUT / f"{name}.png", scale="css", full_page=True)


@contextmanager
def large_font_page(browser, live_server, user, tmp_path, color_scheme, locale):
    """A page of a phone whose default font is 24 px, signed in as `user`."""
    phone = large_font_phone(
        browser, live_server, tmp_path, color_scheme=color_scheme, locale=locale
    )
    try:
        sign_in(phone, live_server.url, user)
        yield phone.new_page()
    finally:
        phone.close()


def fill_some(page):
    """Jean-Éric's points typed, Zoé's card picker open with a 5 and a llama."""
    page.locator("#id_seat_0").fill("7")
    page.locator(".picker-toggle").nth(2).click()
    page.locator("#id_seat_2_cards button[data-card='5']").click()
    page.locator("#id_seat_2_cards button.llama").click()


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", LOCALES)
def test_sheet_at_320_px(page, signed_in, make_game, color_scheme, locale):
    game = make_game(names=COMFORT_NAMES, rounds=COMFORT_ROUNDS)
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"/games/{game.pk}/")
    fill_some(page)
    shoot_whole(page, f"sheet-320-{LOCALES[locale]}-{color_scheme}")


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", LOCALES)
def test_sheet_in_landscape(page, signed_in, make_game, color_scheme, locale):
    game = make_game(names=COMFORT_NAMES, rounds=COMFORT_ROUNDS)
    page.set_viewport_size(LANDSCAPE)
    page.goto(f"/games/{game.pk}/")
    shoot(page, f"sheet-landscape-{LOCALES[locale]}-{color_scheme}")


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", LOCALES)
def test_sheet_with_a_24_px_font(
    browser, live_server, alice, make_game, tmp_path, color_scheme, locale
):
    game = make_game(names=COMFORT_NAMES, rounds=COMFORT_ROUNDS)
    with large_font_page(browser, live_server, alice, tmp_path, color_scheme, locale) as page:
        page.goto(f"/games/{game.pk}/")
        fill_some(page)
        shoot_whole(page, f"sheet-390-font24-{LOCALES[locale]}-{color_scheme}")


# ---------------------------------------------------------------- the finished game, long names

# No emoji here: the machine that takes the pictures has no emoji font.
LONG_NAMES = ("Bartholomew", "Anne-Laure", "Maximiliane", "Jean-Éric", "Gwendolyn", "Christabel")
LONG_FINAL = [(11, 0, 16, 5, 21), (4, 9, -10, 13, 8), (-10, 12, 5, 3, 7), (15, 7, 0, 20, 10)]
WIDTHS = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("width", WIDTHS)
def test_finished_game(page, signed_in, make_game, width, color_scheme, locale):
    game = make_game(names=LONG_NAMES[:5], rounds=LONG_FINAL)
    page.set_viewport_size(WIDTHS[width])
    page.goto(f"/games/{game.pk}/")
    shoot_whole(page, f"finished-{width}-{LOCALES[locale]}-{color_scheme}")


@pytest.mark.parametrize(("color_scheme", "locale"), [("light", "en-GB"), ("dark", "fr-FR")])
def test_finished_game_with_a_24_px_font(
    browser, live_server, alice, make_game, tmp_path, color_scheme, locale
):
    game = make_game(names=LONG_NAMES[:5], rounds=LONG_FINAL)
    with large_font_page(browser, live_server, alice, tmp_path, color_scheme, locale) as page:
        page.goto(f"/games/{game.pk}/")
        shoot_whole(page, f"finished-390-font24-{LOCALES[locale]}-{color_scheme}")


@pytest.mark.parametrize(("color_scheme", "locale"), [("light", "en-GB"), ("dark", "fr-FR")])
@pytest.mark.parametrize("width", WIDTHS)
def test_sheet_with_six_long_names(page, signed_in, make_game, width, color_scheme, locale):
    """The table as wide as the names need: it scrolls sideways in its box, the rounds pinned;
    the second picture scrolled to the last players."""
    game = make_game(names=LONG_NAMES, rounds=COMFORT_ROUNDS)
    page.set_viewport_size(WIDTHS[width])
    page.goto(f"/games/{game.pk}/")
    name = f"sheet-long-names-{width}-{LOCALES[locale]}-{color_scheme}"
    shoot(page, name)
    page.locator(".sheet-scroll").evaluate("box => box.scrollTo({left: box.scrollWidth})")
    shoot(page, f"{name}-scrolled")


# ---------------------------------------------------------------------- sharing the result

SHARE_NAMES = ("Jean-Éric", "Zoé", "Anne-Laure", "Bartholomew")
SHARE_ROUNDS = [(11, 0, 16, 5), (4, 9, -10, 13), (-10, 12, 5, 3), (15, 7, 0, 20)]


def finished_and_described(make_game):
    from games.services.games import set_venue_and_note

    game = make_game(names=SHARE_NAMES, rounds=SHARE_ROUNDS)
    set_venue_and_note(game, "Chez Anaïs, Lyon", "Revanche dimanche prochain.")
    return game


@pytest.mark.parametrize("locale", LOCALES)
def test_result_picture(page, signed_in, make_game, locale):
    """The PNG that "Share the result" shares, as the server draws it."""
    game = finished_and_described(make_game)
    # opened as the phone opens it: in the language the browser asks for
    response = page.goto(f"/games/{game.pk}/result.png")
    assert response.ok and response.headers["content-type"] == "image/png"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"result-picture-{LOCALES[locale]}.png").write_bytes(response.body())


# What a phone that can share shows (headless Chromium cannot: see test_share_result.py).
CAN_SHARE = "navigator.canShare = () => true; navigator.share = async () => {};"


@pytest.mark.parametrize("width", [390, 320])
@pytest.mark.parametrize("color_scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", LOCALES)
def test_finished_game_with_the_share_button(
    page, signed_in, make_game, width, color_scheme, locale
):
    game = finished_and_described(make_game)
    page.add_init_script(CAN_SHARE)
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"/games/{game.pk}/")
    share = page.locator("a[data-share-result][data-share-ready]")
    expect(share).to_be_visible()
    page.locator(".standings-table").evaluate("table => table.scrollIntoView()")
    shoot(page, f"finished-share-{width}-{LOCALES[locale]}-{color_scheme}")


# ------------------------------------------------------------------------ player merge

MERGE_WIDTHS = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}


ROUNDS_OF_THREE = [(11, 0, 16), (4, 9, -10)]


def ann_typed_twice(make_game):
    """Ann, typed "Anne" at another table: the roster has both."""
    make_game(names=("Ann", "Ben", "Cleo"), rounds=ROUNDS_OF_THREE)
    make_game(names=("Anne", "Ben", "Zoé"), rounds=ROUNDS_OF_THREE)
    make_game(names=("Jean-Éric", "Ömer"))
    return Player.objects.get(name="Ann")


@pytest.mark.parametrize("width", MERGE_WIDTHS)
@pytest.mark.parametrize("color_scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", LOCALES)
def test_player_merge(page, signed_in, make_game, color_scheme, locale, width):
    ann = ann_typed_twice(make_game)
    page.set_viewport_size(MERGE_WIDTHS[width])
    page.goto(f"/players/{ann.pk}/merge/")
    page.locator("#id_into").select_option(label="Anne")
    shoot_whole(page, f"player-merge-{width}-{LOCALES[locale]}-{color_scheme}")


def test_player_merge_refused(page, signed_in, make_game):
    ann = ann_typed_twice(make_game)
    page.goto(f"/players/{ann.pk}/merge/")
    page.locator("#id_into").select_option(label="Ben")
    page.get_by_role("button", name="Merge Ann into the player chosen").click()
    expect(page.locator(".errors")).to_be_visible()
    shoot_whole(page, "player-merge-refused")


def test_two_phones_mid_turn(page, other_phone, signed_in, make_game):
    """The owner has just saved round 1; the scorer's phone, which had typed Ana's 5 for the
    next round, has moved to round 2 by itself and gives Ben back his black chip."""
    from games.models import ScorerLink

    game = make_game(names=("Ana", "Ben", "Cleo"))
    link = ScorerLink.objects.create(game=game, number=1)
    for phone in (page, other_phone):
        phone.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/games/{game.pk}/")
    other_phone.goto(f"/s/{link.token}/")
    points_field(other_phone, "Ana").fill("5")
    for name, value in (("Ana", "3"), ("Ben", "12"), ("Cleo", "0")):
        points_field(page, name).fill(value)
    page.get_by_role("button", name="Save round").click()
    expect(page.locator("#sheet [data-saved]")).to_have_text("Round 1 saved.")
    expect(other_phone.locator("form.round-form legend").first).to_have_text("Points for round 2")
    other_phone.get_by_role("button", name="Emptied hand for Ben").click()
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, "two-phones-owner-after-round-1")
    shoot(other_phone, "two-phones-scorer-round-2")


# Issue 40 at 320 px: the three-round typo (Ana 13, 20, 6; round 1 was really 31).
TYPO = [(13, 5, 2), (20, 3, 4), (6, 2, 1)]
SMALL = {"width": 320, "height": 568}


def test_issue40_edit_sentence(page, signed_in, make_game):
    """The edit page says, before saving, where the correction ends the game."""
    game = make_game(rounds=TYPO)
    game.rounds.update(last_to_quit=2)  # nobody emptied a hand: Cleo quit last each time
    page.set_viewport_size(SMALL)
    page.goto(f"/games/{game.pk}/rounds/1/edit/")
    points_field(page, "Ana").fill("31")
    sentence = page.locator("#later-returns")
    expect(sentence).to_contain_text("the game ends there")
    sentence.scroll_into_view_if_needed()
    shoot(page, "issues/issue40-edit-sentence")


def test_issue40_beyond_end(page, signed_in, make_game):
    """The sheet once the correction is saved: round 3 kept, apart, not counted."""
    from games.rules import Round
    from games.services.rounds import replace_round

    game = make_game(rounds=TYPO)
    game.rounds.update(last_to_quit=2)  # nobody emptied a hand: Cleo quit last each time
    replace_round(game, 1, Round((31, 5, 2), last_to_quit=2))
    page.set_viewport_size(SMALL)
    page.goto(f"/games/{game.pk}/")
    page.locator("tbody.beyond-end").scroll_into_view_if_needed()
    shoot(page, "issues/issue40-beyond-end")


@pytest.mark.parametrize("locale", ["de-DE"])
def test_issue41_german_lato_picker(page, signed_in, make_game, locale):
    """Lato z komarami's picker in German at 320 px: its mosquitoes ("Mücke") on the keys."""
    page.set_viewport_size({"width": 320, "height": 720})
    game = make_game(names=NAMES[:4], rounds=[r[:4] for r in ROUNDS[:2]], kind="lato")
    page.goto(f"/games/{game.pk}/")
    points_field(page, "Ana").fill("0")
    page.locator(".picker-toggle").nth(1).click()
    for card in ("[data-card='1']", "[data-card='1']", ".llama", ".llama"):
        page.locator(f".picker:visible {card}").first.click()
    expect(points_field(page, "Ben")).to_have_value("21")
    page.locator(".picker:visible").scroll_into_view_if_needed()
    shoot(page, "issues/issue41-de-lato-picker")
