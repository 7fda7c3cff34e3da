"""The pages' streams (games/views/streams.py): an event with the game's new version at each
write, once it commits, to every stream of the game; none while the page is up to date; the
stream ends when its door shuts; a cap per account and per address."""

from collections import namedtuple

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.contrib.auth import logout
from django.db import OperationalError, transaction
from django.test import AsyncClient

from games import access
from games.models import Game, ScorerLink, ShareLink
from games.rules import Round
from games.services.games import delete_game
from games.services.links import add_scorer_link, revoke_scorer_link
from games.services.rounds import add_round, replace_round
from games.streams import hub as hubs
from games.streams.notices import CHECK
from tests.helpers.stream_reader import Stream, event

HEARTBEAT = b"event: heartbeat\ndata: 15\n\n"  # with the default interval, in seconds


async def opened(client, url, **headers):
    """The stream, once it said how soon to come back and that it is alive (a heartbeat at
    once: the page trusts it only then)."""
    stream = Stream(await client.get(url, headers=headers))
    if stream.reader is not None:
        first = await stream.next()
        assert first.startswith(b"retry: ") and first.endswith(HEARTBEAT)
    return stream


def written(write, *args):
    """`write(*args)` in a transaction whose commit the test runs, as a request's would be."""
    with transaction.atomic():
        result = write(*args)
    return result


Told = namedtuple("Told", "tell")  # a stream as the hub sees it: what it is told


@pytest.fixture
def game(make_game):
    return make_game(names=("Ana", "Ben"))


@pytest.fixture
def owner_client(alice):
    client = AsyncClient()
    client.force_login(alice)
    return client


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """Runs what a write leaves for after its commit (pytest-django's tests never commit)."""

    def run(write, *args):
        with django_capture_on_commit_callbacks(execute=True):
            return write(*args)

    return run


def test_a_save_reaches_the_owners_and_the_viewers_streams(owner_client, game, on_commit):
    link = ShareLink.objects.create(game=game)

    @async_to_sync
    async def follow():
        sheet = await opened(owner_client, f"/games/{game.pk}/events/?seen={game.version}")
        live = await opened(AsyncClient(), f"/live/{link.token}/events/?seen={game.version}")
        await sheet.nothing()  # the page is up to date: nothing to say
        saved = await sync_to_async(on_commit)(add_round, game, Round((3, 0)), 1)
        assert await sheet.next() == event(saved.version)
        assert await live.next() == event(saved.version)
        await sheet.close(), await live.close()

    follow()
    assert hubs.hub().held_streams() == 0  # each stream left the hub when it closed


def test_a_page_behind_hears_the_version_at_once(owner_client, game):
    @async_to_sync
    async def follow():
        stream = await opened(owner_client, f"/games/{game.pk}/events/", **{"Last-Event-ID": "7"})
        assert await stream.next() == event(game.version)
        await stream.close()

    follow()


def test_nothing_is_said_before_the_write_commits(owner_client, game, on_commit):
    def rolled_back():
        with pytest.raises(RuntimeError), transaction.atomic():
            add_round(game, Round((3, 0)), 1)
            raise RuntimeError

    @async_to_sync
    async def follow():
        stream = await opened(owner_client, f"/games/{game.pk}/events/?seen={game.version}")
        await sync_to_async(on_commit)(rolled_back)
        await stream.nothing()
        await stream.close()

    follow()


def test_another_accounts_game_and_a_dead_link_have_no_stream(client, bob, game):
    other = AsyncClient()
    other.force_login(bob)
    revoked = ScorerLink.objects.create(game=game, number=1)
    revoke_scorer_link(revoked)

    @async_to_sync
    async def follow():
        for url, phone in [(f"/games/{game.pk}/events/", other), ("/live/nope/events/", other),
                           (f"/s/{revoked.token}/events/", AsyncClient()),
                           (f"/games/{game.pk}/events/", AsyncClient())]:  # fmt: skip
            assert (await phone.get(url)).status_code == 404

    follow()


def test_a_scorer_links_stream_ends_when_the_link_is_turned_off(game, on_commit):
    link = add_scorer_link(game)

    @async_to_sync
    async def follow():
        stream = await opened(AsyncClient(), f"/s/{link.token}/events/?seen={game.version}")
        await sync_to_async(on_commit)(revoke_scorer_link, link)
        assert await stream.next() == b"event: gone\ndata: \n\n"
        await stream.ended()

    follow()


def test_a_scorer_links_stream_follows_its_game_past_the_end(make_game, on_commit):
    """A finished game's link shows it, read-only, and its owner may still correct it: the
    stream stays, and tells the page of the correction that reopens the game (it answered 404
    once the game was over, and the page polled every second instead)."""
    game = make_game(names=("Ana", "Ben"), rounds=[(30, 0)])
    link = add_scorer_link(game)

    @async_to_sync
    async def follow():
        stream = await opened(AsyncClient(), f"/s/{link.token}/events/?seen={game.version}")
        ended = await sync_to_async(on_commit)(add_round, game, Round((15, 0)), 2)
        assert ended.finished_at is not None
        assert await stream.next() == event(ended.version)
        again = await opened(AsyncClient(), f"/s/{link.token}/events/?seen={ended.version}")
        await sync_to_async(on_commit)(replace_round, ended, 2, Round((5, 0)))
        reopened = await sync_to_async(Game.objects.get)(pk=game.pk)
        assert reopened.finished_at is None
        assert await again.next() == event(reopened.version)
        await stream.close(), await again.close()

    follow()


def test_the_database_out_of_reach_ends_a_stream_with_its_retry_hint(
    owner_client, game, on_commit, monkeypatch
):
    """No traceback per stream: the page polls meanwhile and opens a stream again later."""

    def unreachable(key):
        raise OperationalError("the server closed the connection unexpectedly")

    @async_to_sync
    async def follow():
        stream = await opened(owner_client, f"/games/{game.pk}/events/?seen={game.version}")
        monkeypatch.setattr(access, "signed_in", unreachable)
        await sync_to_async(on_commit)(add_round, game, Round((3, 0)), 1)
        assert (await stream.next()).startswith(b"retry: ")
        await stream.ended()

    follow()


def test_a_log_out_ends_the_owners_stream_and_a_deletion_the_viewers(
    owner_client, game, on_commit, rf
):
    link = ShareLink.objects.create(game=game)

    def log_out():
        request = rf.post("/accounts/logout/")
        request.session = owner_client.session
        request.user = game.owner
        logout(request)

    @async_to_sync
    async def follow():
        sheet = await opened(owner_client, f"/games/{game.pk}/events/?seen={game.version}")
        live = await opened(AsyncClient(), f"/live/{link.token}/events/?seen={game.version}")
        await sync_to_async(on_commit)(log_out)
        assert await sheet.next() == b"event: gone\ndata: \n\n"
        await live.nothing()
        await sync_to_async(on_commit)(delete_game, game)
        assert await live.next() == b"event: gone\ndata: \n\n"

    follow()


def test_streams_are_capped_per_address(client, game, settings):
    settings.STREAMS_PER_ADDRESS = 1
    link = ShareLink.objects.create(game=game)

    @async_to_sync
    async def follow():
        first = await opened(AsyncClient(), f"/live/{link.token}/events/")
        assert (await AsyncClient().get(f"/live/{link.token}/events/")).status_code == 429
        await first.close()
        again = await opened(AsyncClient(), f"/live/{link.token}/events/")
        await again.close()

    follow()


def test_a_live_link_at_its_cap_leaves_the_owner_room(owner_client, game, settings):
    settings.STREAMS_PER_OPENER = 1  # the address cap stays wide: one test client, one address
    link = ShareLink.objects.create(game=game)

    @async_to_sync
    async def follow():
        viewer = await opened(AsyncClient(), f"/live/{link.token}/events/")
        assert (await AsyncClient().get(f"/live/{link.token}/events/")).status_code == 429
        scorer = await sync_to_async(ScorerLink.objects.create)(game=game, number=1)
        another = await opened(AsyncClient(), f"/s/{scorer.token}/events/")  # its own room
        sheet = await opened(owner_client, f"/games/{game.pk}/events/")
        for stream in (viewer, another, sheet):
            assert stream.response.status_code == 200
            await stream.close()

    follow()


def test_with_the_subscription_down_one_query_a_tick_tells_every_stream_of_its_game(
    make_game, django_assert_num_queries
):
    games = [make_game(names=("Ana", "Ben")) for _ in range(3)]
    checker = hubs.Hub()
    heard = [[] for _ in range(12)]  # four streams a game, each keeping what it is told
    for number, told in enumerate(heard):
        stream = Told(told.append)
        checker.followers[f"game:{games[number // 4].pk}"].add(stream)
    with django_assert_num_queries(1):
        checker.check()  # the first tick tells every stream where its game stands
    assert heard == [[str(g.version)] for g in games for _ in range(4)]
    for told in heard:
        told.clear()
    Game.objects.filter(pk=games[1].pk).update(version=777)
    with django_assert_num_queries(1):
        checker.check()
    assert heard == [[]] * 4 + [["777"]] * 4 + [[]] * 4


def test_when_the_subscription_drops_an_idle_stream_asks_at_once(owner_client, game, monkeypatch):
    monkeypatch.setattr(hubs.Hub, "_check_loop", lambda self: None)

    @async_to_sync
    async def follow():
        stream = await opened(owner_client, f"/games/{game.pk}/events/?seen={game.version}")
        await sync_to_async(Game.objects.filter(pk=game.pk).update)(version=24680)  # unheard
        await stream.nothing()
        hubs.hub().up = True  # subscribed, as through Redis or PostgreSQL
        hubs.hub()._down()
        assert await stream.next() == event(24680)
        await stream.close()

    follow()


def test_a_subscription_that_stays_down_wakes_the_streams_once_not_at_each_retry(monkeypatch):
    """Each failed try to subscribe again woke every stream to ask its door: with Redis killed,
    2,000 streams took PostgreSQL to 903 transactions/s (bench/hub_down.py)."""
    monkeypatch.setattr(hubs.Hub, "_check_loop", lambda self: None)
    checker, told = hubs.Hub(), []
    checker.followers["game:1"].add(Told(told.append))
    checker._subscribed()
    told.clear()

    for _ in range(3):  # the drop, then two tries to subscribe again that fail
        checker._down()

    assert told == [CHECK]


def test_a_subscription_back_makes_every_stream_check_once(owner_client, game, monkeypatch):
    @async_to_sync
    async def follow():
        stream = await opened(owner_client, f"/games/{game.pk}/events/?seen={game.version}")
        await sync_to_async(Game.objects.filter(pk=game.pk).update)(version=54321)  # unheard
        await stream.nothing()
        hubs.hub()._subscribed()
        assert await stream.next() == event(54321)
        await stream.close()

    follow()


def test_an_idle_stream_says_it_is_alive_by_an_event_the_page_sees(owner_client, game, settings):
    """A comment line would keep a proxy from closing the stream, but `EventSource` never shows
    one to the page, which could then not tell an idle stream from a mute one."""
    settings.STREAM_HEARTBEAT_SECONDS = 0.2

    @async_to_sync
    async def follow():
        stream = Stream(await owner_client.get(f"/games/{game.pk}/events/?seen={game.version}"))
        assert (await stream.next()).endswith(b"event: heartbeat\ndata: 0.2\n\n")
        await stream.nothing(0.1)
        assert await stream.next(0.5) == b"event: heartbeat\ndata: 0.2\n\n"
        assert await stream.next(0.5) == b"event: heartbeat\ndata: 0.2\n\n"
        await stream.close()

    follow()


def test_a_stopping_server_ends_every_stream_at_once_and_opens_none(
    owner_client, game, monkeypatch
):
    """scorekeeper/servers.py shuts the hub as a stop begins: a stream would hold the stop
    until its page went. The page comes back after `retry`, to the next server."""
    monkeypatch.setattr(hubs.hub(), "shutting", False)  # put back after the test

    @async_to_sync
    async def follow():
        sheet = await opened(owner_client, f"/games/{game.pk}/events/?seen={game.version}")
        hubs.hub().shut()
        assert (await sheet.next()).startswith(b"retry: ")
        await sheet.ended()
        late = Stream(await owner_client.get(f"/games/{game.pk}/events/?seen={game.version}"))
        assert (await late.next()).startswith(b"retry: ")
        await late.ended()

    follow()
    assert hubs.hub().held_streams() == 0
