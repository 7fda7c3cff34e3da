"""Comfort at the table: the screen stays awake, a failed save loses nothing, no round twice."""

import re

from playwright.sync_api import expect

from games.models import Round
from tests.browser.sheet import points_field, type_round

# Records what the page asks of the Screen Wake Lock API, and lets the test hide the page.
FAKE_WAKE_LOCK = """
window.wakeLockRequests = 0;
window.pageVisibility = "visible";
Object.defineProperty(document, "visibilityState", { get: () => window.pageVisibility });
Object.defineProperty(navigator, "wakeLock", { value: { request: async (type) => {
  window.wakeLockRequests += 1;
  window.lastWakeLock = { type, released: false, release: async () => {} };
  return window.lastWakeLock;
} } });
"""


def set_visibility(page, state):
    page.evaluate(
        """state => {
            window.pageVisibility = state;
            // Like a browser, drop the lock when the page is hidden.
            if (state === "hidden" && window.lastWakeLock) window.lastWakeLock.released = true;
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        state,
    )


def test_the_screen_stays_awake_during_a_game_and_again_after_hiding(page, signed_in, make_game):
    page.add_init_script(FAKE_WAKE_LOCK)
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    page.wait_for_function("window.wakeLockRequests === 1")
    assert page.evaluate("window.lastWakeLock.type") == "screen"

    set_visibility(page, "hidden")
    set_visibility(page, "visible")

    page.wait_for_function("window.wakeLockRequests === 2")


def test_a_finished_game_lets_the_screen_sleep(page, signed_in, make_game):
    page.add_init_script(FAKE_WAKE_LOCK)
    game = make_game(rounds=[(31, 0, 3), (10, 2, 0)])
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Final scoresheet")

    assert page.evaluate("window.wakeLockRequests") == 0


def test_it_says_so_when_the_server_fails(page, signed_in, make_game, watch):
    watch.expect(500, "/rounds/")
    watch.expect_console("Response Status Error Code 500")
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    page.route("**/rounds/", lambda route: route.fulfill(status=500, body="Server Error"))
    type_round(page, {"Ana": 7, "Ben": 0, "Cleo": 12})
    page.get_by_role("button", name="Save round").click()

    expect(page.get_by_role("alert")).to_have_text(re.compile("the server had a problem"))
    expect(points_field(page, "Ben")).to_have_value("0")
    assert not Round.objects.exists()


def test_a_page_open_too_long_keeps_the_numbers_and_the_next_tap_saves(
    page, context, signed_in, make_game, live_server, watch
):
    watch.expect(403, "/rounds/")
    watch.expect_console("Response Status Error Code 403")
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    # Another session's CSRF cookie (as after a rotation): the page's token is out of date.
    context.add_cookies([{"name": "csrftoken", "value": "a" * 32, "url": live_server.url}])
    type_round(page, {"Ana": 7, "Ben": 0, "Cleo": 12})
    page.get_by_role("button", name="Save round").click()

    expect(page.get_by_role("alert")).to_have_text(re.compile("this page was open too long"))
    expect(points_field(page, "Cleo")).to_have_value("12")
    assert not Round.objects.exists()

    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    assert Round.objects.count() == 1


def test_the_save_button_waits_for_the_answer_and_a_double_tap_saves_once(
    page, signed_in, make_game
):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    held = []
    page.route("**/rounds/", lambda route: held.append(route))
    type_round(page, {"Ana": 7, "Ben": 0, "Cleo": 12})
    save = page.get_by_role("button", name="Save round")
    save.dblclick()

    expect(save).to_be_disabled()
    page.wait_for_function("true")  # let the browser send what it would send
    assert len(held) == 1
    held[0].continue_()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    assert Round.objects.count() == 1


def test_the_app_is_installable_its_manifest_and_icons_load(page, transactional_db):
    page.goto("/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = page.request.get(href)
    assert manifest.headers["content-type"] == "application/manifest+json"
    for icon in manifest.json()["icons"]:
        response = page.request.get(icon["src"])
        assert response.ok and response.headers["content-type"] == icon["type"], icon["src"]
