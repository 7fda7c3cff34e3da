"""Real-browser tests: Debian's Chromium at phone size, against pytest-django's live server.

Every page opened through the `page` fixture is watched: a console error, an uncaught
exception, a failed request or a 4xx/5xx response fails the test, except the 422/409
answers to form posts, which are how the app shows a refused round.

tests/conftest.py's `alice` and `make_game` serve here as they are: pytest-django gives a
test that uses the live server a transactional database, so the server's threads see them.
"""

import contextlib
import os
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.db import connection
from playwright.sync_api import sync_playwright

from scorekeeper.asgi import STREAMS_SUFFIX
from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, PHONE, sign_in
from tests.helpers.phones import ChromiumPhone, Firefox, FirefoxPhone, WebKitPhone, missing
from tests.helpers.relay import Relay
from tests.helpers.streams import StreamsApart

# Playwright's sync API runs an event loop in this thread, so Django believes every ORM
# call from a test or fixture comes from async code. They do not: this is Django's
# documented switch for that case.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
os.environ.setdefault("DJANGO_LIVE_TEST_SERVER_ADDRESS", "127.0.0.1")

EXPECTED_FORM_ANSWERS = {409, 422}


@pytest.fixture(scope="session")
def live_server(django_db_setup, live_server):
    """The live server, started after the test database exists, stopped after its last request.

    pytest-django hands the in-memory SQLite connection to the server's threads only if the
    database is set up when the server starts; otherwise each request opens (and leaks) its own.
    And a request thread still running when the server stops fails on that shared connection.
    """
    server = live_server.thread.httpd
    app, lock = server.get_app(), None
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        lock = SERVED_IN_TURN
        app = one_request_at_a_time(app, lock)
    shared = live_server.thread.connections_override
    server.set_app(StreamsApart(UNDER_WAY.counted(app), shared, lock, UNDER_WAY))
    yield live_server
    wait_for_connections()


# The live server's turn on the in-memory SQLite connection it shares with the test.
SERVED_IN_TURN = threading.Lock()


@contextlib.contextmanager
def between_requests():
    """A write from the test's thread, as another phone's, between the live server's requests:
    on the shared in-memory connection, a write beside a request (the page's own time-zone
    post, say) failed with "database table is locked" and answered 500."""
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        with SERVED_IN_TURN:
            yield
    else:
        yield


def one_request_at_a_time(app, lock):
    """The live server's requests served in turn: its threads share the one in-memory SQLite
    connection, and two requests on it at once (the sheet's poll every second beside a save)
    fail inside sqlite3 ("bad parameter or other API misuse"). A real server gives each thread
    its own connection (tests/helpers/live.py). The pages' streams take the same `lock` for
    each of their steps (tests/helpers/streams.py)."""

    def served(environ, start_response):
        with lock:
            return read_whole(app(environ, start_response))

    return served


def read_whole(response):
    """A WSGI answer read to its end (a streamed one queries the database as it goes)."""
    try:
        return list(response)
    finally:
        if hasattr(response, "close"):
            response.close()


class UnderWay:
    """The live server's requests under way, each counted until its answer is read whole."""

    QUIET = 0.1  # seconds with none under way: a request sent a moment ago has arrived

    def __init__(self):
        self.count, self.ended, self.changed = 0, 0.0, threading.Condition()

    def counted(self, app):
        def served(environ, start_response):
            with self.changed:
                self.count += 1
            try:
                return read_whole(app(environ, start_response))
            finally:
                with self.changed:
                    self.count, self.ended = self.count - 1, time.monotonic()
                    self.changed.notify_all()

        return served

    @contextlib.contextmanager
    def one(self):
        """A request under way, while the block runs (a step of a stream)."""
        with self.changed:
            self.count += 1
        try:
            yield
        finally:
            with self.changed:
                self.count, self.ended = self.count - 1, time.monotonic()
                self.changed.notify_all()

    def wait(self, timeout):
        deadline = time.monotonic() + timeout
        with self.changed:
            while (now := time.monotonic()) < deadline:
                quiet = now - self.ended
                if not self.count and quiet >= self.QUIET:
                    return
                self.changed.wait(self.QUIET - quiet if not self.count else deadline - now)


UNDER_WAY = UnderWay()


def wait_for_requests(timeout=5):
    """Let the live server finish the requests it is serving, with pages still open: their
    idle connections keep a thread each, so the threads tell nothing here."""
    UNDER_WAY.wait(timeout)


def wait_for_connections(timeout=5):
    """Once the browser's pages are closed: let the live server's connection threads end, a
    request that has just arrived included."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(
        thread.name.endswith("(process_request_thread)") for thread in threading.enumerate()
    ):
        time.sleep(0.02)


@pytest.fixture(scope="session")
def browser(live_server):  # closed before the server stops, so no request is left hanging
    if not Path(CHROMIUM).exists():
        pytest.fail(f"No browser at {CHROMIUM}: apt-get install chromium (or set CHROMIUM).")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def _is_stream(location):
    return urlsplit(location.get("url") or "").path.endswith(STREAMS_SUFFIX)


class Watch:
    """What went wrong in the browser, and the few failures a test said it expects."""

    def __init__(self):
        self.problems, self.expected, self.expected_console = [], [], []

    def expect(self, status, url_part):
        """A response the test itself provokes (a revoked link's 404, an aborted save)."""
        self.expected.append((status, url_part))

    def expect_console(self, text):
        """A console error the test provokes (htmx logs the failed save it then reports)."""
        self.expected_console.append(text)

    def _is_expected(self, status, url):
        return any(status == want and part in url for want, part in self.expected)

    def on_console(self, message):
        if message.type != "error":
            return
        # Chromium also logs each 4xx answer to the console; those are judged by on_response.
        if "Failed to load resource: the server responded with a status of" in message.text:
            return
        if any(text in message.text for text in self.expected_console):
            return
        # Chromium logs a page's stream cut too (see on_request_failed), under the stream's URL.
        if "Failed to load resource: net::" in message.text and _is_stream(message.location):
            return
        self.problems.append(f"console error: {message.text}")

    def on_response(self, response):
        request = response.request
        if response.status < 400 or self._is_expected(response.status, response.url):
            return
        if request.method == "POST" and response.status in EXPECTED_FORM_ANSWERS:
            return
        self.problems.append(f"{response.status} for {request.method} {response.url}")

    def on_request_failed(self, request):
        # Leaving a page cancels what it was still loading: that is no failure. A missing
        # file is a 404, which on_response reports.
        if self._is_expected("failed", request.url) or request.failure == "net::ERR_ABORTED":
            return
        # A page's stream cut (no signal, the server gone) is how it ends: stream.js then
        # polls, and opens it again.
        if _is_stream({"url": request.url}):
            return
        self.problems.append(f"request failed: {request.method} {request.url} {request.failure}")

    def attach(self, page):
        page.on("console", self.on_console)
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on("response", self.on_response)
        page.on("requestfailed", self.on_request_failed)


@pytest.fixture(autouse=True)
def connections_ended():
    """Set up before a test's browsers and relays, so torn down after every one has closed:
    the live server's threads then end before the database is emptied for the next test (one
    ending later read a database then closed). A wait as each closed, with another phone's or a
    relay's connection still open, waited its whole timeout (5 s) for nothing."""
    yield
    wait_for_connections()


@pytest.fixture
def watch():
    return Watch()


@pytest.fixture
def color_scheme():
    return "light"


@pytest.fixture
def locale():
    return "en-GB"


@pytest.fixture
def server_url(live_server):
    """Where the phone finds the app. A test of the phone without a signal says `relay.url`."""
    return live_server.url


@pytest.fixture
def relay(live_server):
    """A relay in front of the live server, to unplug (tests/helpers/relay.py). Use it with

    @pytest.fixture
    def server_url(relay):
        return relay.url
    """
    with Relay(live_server.thread.host, live_server.thread.port) as relay:
        yield relay


@pytest.fixture
def service_workers():
    """ "block" for a test that answers a page itself with page.route(), which never sees the
    requests that the service worker (templates/sw.js) answers."""
    return "allow"


@pytest.fixture
def context(browser, server_url, watch, color_scheme, locale, service_workers):
    context = browser.new_context(
        base_url=server_url,
        color_scheme=color_scheme,
        locale=locale,
        service_workers=service_workers,
        **PHONE,
    )
    context.set_default_timeout(5000)
    context.on("page", watch.attach)
    yield context
    context.close()
    if watch.problems:
        pytest.fail("The browser saw problems:\n" + "\n".join(watch.problems))


@pytest.fixture
def page(context):
    return context.new_page()


@pytest.fixture
def other_phone(browser, live_server, watch, context):
    """A second phone at the table, signed in as nobody, watched like the first."""
    phone = browser.new_context(base_url=live_server.url, locale="en-GB", **PHONE)
    phone.set_default_timeout(5000)
    phone.on("page", watch.attach)
    yield phone.new_page()
    phone.close()


@pytest.fixture
def signed_in(context, server_url, alice):
    sign_in(context, server_url, alice)
    return alice


# The table on the engines people carry (tests/helpers/phones.py): test_engines.py and
# test_streams.py, each with its own `server_url` (a relay).
HOW = {
    "WebKit": "apt-get install webkit2gtk-driver xvfb python3-gi gir1.2-webkit2-4.1",
    "Firefox": "apt-get install firefox-esr nodejs, then make firefox-phone",
}
# What the browsers log of a request that found no server (htmx's events, Firefox's words, of
# a request and of a page's stream cut or refused: stream.js then polls).
LOST_SIGNAL = (
    "net::ERR_", "htmx:sendError", "htmx:afterRequest", "NetworkError",
    "can’t establish a connection to the server at", "was interrupted while the page was loading",
)  # fmt: skip


@pytest.fixture(scope="session")
def firefox():
    """Firefox, started once for the session's phones (each a user context of its own)."""
    firefox = Firefox()
    yield firefox
    firefox.quit()


@pytest.fixture(params=["Chromium", "WebKit", "Firefox"])
def phone(request, server_url, watch):
    engine = request.param
    if why := missing(engine):
        pytest.fail(f"{engine} is missing ({why}): {HOW[engine]} (make test-packages does it).")
    if engine == "Chromium":
        context = request.getfixturevalue("context")
        phone = ChromiumPhone(server_url, context)
    elif engine == "Firefox":
        phone = FirefoxPhone(server_url, request.getfixturevalue("firefox"))
    else:
        phone = WebKitPhone(server_url)
    # Losing the signal on purpose: the outbox's tries and a board poll on its way fail.
    watch.expect("failed", "/rounds/")
    watch.expect("failed", "/board/")
    for logged in LOST_SIGNAL:
        watch.expect_console(logged)
    yield phone
    problems = [p for p in phone.problems() if not any(text in p for text in LOST_SIGNAL)]
    phone.close()
    assert not problems, f"{engine} saw problems: {problems}"
