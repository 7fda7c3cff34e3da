"""A stream asks its door again the way Django asks at every request (games/access.py): the
owner's, what django.contrib.auth.get_user checks (the session stored, the account there and
active, the session's hash still its password's); a scorer link's, the link as it works now.
A change made through a door (a password, an account disabled, a log-out, a link turned off)
ends the streams at once, by a hub message (games/streams/notices.py); one made behind
everything's back (a query in a shell, a link that expires) at the stream's next check."""

import time
import uuid
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.contrib.auth import get_user_model, logout
from django.contrib.sessions.models import Session
from django.test import AsyncClient, Client
from django.utils import timezone

from games.models import ShareLink
from games.rules import Round
from games.services.links import add_scorer_link, revoke_scorer_link
from games.services.rounds import add_round
from games.streams.backends import backend
from tests.helpers.admin import change_account
from tests.helpers.stream_reader import GONE, event, opened

BOUND = 1.0  # seconds from the change's commit to the stream's end, at most
NEW_PASSWORD = "battery-staple-42"


@pytest.fixture
def game(make_game):
    return make_game(names=("Ana", "Ben"))


@pytest.fixture
def sheet_url(game):
    return f"/games/{game.pk}/events/"


@pytest.fixture
def owner_client(alice):
    client = AsyncClient()
    client.force_login(alice)
    return client


@pytest.fixture
def other_phone(alice):
    """alice signed in on another phone: a session of her own."""
    client = Client()
    client.force_login(alice)
    return client


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """Runs what a write leaves for after its commit (pytest-django's tests never commit)."""

    def run(write, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return write(*args, **kwargs)

    return run


@pytest.fixture
def checks_often(settings):
    """A stream asks its door by itself ten times a second (its heartbeat)."""
    settings.STREAM_HEARTBEAT_SECONDS = 0.1


async def following(client, url):
    """A stream that has asked its door once in the hub: a page that says no version is told
    the game's at that ask (before it, a change would be heard without any notice)."""
    stream = await opened(client, url)
    assert (await stream.said()).startswith(b"id: ")
    return stream


async def ends_within(stream, bound=BOUND):
    """The stream says its door shut within `bound` seconds, and then nothing more."""
    started = time.monotonic()
    assert await stream.said(bound) == GONE
    assert time.monotonic() - started <= bound
    assert await stream.said() is stream.END


async def goes_on(stream, game, on_commit):
    """The stream is still open and passes on the game's next save."""
    await stream.quiet(0.3)
    saved = await sync_to_async(on_commit)(add_round, game, Round((3, 0)), 1)
    assert await stream.said() == event(saved.version)
    await stream.close()


def test_a_password_changed_on_another_phone_ends_the_stream_at_once(
    owner_client, other_phone, sheet_url, on_commit
):
    form = {"old_password": "correct-horse-9"}
    form |= {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}

    @async_to_sync
    async def follow():
        stream = await following(owner_client, sheet_url)
        changed = await sync_to_async(on_commit)(
            other_phone.post, "/accounts/password_change/", form
        )
        assert changed.status_code == 302
        await ends_within(stream)

    follow()


def test_a_password_changed_in_the_admin_ends_the_stream_at_once(
    owner_client, admin_client, alice, sheet_url, on_commit
):
    form = {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"}

    @async_to_sync
    async def follow():
        stream = await following(owner_client, sheet_url)
        url = f"/admin/auth/user/{alice.pk}/password/"
        assert (await sync_to_async(on_commit)(admin_client.post, url, form)).status_code == 302
        await ends_within(stream)

    follow()


def test_a_password_set_behind_every_door_ends_the_stream_at_its_next_check(
    owner_client, alice, sheet_url, checks_often
):
    alice.set_password(NEW_PASSWORD)
    users = get_user_model().objects.filter(pk=alice.pk)

    @async_to_sync
    async def follow():
        stream = await following(owner_client, sheet_url)
        await stream.quiet(0.3)  # checked a few times, and still signed in
        await sync_to_async(users.update)(password=alice.password)  # no signal, no notice
        await ends_within(stream)

    follow()


def test_an_account_disabled_in_the_admin_ends_its_streams_at_once(
    owner_client, admin_client, alice, sheet_url, on_commit
):
    @async_to_sync
    async def follow():
        stream = await following(owner_client, sheet_url)
        disabled = await sync_to_async(on_commit)(change_account, admin_client, alice, is_active="")
        assert disabled.status_code == 302
        await ends_within(stream)

    follow()


def test_an_account_disabled_in_the_admin_ends_its_links_streams_at_once(
    admin_client, alice, game, on_commit
):
    """Staff set only is_active (no deletion, no link turned off): the account's scorer and
    live links stop with it, their streams at once."""
    scorer, viewer = add_scorer_link(game), ShareLink.objects.create(game=game)

    @async_to_sync
    async def follow():
        scoring = await following(AsyncClient(), f"/s/{scorer.token}/events/")
        watching = await following(AsyncClient(), f"/live/{viewer.token}/events/")
        disabled = await sync_to_async(on_commit)(change_account, admin_client, alice, is_active="")
        assert disabled.status_code == 302
        await ends_within(scoring)
        await ends_within(watching)

    follow()


def test_the_links_of_a_disabled_account_stop_at_their_next_use(client, alice, game):
    scorer, viewer = add_scorer_link(game), ShareLink.objects.create(game=game)
    typed = {"round_number": 1, "idempotency_key": uuid.uuid4(), "seat_0": 3, "seat_1": 0}
    assert client.get(f"/s/{scorer.token}/").status_code == 200
    assert client.get(f"/live/{viewer.token}/").status_code == 200
    get_user_model().objects.filter(pk=alice.pk).update(is_active=False)  # behind every door

    assert client.get(f"/s/{scorer.token}/").status_code == 404
    assert client.get(f"/s/{scorer.token}/board/").status_code in (286, 404)
    assert client.post(f"/s/{scorer.token}/rounds/", typed).status_code == 404
    assert client.get(f"/live/{viewer.token}/").status_code == 404
    assert client.get(f"/live/{viewer.token}/events/").status_code != 200
    assert not game.rounds.exists()


def test_an_account_made_inactive_behind_every_door_ends_at_its_next_check(
    owner_client, alice, sheet_url, checks_often
):
    users = get_user_model().objects.filter(pk=alice.pk)

    @async_to_sync
    async def follow():
        stream = await following(owner_client, sheet_url)
        await stream.quiet(0.3)
        await sync_to_async(users.update)(is_active=False)
        await ends_within(stream)

    follow()


def test_closing_the_account_on_another_phone_ends_its_streams_and_its_links_at_once(
    owner_client, other_phone, game, sheet_url, on_commit, settings
):
    # In production the deletion is a job for the worker, which deletes the games later: the
    # streams end when the request disables the account, not when the games are gone.
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    link = add_scorer_link(game)

    @async_to_sync
    async def follow():
        sheet = await following(owner_client, sheet_url)
        scorer = await following(AsyncClient(), f"/s/{link.token}/events/")
        form = {"password": "correct-horse-9"}
        closed = await sync_to_async(on_commit)(other_phone.post, "/accounts/delete/", form)
        assert closed.status_code == 302
        await ends_within(sheet)
        await ends_within(scorer)

    follow()


def test_a_log_out_elsewhere_ends_the_streams_of_its_session_at_once(
    owner_client, alice, sheet_url, on_commit, rf
):
    """Another tab of the same browser logs out: the sheet's stream in this one ends."""

    def log_out():
        request = rf.post("/accounts/logout/")
        request.session, request.user = owner_client.session, alice
        logout(request)

    @async_to_sync
    async def follow():
        stream = await following(owner_client, sheet_url)
        await sync_to_async(on_commit)(log_out)
        await ends_within(stream)

    follow()


def test_another_phones_log_out_leaves_this_ones_stream_going(
    owner_client, other_phone, game, sheet_url, on_commit
):
    @async_to_sync
    async def follow():
        stream = await following(owner_client, sheet_url)
        logged_out = await sync_to_async(on_commit)(other_phone.post, "/accounts/logout/")
        assert logged_out.status_code == 302
        await goes_on(stream, game, on_commit)

    follow()


def test_a_session_signed_under_an_old_secret_goes_on_and_keeps_its_key(
    owner_client, game, sheet_url, on_commit, settings, checks_often
):
    """Once SECRET_KEY is rotated (the old one in SECRET_KEY_FALLBACKS), Django accepts the
    session and gives it a new key at the page's next request, which sends the cookie: the
    stream, which cannot send one, leaves the session under the key the phone holds."""

    @async_to_sync
    async def follow():
        stream = await following(owner_client, sheet_url)
        settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
        settings.SECRET_KEY = "a-new-secret-" + "x" * 50
        await goes_on(stream, game, on_commit)  # checked a few times meanwhile

    follow()
    assert Session.objects.filter(session_key=owner_client.session.session_key).exists()


def test_an_expired_session_ends_the_stream_at_its_next_check(
    owner_client, sheet_url, checks_often
):
    key = owner_client.session.session_key
    sessions = Session.objects.filter(session_key=key)

    @async_to_sync
    async def follow():
        stream = await following(owner_client, sheet_url)
        await stream.quiet(0.3)
        await sync_to_async(sessions.update)(expire_date=timezone.now())
        await ends_within(stream)

    follow()


def test_a_scorer_link_that_expires_ends_at_its_next_check(game, settings, checks_often):
    """The cutoff is the time of each check, not of the stream's opening."""
    link = add_scorer_link(game)
    made = timezone.now() - timedelta(days=settings.SCORER_LINK_DAYS, seconds=-0.5)
    type(link).objects.filter(pk=link.pk).update(created_at=made)

    @async_to_sync
    async def follow():
        stream = await following(AsyncClient(), f"/s/{link.token}/events/")
        left = (made + timedelta(days=settings.SCORER_LINK_DAYS) - timezone.now()).total_seconds()
        assert left > 0.1  # it still worked when the stream opened
        await stream.quiet(left)
        await ends_within(stream, bound=0.5)

    follow()


def test_a_revoked_scorer_link_ends_at_once(game, on_commit):
    link = add_scorer_link(game)

    @async_to_sync
    async def follow():
        stream = await following(AsyncClient(), f"/s/{link.token}/events/")
        await sync_to_async(on_commit)(revoke_scorer_link, link)
        await ends_within(stream)

    follow()


def test_a_save_after_a_door_shut_unheard_is_not_passed_on(
    owner_client, alice, game, sheet_url, on_commit
):
    """Its heartbeat far off, the game busy: the save's message makes the stream ask."""
    alice.set_password(NEW_PASSWORD)
    users = get_user_model().objects.filter(pk=alice.pk)

    @async_to_sync
    async def follow():
        stream = await following(owner_client, sheet_url)
        await sync_to_async(users.update)(password=alice.password)  # no signal, no notice
        await sync_to_async(on_commit)(add_round, game, Round((3, 0)), 1)
        await ends_within(stream)

    follow()


def test_a_scorer_link_that_expired_passes_on_no_save(game, settings, on_commit):
    link = add_scorer_link(game)
    made = timezone.now() - timedelta(days=settings.SCORER_LINK_DAYS, seconds=-0.3)
    type(link).objects.filter(pk=link.pk).update(created_at=made)

    @async_to_sync
    async def follow():
        stream = await following(AsyncClient(), f"/s/{link.token}/events/")
        left = (made + timedelta(days=settings.SCORER_LINK_DAYS) - timezone.now()).total_seconds()
        await stream.quiet(max(left, 0))
        await sync_to_async(on_commit)(add_round, game, Round((3, 0)), 1)
        await ends_within(stream)

    follow()


@pytest.mark.django_db(transaction=True)
def test_a_log_outs_notice_leaves_once_its_session_is_gone(alice, monkeypatch):
    """Django sends user_logged_out before it deletes the session: a notice sent then would
    have the streams ask while the session still signs them in (autocommit, as in production)."""
    phone = Client()
    phone.force_login(alice)
    sessions = Session.objects.filter(session_key=phone.session.session_key)
    heard = []
    monkeypatch.setattr(backend(), "publish", lambda said: heard.append((said, sessions.exists())))
    assert phone.post("/accounts/logout/").status_code == 302
    assert heard == [(f"account:{alice.pk} check", False)]
