import asyncio
import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.utils import translation
from hypothesis import HealthCheck, settings

from games import rules
from games.rules import Round
from games.services.games import start_game
from games.services.rounds import add_round
from tests.helpers.worker import running_server

# Hypothesis: few examples in the edit loop, many in CI (CI=true), or HYPOTHESIS_PROFILE=name.
# The fuzzing of forms through the database lifts the too_slow and fixture checks itself.
# On PostgreSQL (the `engine` pass, after the same tests drew 200 examples each on SQLite)
# CI draws 50: what the engine alone can get wrong is in the explicit @example cases that run
# first on every run (tests/security/test_fuzz_forms.py); 200 took some 50 s of that pass.
# `make check` draws 10 (it drew 25): its 60 s; CI's 200 are the search.
settings.register_profile("dev", max_examples=10, deadline=None)
settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("ci-postgresql", settings.get_profile("ci"), max_examples=50)


def hypothesis_profile(environ):
    name = environ.get("HYPOTHESIS_PROFILE") or ("ci" if environ.get("CI") == "true" else "dev")
    on_postgresql = environ.get("DATABASE_URL", "").startswith(("postgres:", "postgresql"))
    return "ci-postgresql" if name == "ci" and on_postgresql else name


settings.load_profile(hypothesis_profile(os.environ))

TESTS = Path(__file__).parent
# Fixtures that start a process (a gunicorn, a worker, a database server) or a browser: a test
# that uses one is marked `server` or `browser`, and `make check` leaves it out.
SERVER_FIXTURES = {
    "live_app", "live_server", "database", "redis_url", "redis_server", "nodes",
}  # fmt: skip


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by them (pytest's mark plugin)
def pytest_collection_modifyitems(items):
    """Marked by what they start. Marked after the deselection, as they were, `make check`'s
    `-m "not server"` kept every test of a gunicorn and a worker in the edit loop."""
    for item in items:
        if TESTS / "browser" in item.path.parents:
            item.add_marker(pytest.mark.browser)
        elif SERVER_FIXTURES & set(item.fixturenames):
            item.add_marker(pytest.mark.server)


class HandedOut:
    @pytest.hookimpl(trylast=True)  # after pytest-django's own order, which this one keeps
    def pytest_collection_modifyitems(self, items):
        items.sort(key=handed_out)


def pytest_configure(config):
    config.pluginmanager.register(HandedOut(), "handed-out")


def handed_out(item):
    """The longest tests first, so that the last ones pytest-xdist hands out (in this order)
    are short and both cores end together: a test of a minute handed out last (the 20,000-game
    deletion, in views/) left the other core idle for that minute. Those that use no test
    database (a process of their own: marked `slow` or `server`) may run anywhere, and lead;
    the others keep pytest-django's order, as Django orders tests (in a transaction, then
    transactional: a browser's test run before one in a transaction left its tables locked for
    the next thirty), each group's `slow` tests first."""
    slow = item.get_closest_marker("slow") is not None
    group = database_group(item)
    if group == 2 and (slow or item.get_closest_marker("server") is not None):
        return (0, not slow, 0)
    return (1, group, not slow)


def database_group(item):
    """pytest-django's (plugin.py, pytest_collection_modifyitems): 0 in a transaction, 1
    transactional, 2 no test database."""
    names, marker = set(item.fixturenames), item.get_closest_marker("django_db")
    kwargs = marker.kwargs if marker else {}
    if names & {"transactional_db", "live_server"} or kwargs.get("transaction"):
        return 1
    if kwargs.get("reset_sequences"):
        return 1
    return 0 if marker or "db" in names else 2


@pytest.fixture(autouse=True)
def _no_browser_loop(request):
    """A test that is not the browser's runs with no event loop marked running in its thread.
    Playwright's sync API marks its loop running in the main thread after each of its calls
    (playwright/_impl/_greenlets.py, wait_for_future) and leaves it so while its browser lives
    in this process; async_to_sync (the test client on a stream) and asyncio.run refuse to run
    then. Put back after the test, as Playwright expects it."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is None or request.node.get_closest_marker("browser"):
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)


@pytest.fixture
def alice(db):
    return get_user_model().objects.create_user("alice", password="correct-horse-9")


@pytest.fixture
def bob(db):
    return get_user_model().objects.create_user("bob", password="correct-horse-9")


@pytest.fixture
def fold_calls(monkeypatch):
    """The games the rules folded since the fixture was made (the arguments of each call of
    `Ruleset.fold`, which every fold goes through, fold_with included)."""
    calls = []
    real = rules.Ruleset.fold

    def counting(ruleset, *args, **kwargs):
        calls.append(args)
        return real(ruleset, *args, **kwargs)

    monkeypatch.setattr(rules.Ruleset, "fold", counting)
    return calls


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


@pytest.fixture
def make_game(alice):
    """A game of alice's; `rounds` are lists of typed values in seat order."""

    def make(names=("Ana", "Ben", "Cleo"), rounds=(), owner=None, first_starter=0, kind="lama"):
        game = start_game(owner or alice, list(names), first_starter, kind)
        for number, entries in enumerate(rounds, start=1):
            add_round(game, Round(tuple(entries)), number)
        return type(game).objects.get(pk=game.pk)

    return make


@pytest.fixture(autouse=True)
def _the_sites_language():
    """Each test starts in the site's language: a request leaves its language active in the
    thread (LocaleMiddleware activates it, nothing takes it back), so a test that renders
    without a request would otherwise read the language of whichever test ran before it."""
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """The production hasher takes a fraction of a second on purpose; tests log in often."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _tasks_run_at_once(settings):
    """A task runs inside the request that queues it (Django's ImmediateBackend), so a test
    sees its outcome at once. The tests of the worker itself (tests/jobs/test_worker.py, the
    deploy tests) run the database queue and a real `manage.py worker` instead."""
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    # Tests run with DEBUG off and mail held in Django's outbox: a worker started in a test
    # has somewhere to send it (in production it needs EMAIL_HOST: tests/deploy/test_deploy.py).
    settings.EMAIL_HOST_GIVEN = True


@pytest.fixture(autouse=True)
def _empty_caches():
    """Sessions and kept sheets live in the caches: each test starts with none."""
    for cache in caches.all():
        cache.clear()


@pytest.fixture(scope="session")
def live_app(tmp_path_factory):
    """gunicorn with production settings on a database of its own (see tests/helpers/live.py)."""
    # The race tests count an account's games by exporting it, more often than an hour allows,
    # and streamed (3,000 games of 8 rounds). Every phone of the suite logs in from 127.0.0.1:
    # the address's own limit is out of the way of each account's (test_login_throttle.py).
    env = {"EXPORTS_PER_HOUR": "1000", "EXPORT_STREAM_MAX_ROUNDS": "100000",
           "LOGIN_FAILURES_PER_ADDRESS": "1000"}  # fmt: skip
    with running_server(tmp_path_factory.mktemp("live"), **env) as server:
        yield server
