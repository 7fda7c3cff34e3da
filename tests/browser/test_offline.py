"""No signal is not a problem: the service worker (templates/sw.js) keeps the app and the pages
opened, and the server is taken away for real by unplugging a relay in front of it."""

import re
import time

import pytest
from playwright.sync_api import expect

from games.models import ShareLink
from games.rules import Round
from games.services.rounds import add_round
from games.views import live, offline
from tests.browser.conftest import between_requests
from tests.browser.sheet import save_round


@pytest.fixture
def server_url(relay):
    return relay.url


def wait_for_worker(page):
    """Until the service worker controls the page (a first visit: once it has taken it)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def game_page_key(page, sheet):
    """The submission key of the round form in the copy the worker keeps of `sheet`."""
    return page.evaluate(
        """async (sheet) => {
            for (const cacheName of await caches.keys()) {
                if (!cacheName.startsWith("pages-")) continue;
                const copy = await caches.match(sheet, { cacheName, ignoreVary: true });
                const key = copy && (await copy.text()).match(/"idempotency_key" value="([^"]+)"/);
                if (key) return key[1];
            }
        }""",
        sheet,
    )


def wait_until(page, function, arg=None, timeout=5):
    """Until the async `function` is true in the page: wait_for_function would take the
    promise it returns for a true value at once."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(function, arg):
        assert time.monotonic() < deadline, f"still false after {timeout} s: {function}"
        time.sleep(0.05)


PRELOAD = "(await navigator.serviceWorker.ready).navigationPreload"
SHELLS = "async () => (await caches.keys()).filter((name) => name.startsWith('shell-'))"


def wait_until_copied(page, path):
    """Until the worker keeps a copy of `path` (it keeps it after answering the page)."""
    copied = """async (path) => {
        for (const name of await caches.keys()) {
            if (!name.startsWith("pages-")) continue;
            const cache = await caches.open(name);
            if (await cache.match(path, { ignoreVary: true })) return true;
        }
        return false;
    }"""
    wait_until(page, copied, path)


def wait_until_forgotten(page, prefix):
    """Until the worker keeps no page under `prefix`, for any account."""
    forgotten = """async (prefix) => {
        for (const name of await caches.keys()) {
            if (!name.startsWith("pages-")) continue;
            for (const request of await (await caches.open(name)).keys()) {
                if (new URL(request.url).pathname.startsWith(prefix)) return false;
            }
        }
        return true;
    }"""
    wait_until(page, forgotten, prefix)


def test_a_sheet_opened_online_opens_again_without_the_server(page, relay, signed_in, make_game):
    game = make_game(rounds=[(31, 0, 20)])
    sheet = f"/games/{game.pk}/"
    page.goto(sheet)
    wait_for_worker(page)
    save_round(page, {"Ana": 2, "Ben": 5, "Cleo": 0})  # by htmx: the worker's copy follows
    page.goto("/en/")  # the manifest's start_url, the home-screen icon's page
    wait_until_copied(page, "/en/")

    expect(page.locator("[data-worker-copy]")).to_be_empty()
    key = page.locator('input[name="idempotency_key"]')
    keys = {game_page_key(page, sheet)}

    relay.unplug()
    page.goto(sheet)
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3")
    expect(page.locator("tfoot")).to_contain_text("33")
    expect(page.get_by_role("status").filter(has_text="No connection")).to_have_text(
        re.compile(r"^No connection: this page as it was at \d\d:\d\d\.$")
    )
    keys.add(key.input_value())
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3")
    expect(page.get_by_role("status").filter(has_text="No connection")).to_be_visible()
    keys.add(key.input_value())
    assert len(keys) == 3  # each load of the copy, a submission key of its own
    page.goto("/en/")
    page.get_by_role("link", name=re.compile("Ana")).first.click()  # from a link
    expect(page).to_have_url(re.compile(f"{sheet}$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3")
    expect(page.locator("link[rel=stylesheet]").first).to_have_attribute("href", "/static/app.css")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgba(0, 0, 0, 0)"

    page.goto("/history/")  # never opened
    expect(page.get_by_role("heading", level=1)).to_have_text("No connection")
    expect(page).to_have_title("No connection · Scorekeeper")

    relay.plug()
    page.get_by_role("link", name="Try again").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("History")


def test_a_server_that_does_not_answer_gives_the_workers_copy_after_a_few_seconds(
    page, relay, signed_in, make_game
):
    sheet = f"/games/{make_game(rounds=[(31, 0, 20)]).pk}/"
    page.goto(sheet)
    wait_for_worker(page)
    wait_until_copied(page, sheet)

    relay.unplug(hang=True)  # bars on the screen, nothing getting through
    page.goto(sheet, timeout=10_000)
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    expect(page.get_by_role("status").filter(has_text="No connection")).to_be_visible()


@pytest.mark.parametrize("locale", ["fr-FR"])
def test_a_page_never_opened_says_so_in_the_readers_language(page, relay, locale):
    page.goto("/fr/rules/")
    wait_for_worker(page)
    wait_until_copied(page, "/fr/rules/")

    relay.unplug()
    page.goto("/accounts/login/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Pas de connexion")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.get_by_role("link", name="English").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("No connection")


def test_logging_out_forgets_the_accounts_pages(page, relay, signed_in, make_game):
    game = make_game()
    page.goto(f"/games/{game.pk}/")
    wait_for_worker(page)
    wait_until_copied(page, f"/games/{game.pk}/")

    page.goto("/accounts/")
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("navigation").get_by_role("link", name="Log in")).to_be_visible()
    wait_until_forgotten(page, "/games/")

    relay.unplug()
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("No connection")


def test_a_new_release_takes_over_at_the_next_visit(page, relay, monkeypatch):
    page.goto("/en/rules/")
    wait_for_worker(page)
    version = offline.shell_version(offline.worker_config())
    assert page.evaluate(SHELLS) == [f"shell-{version}"]
    # As the workers before issue 23 did: with it, Firefox shows its own error page, not the
    # worker's copy, when the preload's request fails.
    page.evaluate(f"async () => {PRELOAD}.enable()")

    monkeypatch.setattr(offline, "shell_version", lambda config: "next-release")
    page.reload()
    # the old version's files go once the new one has taken over
    wait_until(page, f"async () => (await ({SHELLS})()).join() === 'shell-next-release'")
    wait_until(page, f"async () => !(await {PRELOAD}.getState()).enabled")
    wait_until_copied(page, "/en/rules/")
    relay.unplug()
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Rules of the games")


def test_the_live_view_says_when_it_lost_the_connection_and_catches_up(
    page, relay, make_game, watch, monkeypatch
):
    monkeypatch.setattr(live, "POLL_SECONDS", 1)
    game = make_game(rounds=[(31, 0, 20)])
    page.goto(ShareLink.objects.create(game=game).get_absolute_url())
    status = page.get_by_role("status").filter(has_text="connection")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2")
    wait_for_worker(page)

    watch.expect("failed", "/live/")
    watch.expect_console("htmx:sendError")  # htmx logs the polls that fail
    watch.expect_console("htmx:afterRequest")
    watch.expect_console("net::ERR_")
    relay.unplug()
    expect(status).to_have_text(
        re.compile(r"^Last update \d\d:\d\d, no connection. The sheet catches up by itself")
    )
    with between_requests():
        add_round(game, Round((2, 5, 0)), 2)
    relay.plug()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3")
    expect(status).to_have_count(0)
