"""The nights and the group's table in a backup: written beside the games (derived, from the
same code as /standings.json and /nights/N.json), and the nights back as they were after an
import: a game moved to another night stays there, a night's label survives."""

import json
import re

import pytest
from django.test import Client

from games import nights
from games.archive import restore
from games.models import LINE_MAX_LENGTH, Game, Night
from tests.helpers.pagetext import tags, text
from tests.helpers.sheet import FINISHED
from tests.history.test_backup_import import snapshot, upload

pytestmark = pytest.mark.engine

ANA_WINS = [(12, 31, 0), (-10, 20, 3)]


@pytest.fixture
def two_nights(make_game, settings):
    """Three finished games of one evening: the last moved by its owner to a night of its own
    and named, which the gap alone would not give it."""
    settings.RANKED_AFTER_GAMES = 1
    games = [make_game(rounds=FINISHED), make_game(rounds=ANA_WINS), make_game(rounds=FINISHED)]
    night = nights.move(games[2], None)
    nights.name(night, "Anaïs’s birthday")
    return games


@pytest.fixture
def bob_client(bob):
    client = Client()
    client.force_login(bob)
    return client


def exported(client):
    return json.loads(client.get("/history/export.json").getvalue())


def test_the_backup_carries_the_table_and_each_night_as_their_json_gives_them(
    alice_client, two_nights
):
    document = exported(alice_client)

    assert document["standings"] == alice_client.get("/standings.json").json()
    assert {row["name"] for row in document["standings"]["lama"]} == {"Ana", "Ben", "Cleo"}
    assert len(document["nights"]) == 2
    for night in document["nights"]:
        own = alice_client.get(f"/nights/{night['id']}.json").json()
        games = [game["id"] for game in own["games"]]
        assert night == {k: own[k] for k in ("id", "start", "label", "standings")} | {
            "games": games
        }
    assert document["nights"][0]["games"] == [two_nights[2].pk]  # the newest night first
    assert document["derived"] == ["nights", "standings"]


def test_the_nights_come_back_from_a_backup_as_they_were(alice_client, two_nights, bob, bob_client):
    document = exported(alice_client)

    assert upload(bob_client, document).imported

    moved = bob.games.get(uuid=two_nights[2].uuid)
    assert moved.night.label == "Anaïs’s birthday"
    assert list(moved.night.games.all()) == [moved]
    others = bob.games.exclude(pk=moved.pk)
    assert len({game.night_id for game in others}) == 1 and others.count() == 2
    assert bob.nights.count() == 2
    # derived again from the games: what the backup said
    assert bob_client.get("/standings.json").json() == document["standings"]
    for night in document["nights"]:
        first = bob.games.get(uuid=Game.objects.get(pk=night["games"][0]).uuid)
        mine = bob_client.get(f"/nights/{first.night_id}.json").json()
        assert (mine["label"], mine["start"]) == (night["label"], night["start"])
        assert mine["standings"] == night["standings"]
        assert len(mine["games"]) == len(night["games"])


def test_a_backup_of_one_night_into_an_account_with_games_makes_a_night_of_its_own(
    alice_client, two_nights, bob, bob_client, make_game
):
    held = make_game(owner=bob, rounds=FINISHED)  # this evening too, in a night of bob's
    document = exported(alice_client)

    assert upload(bob_client, document).imported

    assert bob.nights.count() == 3
    assert Game.objects.get(pk=held.pk).night.games.count() == 1


def test_a_backups_night_of_weeks_comes_back_cut_into_evenings(
    alice_client, alice, bob, bob_client, make_game
):
    from datetime import timedelta

    games = [make_game(rounds=FINISHED) for _ in range(5)]
    hours = [0, 5, 10, 15, 20]  # chained by the gap of before: one night of 20 h
    start = games[0].created_at - timedelta(weeks=3)
    for game, after in zip(games, hours, strict=True):
        Game.objects.filter(pk=game.pk).update(created_at=start + timedelta(hours=after))
    Game.objects.update(night=games[0].night_id)
    Night.objects.exclude(pk=games[0].night_id).delete()
    nights.name(Night.objects.get(), "Soirée chez Mamie")
    document = exported(alice_client)
    assert len(document["nights"]) == 1

    assert upload(bob_client, document).imported

    placed = [bob.games.get(uuid=game.uuid).night for game in games]
    assert len({night.pk for night in placed[:4]}) == 1  # 15 h: within the span
    assert placed[4] != placed[0] and placed[4].label == ""
    assert placed[0].label == "Soirée chez Mamie" and bob.nights.count() == 2


def test_the_nights_of_an_import_stay_out_of_sight_until_its_last_step(
    alice_client, two_nights, bob, bob_client, make_game, monkeypatch
):
    game = make_game(owner=bob, rounds=FINISHED)
    document = exported(alice_client)
    monkeypatch.setattr(restore, "FIRST_BATCH_ROWS", 1)  # each game written as it is read
    real, seen = restore._write, []

    def looking(owner, batch, job, nights):
        written = real(owner, batch, job, nights)
        made = set(nights.values())
        form = bob_client.get(f"/games/{game.pk}/night/").content.decode()
        listed = bob_client.get("/nights/").content.decode()
        offered = {
            int(o["value"]) for o in tags(form, "option", value=True) if o["value"].isdigit()
        }
        hrefs = [link["href"] for link in tags(listed, "a", href=True)]
        linked = {int(m[1]) for href in hrefs if (m := re.fullmatch(r"/nights/(\d+)/", href))}
        in_backup = {night["id"] for night in exported(bob_client)["nights"]}
        opened = {pk for pk in made if bob_client.get(f"/nights/{pk}/").status_code != 404}
        seen.append((len(made), made & (offered | linked | in_backup | opened)))
        return written

    monkeypatch.setattr(restore, "_write", looking)

    assert upload(bob_client, document).imported

    assert seen[0] == (1, set())  # the first game written, its night made, out of sight
    assert all(not shown for _made, shown in seen)
    assert len(exported(bob_client)["nights"]) == 3


@pytest.mark.parametrize(
    ("night", "message"),
    [
        ("tonight", "its night must be an object with an id (a whole number), a start and"),
        ({"id": "7", "start": "2025-01-04T20:00:00+00:00"}, "its night must be an object"),
        ({"id": 7, "label": ""}, "its night must give the date and time it started."),
        ({"id": 7, "start": "Saturday", "label": ""}, "“Saturday” is not a date and time."),
        (
            {"id": 7, "start": "2025-01-04T20:00:00+00:00", "label": "x" * (LINE_MAX_LENGTH + 1)},
            f"its night’s label must have at most {LINE_MAX_LENGTH} characters.",
        ),
        (
            {"id": 7, "start": "2025-01-04T20:00:00+00:00", "label": ["Birthday"]},
            "its night’s label must be text.",
        ),
    ],
)
def test_a_night_it_cannot_read_refuses_the_file_and_keeps_nothing(
    alice_client, two_nights, bob, bob_client, monkeypatch, night, message
):
    monkeypatch.setattr(restore, "FIRST_BATCH_ROWS", 1)  # each game written as it is read
    games = exported(alice_client)["games"]
    games[1]["night"] = night
    before = snapshot(), Night.objects.count()

    response = upload(bob_client, games)

    assert response.refused
    assert f"Game 2 (id {games[1]['id']}): {message}" in text(response.html)
    assert (snapshot(), Night.objects.count()) == before
