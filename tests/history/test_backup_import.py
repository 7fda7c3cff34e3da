import json
import re
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import OperationalError, connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.archive import restore, stream
from games.models import Entry, Game, Player, Round, Seat
from games.rules import Round as TypedRound
from games.services.players import SamePlayer
from games.services.rounds import replace_round
from jobs.models import Job
from tests.helpers.pagetext import tags, text
from tests.helpers.sheet import FINISHED

INSERT = re.compile(r'INSERT INTO "?(?P<table>\w+)"? \((?P<columns>[^)]*)\)')


@dataclass
class Uploaded:
    """An upload, and the page it led to: its job's (the task has run: tests/conftest.py), or
    the form again if it was refused before any job."""

    response: HttpResponse
    job: Job | None
    html: str

    @property
    def refused(self):
        return self.job is None or self.job.state == Job.State.FAILED

    @property
    def imported(self):
        return self.job is not None and self.job.state == Job.State.DONE


def upload(client, content, name="backup.json"):
    if not isinstance(content, bytes):
        content = json.dumps(content).encode()
    file = SimpleUploadedFile(name, content, content_type="application/json")
    response = client.post("/history/import/", {"backup": file})
    if response.status_code != 302:
        return Uploaded(response, None, response.content.decode())
    job = Job.objects.get(pk=response["Location"].split("/")[-2])
    return Uploaded(response, job, client.get(response["Location"]).content.decode())


def exported_games(client):
    """The games of the account's JSON backup."""
    return json.loads(client.get("/history/export.json").getvalue())["games"]


def snapshot():
    return tuple(model.objects.count() for model in (Game, Player, Round, Entry))


@pytest.fixture
def bob_client(bob):
    client = Client()  # not pytest-django's `client`, which alice_client logs in
    client.force_login(bob)
    return client


def test_the_import_page_has_a_labelled_file_field(alice_client):
    html = alice_client.get("/history/import/").content.decode()

    assert tags(html, "form", enctype="multipart/form-data")
    assert tags(html, "label", for_="id_backup")
    assert tags(html, "input", type="file", id="id_backup")


def test_it_requires_login(client):
    assert client.get("/history/import/").status_code == 302
    assert client.post("/history/import/").status_code == 302


@pytest.mark.engine
def test_export_then_import_on_a_new_account_gives_identical_games(
    alice_client, make_game, bob, bob_client
):
    make_game(rounds=FINISHED, first_starter=1)
    make_game(names=("Ana", "Dan"), rounds=[(4, 0), (0, 7)])
    make_game(names=("Eve", "Ana", "Fay", "Gus"), rounds=[(31, 31, 31, 0), (12, -10, 3, 5)])
    exported = alice_client.get("/history/export.json").getvalue()

    response = upload(bob_client, exported)

    assert response.imported
    assert response.response["Location"] == f"/jobs/{response.job.pk}/"
    restored = exported_games(bob_client)
    original = json.loads(exported)["games"]
    assert len(restored) == 3
    by_uuid = {game["uuid"]: game for game in restored}
    for before in original:
        after = by_uuid[before["uuid"]]
        assert after["id"] != before["id"]
        assert after["night"]["id"] != before["night"]["id"]
        assert without_ids(after) == without_ids(before)  # the nights placed again, alike
    assert set(bob.players.values_list("name", flat=True)) == {
        "Ana",
        "Ben",
        "Cleo",
        "Dan",
        "Eve",
        "Fay",
        "Gus",
    }


@pytest.mark.engine
def test_every_row_the_import_writes_gets_every_field_of_its_model(
    alice_client, make_game, bob_client
):
    """Written through the ORM: a field added to a model, with a default, is written by the
    import too, rather than failing every import (as the hand-written INSERT once did)."""
    make_game(rounds=FINISHED)
    exported = alice_client.get("/history/export.json").getvalue()

    with CaptureQueriesContext(connection) as queries:
        assert upload(bob_client, exported).imported

    written = {}
    for query in queries.captured_queries:
        if found := INSERT.match(query["sql"]):
            names = found["columns"].split(",")
            written[found["table"]] = {name.strip('"` ') for name in names}
    for model in (Game, Seat, Round, Entry):
        columns = {f.column for f in model._meta.concrete_fields if not f.primary_key}
        assert written[model._meta.db_table] == columns, model


def without_ids(game):
    return {k: v for k, v in game.items() if k != "id"} | {
        "night": {k: v for k, v in game["night"].items() if k != "id"}
    }


def test_it_says_how_many_games_were_imported(alice_client, make_game, bob_client):
    make_game(rounds=FINISHED)
    exported = alice_client.get("/history/export.json").getvalue()

    response = upload(bob_client, exported)

    assert "1 game imported." in response.html


def test_a_file_that_is_not_json_changes_nothing(alice_client, make_game):
    make_game(rounds=FINISHED)
    before = snapshot()

    response = upload(alice_client, b"\x89PNG not json at all")

    assert response.refused
    assert "not a JSON backup" in response.html
    assert snapshot() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ({"players": ["Ana", "Ben"]}, "should hold a list of games"),
        ([42], "Game 1: it is not a game"),
        (
            [{"id": 9, "players": ["Ana"], "rounds": []}],
            "Game 1 (id 9): L.L.A.M.A. is played by 2 to 6 players.",
        ),
        ([{"players": "Ana, Ben", "rounds": []}], "Game 1: its players must be a list of names."),
        ([{"players": ["Ana", 7], "rounds": []}], "Game 1: its players must be a list of names."),
        ([{"players": ["Ana", "ana"], "rounds": []}], "Game 1: ana is already at the table."),
        ([{"players": ["Ana", "Ben"], "rounds": "many"}], "its rounds must be a list"),
        (
            [{"players": ["Ana", "Ben"], "rounds": [{"entries": {"Ana": 3}}]}],
            "Round 1: it must give one entry for each player: Ana, Ben.",
        ),
        (
            [{"players": ["Ana", "Ben"], "rounds": [{"entries": {"Ana": 3, "Ben": "x"}}]}],
            "Round 1: Enter a whole number.",
        ),
        (
            [{"players": ["Ana", "Ben"], "rounds": [], "first_starter": "Zed"}],
            "“Zed” is not a player of this game.",
        ),
        (
            [{"players": ["Ana", "Ben"], "rounds": [], "started_at": "yesterday"}],
            "“yesterday” is not a date and time.",
        ),
    ],
)
def test_a_malformed_backup_is_refused_with_a_reason(alice_client, content, message):
    before = snapshot()

    response = upload(alice_client, content)

    assert response.refused
    assert message in response.html
    assert snapshot() == before


def test_a_rule_breaking_game_refuses_the_whole_file(alice_client, make_game):
    make_game(rounds=FINISHED)
    good = exported_games(alice_client)[0]
    bad = json.loads(json.dumps(good)) | {"id": 77}
    bad["rounds"][1]["entries"]["Ben"] = -2  # no chip is worth 2
    del bad["totals"]
    before = snapshot()

    response = upload(alice_client, [good, bad])

    html = response.html
    assert response.refused
    assert "Nothing was imported" in html
    assert "Game 2 (id 77): Round 2:" in html
    assert "−2 is not possible: below zero, only −1 or −10" in html
    assert snapshot() == before


def test_every_refused_game_is_listed(alice_client):
    two_emptied = {"players": ["Ana", "Ben"], "rounds": [{"entries": {"Ana": 0, "Ben": 0}}]}
    too_high = {"players": ["Ana", "Ben"], "rounds": [{"entries": {"Ana": 32, "Ben": 4}}]}

    html = upload(alice_client, [two_emptied, too_high]).html

    assert "Game 1: Round 1: Only one player can empty their hand" in html
    assert "Game 2: Round 1: 32 is too many" in html


def test_totals_that_disagree_with_the_rounds_are_refused(alice_client, make_game):
    make_game(rounds=FINISHED)
    data = exported_games(alice_client)
    data[0]["totals"]["Ana"] = 12

    response = upload(alice_client, data)

    assert response.refused
    assert "the totals in the file are not what the rules give" in response.html


def test_a_round_typed_after_the_end_comes_back_beyond_it(alice_client, make_game, bob, bob_client):
    game = make_game(rounds=[(13, 5, 2), (20, 3, 4), (6, 2, 1)])  # Ana 39
    replace_round(game, 1, TypedRound((31, 5, 2)))  # a typo corrected: Ana passes 40 in round 2
    exported = alice_client.get("/history/export.json").getvalue()

    assert upload(bob_client, exported).imported

    (restored,) = Game.objects.filter(owner=bob)
    assert restored.rounds.count() == 3 and len(restored.state.beyond) == 1
    assert restored.finished_at == restored.stored_rounds[1].created_at
    (after,) = exported_games(bob_client)
    assert [r.get("beyond_end", False) for r in after["rounds"]] == [False, False, True]


def test_a_round_after_the_end_is_refused(alice_client, make_game):
    make_game(rounds=FINISHED)
    data = exported_games(alice_client)
    data[0]["rounds"].append({"entries": {"Ana": 1, "Ben": 2, "Cleo": 3}})
    del data[0]["totals"]

    html = upload(alice_client, data).html

    assert "Ana reaches 51 in round 2, so round 3 could not have been played." in html


@pytest.mark.engine
def test_a_failed_batch_takes_the_games_of_the_earlier_ones_with_it(
    alice_client, steps_of_one_game, monkeypatch
):
    real, calls = restore._write, []

    def fail_on_third(owner, batch, job, nights):
        calls.append(batch)
        if len(calls) == 3:
            raise RuntimeError("disk full")
        return real(owner, batch, job, nights)

    monkeypatch.setattr(restore, "_write", fail_on_third)

    response = upload(alice_client, five_games())

    assert len(calls) == 3
    assert response.refused
    assert "Nothing was imported: something went wrong on the server." in text(response.html)
    assert snapshot() == (0, 0, 0, 0)


def test_a_message_shared_by_several_players_is_given_once(alice_client):
    three_emptied = {
        "players": ["Ana", "Ben", "Cy"],
        "rounds": [{"entries": {"Ana": 0, "Ben": 0, "Cy": 0}}],
    }

    html = upload(alice_client, [three_emptied]).html

    assert html.count("Only one player can empty their hand") == 1


@pytest.mark.engine
def test_importing_the_same_backup_twice_adds_its_games_once(alice_client, make_game, bob_client):
    make_game(rounds=FINISHED)
    make_game(names=("Ana", "Dan"), rounds=[(4, 0)])
    exported = alice_client.get("/history/export.json").getvalue()
    upload(bob_client, exported)
    before = snapshot()

    response = upload(bob_client, exported)

    assert response.imported
    assert snapshot() == before
    html = response.html
    assert "Nothing imported: this file holds 2 games, all already in your history." in html


def test_it_says_how_many_games_were_added_and_how_many_it_already_had(
    alice_client, make_game, bob, bob_client
):
    make_game(rounds=FINISHED)
    make_game(names=("Ana", "Dan"), rounds=[(4, 0)])
    upload(bob_client, alice_client.get("/history/export.json").getvalue())
    make_game(names=("Eve", "Fay"))
    exported = alice_client.get("/history/export.json").getvalue()

    response = upload(bob_client, exported)

    html = response.html
    assert "1 game imported, 2 were already in your history." in html
    assert bob.games.count() == 3


def test_the_count_of_games_already_there_is_in_french_too(alice_client, make_game, bob_client):
    make_game(rounds=FINISHED)
    make_game(names=("Ana", "Dan"), rounds=[(4, 0)])
    exported = alice_client.get("/history/export.json").getvalue()
    bob_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"

    first = upload(bob_client, exported).html
    second = upload(bob_client, json.loads(exported)["games"][:1]).html

    assert "2 parties importées." in first
    assert "Rien n’a été importé\u00a0: ce fichier contient 1 partie, déjà dans" in second


def test_an_account_reimporting_its_own_export_gets_no_copies(alice_client, make_game):
    make_game(rounds=FINISHED)
    before = snapshot()

    response = upload(alice_client, alice_client.get("/history/export.json").getvalue())

    assert snapshot() == before
    html = response.html
    assert "Nothing imported: this file holds 1 game, already in your history." in html


@pytest.mark.engine
def test_each_account_gets_its_own_copy_of_a_game(alice, alice_client, make_game, bob, bob_client):
    game = make_game(rounds=FINISHED)
    exported = alice_client.get("/history/export.json").getvalue()

    upload(bob_client, exported)
    upload(bob_client, exported)

    copy = bob.games.get()
    assert copy.pk != game.pk and copy.uuid == game.uuid
    assert list(alice.games.all()) == [game]
    assert [player.owner for player in copy.players.all()] == [bob, bob, bob]


@pytest.mark.engine
def test_a_game_found_twice_in_one_file_is_added_once(alice_client, make_game, bob, bob_client):
    make_game(rounds=FINISHED)
    exported = exported_games(alice_client)

    response = upload(bob_client, exported * 2)

    assert bob.games.count() == 1
    html = response.html
    assert "1 game imported, 1 was already in your history." in html


@pytest.mark.engine
def test_an_export_written_before_games_carried_a_uuid_is_recognised(
    alice_client, make_game, bob, bob_client
):
    make_game(rounds=FINISHED)
    make_game(names=("Ana", "Dan"), rounds=[(4, 0)])
    old = exported_games(alice_client)
    for item in old:
        del item["uuid"]

    upload(bob_client, old)
    response = upload(bob_client, old)

    assert response.imported
    assert bob.games.count() == 2
    assert "all already in your history" in response.html


@pytest.mark.engine
def test_a_file_without_uuids_or_start_times_imported_twice_adds_nothing(bob, bob_client):
    games = [
        {"players": ["Ana", "Ben"], "rounds": [{"entries": {"Ana": 3, "Ben": 0}}]},
        {"players": ["Ana", "Ben"], "rounds": [{"entries": {"Ana": 4, "Ben": 0}}]},
        {"players": ["Ben", "Ana"], "rounds": [{"entries": {"Ana": 3, "Ben": 0}}]},
        {"players": ["Ana", "Ben"], "rounds": []},
    ]

    upload(bob_client, games)
    response = upload(bob_client, games)

    assert bob.games.count() == 4  # told apart by their players, seats and rounds
    html = response.html
    assert "Nothing imported: this file holds 4 games, all already in your history." in html


@pytest.mark.engine
def test_a_held_game_does_not_let_a_refused_one_through(alice_client, make_game, bob_client):
    make_game(rounds=FINISHED)
    good = exported_games(alice_client)[0]
    upload(bob_client, [good])
    bad = {"players": ["Ana", "Ben"], "rounds": [{"entries": {"Ana": 32, "Ben": 0}}]}
    before = snapshot()

    response = upload(bob_client, [good, bad])

    assert response.refused
    assert "Game 2: Round 1: 32 is too many" in response.html
    assert snapshot() == before


def test_a_game_identifier_that_is_not_a_uuid_is_refused(alice_client):
    game = {"uuid": "game-1", "players": ["Ana", "Ben"], "rounds": []}

    response = upload(alice_client, [game])

    assert response.refused
    assert "Game 1: “game-1” is not a game identifier (a UUID)." in response.html
    assert snapshot() == (0, 0, 0, 0)


def a_game(**fields):
    return {"players": ["Ana", "Ben"], "rounds": [{"entries": {"Ana": 3, "Ben": 0}}]} | fields


@pytest.mark.parametrize(
    "moment",
    ["9999-12-31T23:59:59+00:00", "0001-01-01T00:00:00+14:00", "1999-12-31T23:59:59+00:00",
     "2999-01-01T00:00:00"],
)  # fmt: skip
def test_a_start_outside_sane_dates_is_refused_naming_the_game(alice_client, moment):
    response = upload(alice_client, [a_game(), a_game(id=7, started_at=moment)])

    assert response.refused
    assert (
        f"Game 2 (id 7): it started on “{moment}”, which is not between 2000 and tomorrow."
        in response.html
    )
    assert snapshot() == (0, 0, 0, 0)


def test_a_round_saved_outside_sane_dates_is_refused(alice_client):
    game = a_game(rounds=[{"entries": {"Ana": 3, "Ben": 0}, "saved_at": "9999-12-31T23:59:59Z"}])

    response = upload(alice_client, [game])

    assert response.refused
    assert (
        "Game 1: Round 1 was saved on “9999-12-31T23:59:59Z”, which is not between 2000 and "
        "tomorrow." in response.html
    )
    assert snapshot() == (0, 0, 0, 0)


@pytest.mark.engine
def test_dates_from_2000_to_tomorrow_are_stored(alice_client, alice):
    soon = (timezone.now() + timedelta(hours=23)).isoformat()
    saved = {"entries": {"Ana": 3, "Ben": 0}, "saved_at": soon}
    upload(alice_client, [a_game(started_at="2000-01-01T00:00:00+00:00", rounds=[saved])])

    game = alice.games.get()
    assert game.created_at == datetime(2000, 1, 1, tzinfo=UTC)
    assert game.rounds.get().created_at.isoformat() == soon
    for page in ("/en/", "/history/", "/history/export.csv"):
        assert alice_client.get(page).status_code == 200


@pytest.fixture
def steps_of_one_game(monkeypatch):
    """A batch for each game."""
    monkeypatch.setattr(restore, "FIRST_BATCH_ROWS", 1)
    monkeypatch.setattr(restore, "next_size", lambda rows, seconds: 1)


def five_games():
    return [a_game(uuid=str(uuid.uuid4()), rounds=[{"entries": {"Ana": n, "Ben": 0}}])
            for n in range(1, 6)]  # fmt: skip


@pytest.mark.engine
def test_the_games_stay_out_of_sight_until_the_last_step(
    alice, alice_client, steps_of_one_game, monkeypatch
):
    real, seen = restore._write, []

    def looking(owner, batch, job, nights):
        written = real(owner, batch, job, nights)
        seen.append((alice.games.count(), Game.including_imports.filter(importing=job).count()))
        seen.append(len(tags(alice_client.get("/history/").text, class_="history-row")))
        return written

    monkeypatch.setattr(restore, "_write", looking)

    response = upload(alice_client, five_games())

    assert seen[::2] == [(0, 1), (0, 2), (0, 3), (0, 4), (0, 5)]
    assert seen[1::2] == [0] * 5
    assert response.imported and response.job.done == response.job.total == 5
    assert "5 games imported." in response.html
    assert alice.games.count() == 5


@pytest.mark.engine
def test_an_import_that_fails_says_so_and_keeps_nothing(
    alice, alice_client, steps_of_one_game, monkeypatch
):
    real = restore._write

    def one_player_twice(owner, batch, job, nights):
        if Game.including_imports.filter(importing=job).count() == 3:
            raise SamePlayer("Ana")
        return real(owner, batch, job, nights)

    monkeypatch.setattr(restore, "_write", one_player_twice)

    response = upload(alice_client, five_games())

    assert (
        "Nothing was imported: Ana and another name of one game are one player of your roster."
        in text(response.html)
    )
    assert snapshot() == (0, 0, 0, 0)


@pytest.mark.engine
def test_an_import_the_database_refuses_keeps_nothing(
    alice, alice_client, steps_of_one_game, monkeypatch
):
    real = restore._write

    def locked(owner, batch, job, nights):
        if Game.including_imports.filter(importing=job).count() == 2:
            raise OperationalError("database is locked")
        return real(owner, batch, job, nights)

    monkeypatch.setattr(restore, "_write", locked)

    response = upload(alice_client, five_games())

    assert "Nothing was imported: the database refused a write. Try again later." in text(
        response.html
    )
    assert snapshot() == (0, 0, 0, 0)


def test_the_next_batch_is_sized_on_the_time_the_last_one_took():
    target = restore.BATCH_SECONDS
    assert restore.next_size(1000, target / 2) == 2000
    assert restore.next_size(1000, target * 4) == 250
    assert restore.next_size(1000, 0) == 20_000
    assert restore.next_size(1000, 100) == 100


def test_a_file_with_more_numbers_than_an_import_writes_is_refused(alice_client, monkeypatch):
    monkeypatch.setattr(stream, "MAX_ENTRIES", 7)

    response = upload(alice_client, [a_game(uuid=str(uuid.uuid4())) for _ in range(4)])

    assert response.refused
    assert "This file holds more than 7 numbers typed; at most 7 can be imported at once." in (
        response.html
    )
    assert snapshot() == (0, 0, 0, 0)


# An export written before the app knew other games than L.L.A.M.A.: no "game", no "uuid".
OLD_EXPORT = [
    {
        "id": 7,
        "started_at": "2026-02-01T20:00:00+00:00",
        "players": ["Ana", "Ben", "Cleo"],
        "first_starter": "Ben",
        "rounds": [
            {
                "number": 1,
                "entries": {"Ana": 31, "Ben": 0, "Cleo": 12},
                "points": {"Ana": 31, "Ben": 0, "Cleo": 12},
                "last_to_quit": None,
                "saved_at": "2026-02-01T20:05:00+00:00",
            },
            {
                "number": 2,
                "entries": {"Ana": 20, "Ben": 3, "Cleo": -10},
                "points": {"Ana": 20, "Ben": 3, "Cleo": -10},
                "last_to_quit": None,
                "saved_at": "2026-02-01T20:09:00+00:00",
            },
        ],
        "totals": {"Ana": 51, "Ben": 3, "Cleo": 2},
        "finished": True,
        "winners": ["Cleo"],
        "next_starter": None,
    }
]


def test_an_export_from_before_the_other_games_imports_as_lama(alice, alice_client):
    response = upload(alice_client, OLD_EXPORT)

    assert response.imported
    game = Game.objects.get(owner=alice)
    assert game.kind == "lama"
    assert game.state.totals == (51, 3, 2)
    assert [game.names[seat] for seat in game.state.winners] == ["Cleo"]


def test_an_old_export_is_checked_by_the_rules_of_lama(alice_client):
    old = json.loads(json.dumps(OLD_EXPORT))
    old[0]["rounds"][0]["entries"]["Ana"] = 51  # a Lato z komarami hand: not in L.L.A.M.A.
    del old[0]["totals"]
    before = snapshot()

    response = upload(alice_client, old)

    assert response.refused
    assert "Round 1: 51 is too many: a hand costs at most 31 points (1+2+3+4+5+6+10)." in (
        response.html
    )
    assert snapshot() == before


@pytest.mark.engine
@pytest.mark.parametrize(
    ("kind", "rounds"),
    [
        ("lato", [(21, 0, 31), (-10, 40, 3)]),  # two llamas at 10 each, then a return
        ("llama_llama", [(60, 10, 5), (30, 30, 30), (0, 999, 12)]),
        ("party", [(23, 5, 31), (-20, 51, 3)]),  # a pink chip given back, the pink llama
    ],
)
def test_a_game_of_every_kind_comes_back_from_its_backup(
    alice_client, make_game, bob, bob_client, kind, rounds
):
    make_game(rounds=rounds, kind=kind)
    exported = exported_games(alice_client)

    assert upload(bob_client, exported).imported

    game = Game.objects.get(owner=bob)
    assert game.kind == kind
    (restored,) = exported_games(bob_client)
    assert restored["game"] == kind
    assert without_ids(restored) == without_ids(exported[0])


@pytest.mark.parametrize("game", ["chess", "LAMA", 5, None, ["lama"]])
def test_a_game_it_does_not_know_is_refused_by_name(alice_client, game):
    item = {"game": game, "players": ["Ana", "Ben"], "rounds": []}

    response = upload(alice_client, [item])

    assert response.refused
    assert "is not a game Scorekeeper knows (lama, lato, llama_llama, party)." in response.html
    assert not Game.objects.exists()


@pytest.mark.parametrize(("game", "shown"), [("chess", "chess"), (None, "null"), (5, "5")])
def test_the_unknown_game_is_named_as_the_file_writes_it(alice_client, game, shown):
    response = upload(alice_client, [{"id": 4, "game": game, "players": ["Ana", "Ben"]}])

    assert f"Game 1 (id 4): “{shown}” is not a game Scorekeeper knows" in response.html


@pytest.mark.parametrize(
    ("item", "message"),
    [
        (
            {"game": "llama_llama", "players": ["Ana", "Ben", "Cleo", "Dan", "Eve"]},
            "Llama Llama is played by 2 to 4 players.",
        ),
        (
            {
                "game": "llama_llama",
                "players": ["Ana", "Ben"],
                "rounds": [{"entries": {"Ana": 10, "Ben": 20}}] * 5,
            },
            "Llama Llama ends after round 4, its last, so round 5 could not have been played.",
        ),
        (
            {
                "game": "llama_llama",
                "players": ["Ana", "Ben"],
                "rounds": [{"entries": {"Ana": -1, "Ben": 20}}],
            },
            "Round 1: −1 is not possible: a score is 0 or more.",
        ),
        (
            {
                "game": "lato",
                "players": ["Ana", "Ben"],
                "rounds": [{"entries": {"Ana": 92, "Ben": 0}}],
            },
            "Round 1: 92 is too many: a hand costs at most 91 points "
            "(1+2+3+4+5+6, plus 7 mosquitoes at 10 each: 70).",
        ),
    ],
)
def test_a_game_is_read_back_by_its_own_rules(alice_client, item, message):
    response = upload(alice_client, [item])

    assert response.refused
    assert message in response.html
    assert not Game.objects.exists()
