"""A game's place and note: written on its sheet, shown and searched in the history, and
carried by its JSON, the CSV, backups and BG Stats."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from pytest_django.asserts import assertInHTML

from games.archive import bgstats
from games.models import Game
from games.services.games import set_venue_and_note
from tests.helpers.pagetext import tags, text

FINISHED = [(31, 0, 12), (20, 3, -10)]


def about(client, game, venue="", note=""):
    return client.post(f"/games/{game.pk}/about/", {"venue": venue, "note": note})


def test_it_saves_the_place_and_the_note_and_shows_them(alice_client, make_game):
    game = make_game(rounds=[(3, 0, 12)])

    response = about(alice_client, game, "  Chez   Anaïs ", "Revanche dimanche\r\n\r\navec Zoé")

    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    assert (game.venue, game.note) == ("Chez Anaïs", "Revanche dimanche\navec Zoé")
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    assert "Chez Anaïs" in page
    assertInHTML("Revanche dimanche<br>avec Zoé", page)


def test_a_finished_game_takes_them_too(alice_client, make_game):
    game = make_game(rounds=FINISHED)

    assert about(alice_client, game, "Lyon").status_code == 302
    assert Game.objects.get(pk=game.pk).venue == "Lyon"


def test_the_sheet_offers_the_form_with_labels(alice_client, make_game):
    game = make_game()

    page = alice_client.get(f"/games/{game.pk}/").content.decode()

    assert tags(page, "form", action=f"/games/{game.pk}/about/")
    assertInHTML('<label for="id_venue">Place</label>', page)
    assertInHTML('<label for="id_note">Note</label>', page)


@pytest.mark.parametrize(
    ("place", "note", "field"),
    [
        ("Chez\u202eAnaïs", "", "venue"),  # a direction character
        ("", "ok\n\u200bhidden", "note"),  # a zero-width space on its second line
        ("x" * 61, "", "venue"),
        ("", "x" * 501, "note"),
    ],
)
def test_it_refuses_what_it_cannot_keep_next_to_the_field(
    alice_client, make_game, place, note, field
):
    game = make_game()

    response = about(alice_client, game, place, note)

    assert response.status_code == 422
    page = response.content.decode()
    assert tags(page, "ul", class_="errors", id=f"id_{field}_error")
    described_by = tags(page, id=f"id_{field}")[0].get("aria-describedby", "").split()
    assert f"id_{field}_error" in described_by
    assert tags(page, "details", open=True)
    game.refresh_from_db()
    assert (game.venue, game.note) == ("", "")


def test_it_answers_post_only(alice_client, make_game):
    assert alice_client.get(f"/games/{make_game().pk}/about/").status_code == 405


def test_a_note_is_no_new_version_so_no_round_is_refused_as_stale(alice_client, make_game):
    game = make_game(rounds=[(3, 0, 12)])
    version = Game.objects.get(pk=game.pk).version

    about(alice_client, game, "Lyon", "Café")

    assert Game.objects.get(pk=game.pk).version == version


def test_the_picture_shows_a_new_place(alice_client, make_game):
    game = make_game(rounds=FINISHED)
    first = alice_client.get(f"/games/{game.pk}/result.png")

    about(alice_client, game, "Lyon")
    again = alice_client.get(
        f"/games/{game.pk}/result.png", headers={"if-none-match": first["ETag"]}
    )

    assert again.status_code == 200 and again.content != first.content


def test_the_history_shows_them(alice_client, make_game):
    game = make_game(rounds=FINISHED)
    set_venue_and_note(game, "Chez Anaïs", "Revanche dimanche")

    page = text(alice_client.get("/history/").content.decode())

    assert "Chez Anaïs · Revanche dimanche" in page


@pytest.mark.engine
@pytest.mark.parametrize(
    "words",
    ["anaïs", "CHEZ ANAÏS", "dimanche", "REVANCHE DIM", "Été", "anais", "ete", "zoe", "LODZ"],
)
def test_the_history_finds_games_by_place_or_note_whatever_the_case_and_accents(
    alice_client, make_game, words
):
    found = make_game(rounds=FINISHED)
    set_venue_and_note(found, "Chez Anaïs", "Revanche dimanche, l’été, Zoé, Łódź")
    other = make_game(rounds=FINISHED)
    set_venue_and_note(other, "Lyon", "Café 100%")

    response = alice_client.get("/history/", {"search": words})

    page = response.content.decode()
    assert tags(page, "a", href=f"/games/{found.pk}/")
    assert not tags(page, href=f"/games/{other.pk}/")


def test_the_search_field_has_a_label_and_keeps_what_was_typed(alice_client):
    page = alice_client.get("/history/", {"search": "Lyon"}).content.decode()

    assertInHTML('<label for="id_search">Place or note</label>', page)
    assert tags(page, "input", id="id_search", type="search", value="Lyon")


def test_the_json_has_them(alice_client, make_game):
    game = make_game(rounds=FINISHED)
    set_venue_and_note(game, "Lyon", "Café\ncrème")

    data = alice_client.get(f"/games/{game.pk}.json").json()

    assert (data["place"], data["note"]) == ("Lyon", "Café\ncrème")


def test_the_csv_has_them_on_each_row_and_safe(alice_client, make_game):
    game = make_game(rounds=FINISHED)
    set_venue_and_note(game, "=Lyon", "Café")

    response = alice_client.get("/history/export.csv")
    lines = b"".join(response.streaming_content).decode("utf-8-sig").splitlines()

    assert lines[0].endswith(",place,note")
    assert all(line.endswith(",'=Lyon,Café") for line in lines[1:])


def upload(client, data):
    file = SimpleUploadedFile("backup.json", json.dumps(data).encode(), "application/json")
    return client.post("/history/import/", {"backup": file})


@pytest.mark.engine
def test_a_backup_brings_them_back(alice_client, client, bob, make_game):
    game = make_game(rounds=FINISHED)
    set_venue_and_note(game, "Chez Anaïs", "Revanche\ndimanche")
    exported = json.loads(b"".join(alice_client.get("/history/export.json").streaming_content))[
        "games"
    ]
    client.force_login(bob)

    assert upload(client, exported).status_code == 302

    restored = bob.games.get()
    assert (restored.venue, restored.note) == ("Chez Anaïs", "Revanche\ndimanche")
    assert exported[0]["place"] == "Chez Anaïs"  # the key of before Game.venue, kept


@pytest.mark.engine
def test_a_backup_written_before_the_venue_was_renamed_restores_it(client, bob):
    """A file as the export wrote it when the field was Game.place."""
    written = {
        "game": "lama", "players": ["Ana", "Ben"], "started_at": "2026-01-02T20:00:00+00:00",
        "rounds": [{"number": 1, "entries": {"Ana": 3, "Ben": 0}, "last_to_quit": None,
                    "saved_at": "2026-01-02T20:05:00+00:00"}],
        "place": "Chez Anaïs", "note": "Revanche",
    }  # fmt: skip
    client.force_login(bob)

    assert upload(client, [written]).status_code == 302
    assert bob.games.values_list("venue", "note").get() == ("Chez Anaïs", "Revanche")


@pytest.mark.engine
def test_a_backup_from_before_them_still_imports(alice_client, make_game, bob, client):
    make_game(rounds=FINISHED)
    exported = json.loads(b"".join(alice_client.get("/history/export.json").streaming_content))[
        "games"
    ]
    for item in exported:
        del item["place"], item["note"]
    client.force_login(bob)

    assert upload(client, exported).status_code == 302
    assert (bob.games.get().venue, bob.games.get().note) == ("", "")


@pytest.mark.engine
@pytest.mark.parametrize(
    ("place", "note", "says"),
    [
        (12, "", "its place must be text."),
        ("", "x" * 501, "its note must have at most 500 characters."),
        ("Chez\u202eAnaïs", "", "its place holds an invisible or control character."),
    ],
)
def test_a_backup_with_a_place_or_note_it_cannot_keep_is_refused(
    alice_client, make_game, bob, client, place, note, says
):
    make_game(rounds=FINISHED)
    exported = json.loads(b"".join(alice_client.get("/history/export.json").streaming_content))[
        "games"
    ]
    exported[0] |= {"place": place, "note": note}
    client.force_login(bob)

    response = upload(client, exported)

    page = text(client.get(response["Location"]).content.decode())
    assert "Nothing was imported" in page
    assert says in page
    assert not bob.games.exists()


def test_bg_stats_gets_them_as_location_and_comments(make_game):
    game = make_game(rounds=FINISHED)
    set_venue_and_note(game, "Chez Anaïs", "Revanche dimanche")

    play = bgstats.play(game)

    assert play["location"] == "Chez Anaïs"
    assert play["comments"] == "Revanche dimanche"


def test_bg_stats_gets_neither_when_the_game_has_none(make_game):
    play = bgstats.play(make_game(rounds=FINISHED))

    assert "location" not in play and "comments" not in play


@pytest.mark.engine
def test_the_search_takes_percent_signs_as_typed(alice_client, make_game):
    found = make_game(rounds=FINISHED)
    set_venue_and_note(found, "Lyon", "Café 100%")
    other = make_game(rounds=FINISHED)
    set_venue_and_note(other, "Lyon", "Café 1000")

    page = alice_client.get("/history/", {"search": "100%"}).content.decode()

    assert tags(page, "a", href=f"/games/{found.pk}/")
    assert not tags(page, href=f"/games/{other.pk}/")
