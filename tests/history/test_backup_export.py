import codecs
import csv
import io
import json
import re
from itertools import takewhile

import pytest
from django.core.cache import caches
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection
from django.test.utils import CaptureQueriesContext
from pytest_django.asserts import assertInHTML

from games.archive import backup, export
from games.models import Game
from tests.helpers import seeding
from tests.helpers.pagetext import parts, tags
from tests.helpers.sheet import FINISHED


@pytest.mark.engine
def test_the_json_backup_lists_every_game_as_the_game_json(alice_client, make_game):
    games = [make_game(rounds=FINISHED), make_game(names=("Ana", "Dan"), rounds=[(4, 0)])]

    response = alice_client.get("/history/export.json")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert 'attachment; filename="scorekeeper-' in response["Content-Disposition"]
    backup = json.loads(b"".join(response.streaming_content))["games"]
    assert [item["id"] for item in backup] == [games[1].pk, games[0].pk]
    for item in backup:
        assert item == alice_client.get(f"/games/{item['id']}.json").json()


def test_the_game_json_keeps_what_a_restore_needs(alice_client, make_game):
    game = make_game(rounds=FINISHED, first_starter=2)

    data = alice_client.get(f"/games/{game.pk}.json").json()

    assert data["first_starter"] == "Cleo"
    assert data["started_at"].startswith(str(game.created_at.year))
    assert data["rounds"][1]["last_to_quit"] is None
    assert data["rounds"][1]["points"] == {"Ana": 20, "Ben": 3, "Cleo": -10}
    assert data["totals"] == {"Ana": 51, "Ben": 3, "Cleo": 2}


def test_the_csv_has_a_row_per_player_per_round(alice_client, make_game):
    game = make_game(rounds=FINISHED)

    response = alice_client.get("/history/export.csv")

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = read_csv(response)
    assert rows[0] == [
        "game",
        "date",
        "round",
        "seat",
        "player",
        "entry typed",
        "points applied",
        "total after",
        "card game",
        "place",
        "note",
    ]
    assert len(rows) == 1 + 2 * 3
    day = rows[1][1]
    assert rows[6] == [str(game.pk), day, "2", "3", "Cleo", "-10", "-10", "2", "L.L.A.M.A.", "", ""]


def test_a_return_with_no_chip_is_exported_as_typed_and_as_it_counts(alice_client, make_game):
    make_game(names=("Ana", "Ben"), rounds=[(3, -1)])  # Ben had no chip to give back

    rows = read_csv(alice_client.get("/history/export.csv"))

    assert rows[2][4:8] == ["Ben", "-1", "0", "0"]  # typed, counted, total


@pytest.mark.parametrize(
    ("kind", "played"),
    [
        ("lama", "L.L.A.M.A."),
        ("lato", "L.L.A.M.A., Lato z komarami rule"),
        ("llama_llama", "Llama Llama"),
        ("party", "L.A.M.A. Party Edition"),
    ],
)
def test_each_csv_row_says_which_game_was_played(alice_client, make_game, kind, played):
    make_game(names=("Ana", "Ben"), rounds=[(3, 0), (0, 7)], kind=kind)

    rows = read_csv(alice_client.get("/history/export.csv"))

    assert [row[8] for row in rows[1:]] == [played] * 4


def test_the_csv_names_the_game_in_the_readers_language(alice_client, make_game):
    make_game(names=("Ana", "Ben"), rounds=[(3, 0)], kind="lato")

    response = alice_client.get("/history/export.csv", headers={"accept-language": "fr"})

    rows = read_csv(response, delimiter=";")
    assert rows[0][8] == "jeu"
    assert rows[1][8] == "LAMA, règle Lato z komarami"


def read_csv(response, delimiter=","):
    """The CSV as a spreadsheet reads it: UTF-8 after its byte-order mark."""
    return csv_rows(response.getvalue(), delimiter)


def csv_rows(content, delimiter=","):
    assert content.startswith(codecs.BOM_UTF8)
    return list(
        csv.reader(io.StringIO(content.decode("utf-8-sig"), newline=""), delimiter=delimiter)
    )


@pytest.mark.parametrize("name", ["=SUM(A1)", "=1+1", "+1+1", "-1+1", "@SUM(A1)"])
def test_a_name_that_looks_like_a_formula_stays_text(alice_client, make_game, name):
    make_game(names=(name, "Ben"), rounds=[(3, 0)])

    rows = read_csv(alice_client.get("/history/export.csv"))

    assert rows[1][4] == f"'{name}"


FORMULA = re.compile(r"\s*[=+\-@]")
NUMBER = re.compile(r"[+-]?\d+")


@pytest.mark.parametrize("separator", [",", ";", "\t", "|", " "])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_cell_starts_a_formula_whatever_the_separator_it_is_read_with(
    alice_client, make_game, separator, language
):
    make_game(names=("x;=1+2;y", "a,@cmd", "b|-2+3", "Jo +1", "Ana"), rounds=[(3, 0, 5, 1, 2)])
    alice_client.cookies["django_language"] = language

    rows = read_csv(alice_client.get("/history/export.csv"), delimiter=separator)

    cells = [cell for row in rows for cell in row]
    formulas = [c for c in cells if FORMULA.match(c) and not NUMBER.fullmatch(c.strip())]
    assert formulas == []
    assert "Ana" in "".join(cells)


def test_the_csv_opens_in_columns_with_its_accents_in_english(alice_client, make_game):
    make_game(names=("Zoé", "Léon"), rounds=[(3, 0)])

    response = alice_client.get("/history/export.csv")

    rows = read_csv(response, delimiter=",")
    assert rows[0][:3] == ["game", "date", "round"]
    assert [row[4] for row in rows[1:]] == ["Zoé", "Léon"]


def test_the_csv_uses_semicolons_in_french(alice_client, make_game):
    make_game(names=("Zoé", "Léon"), rounds=[(3, 0)])
    alice_client.cookies["django_language"] = "fr"

    response = alice_client.get("/history/export.csv")

    rows = read_csv(response, delimiter=";")
    assert rows[0][:3] == ["partie", "date", "manche"]
    assert [row[4] for row in rows[1:]] == ["Zoé", "Léon"]
    assert {len(row) for row in rows} == {len(rows[0])} and len(rows[0]) > 5


def test_exports_hold_only_the_accounts_games(alice_client, make_game, bob):
    make_game(names=("Zed", "Yan"), rounds=[(3, 0)], owner=bob)

    assert json.loads(exported(alice_client)) == {
        "games": [], "nights": [], "standings": {}, "derived": ["nights", "standings"]
    }  # fmt: skip
    assert "Zed" not in alice_client.get("/history/export.csv").getvalue().decode()


def test_exports_require_login(client):
    assert client.get("/history/export.json").status_code == 302
    assert client.get("/history/export.csv").status_code == 302


def test_history_links_to_the_exports_and_the_import(alice_client):
    html = alice_client.get("/history/").content.decode()

    assert tags(html, "a", href="/history/import/")
    for url, name in [
        ("/history/export.json", "Download a backup of all games (JSON)"),
        ("/history/export.csv", "Download every round for a spreadsheet (CSV)"),
    ]:
        assert tags(html, "form", method="post", action=url)
        [form] = parts(html, "form", action=url)
        assertInHTML(f'<button type="submit">{name}</button>', form)


def exported(client):
    """The JSON backup as the browser receives it, the stream read to its end."""
    response = client.get("/history/export.json")
    assert response.status_code == 200
    assert response.streaming
    return b"".join(response.streaming_content)


@pytest.mark.engine
def test_export_query_count_does_not_grow_with_the_games(alice_client, make_game):
    make_game(rounds=FINISHED)
    exported(alice_client)  # the account's first export opens its counter (an INSERT, once)
    make_game(rounds=FINISHED)  # a change: the table is counted again, as after the five below
    caches["folds"].clear()  # the games are folded again, as they are after a change
    with CaptureQueriesContext(connection) as few:
        exported(alice_client)
    for _ in range(5):
        make_game(rounds=FINISHED)
    caches["folds"].clear()
    with CaptureQueriesContext(connection) as many:
        exported(alice_client)

    assert len(many) == len(few)
    assert Game.objects.count() == 7


@pytest.mark.engine
@pytest.mark.parametrize("count", [0, 1, 3])
def test_the_streamed_backup_is_the_text_of_one_json_dump(alice_client, make_game, count):
    for number in range(count):
        make_game(names=("Zoë", "Łukasz", f"Ana “{number}”"), rounds=FINISHED)
    games = Game.objects.with_rounds()

    text = exported(alice_client).decode()

    # what the export wrote when it was one JsonResponse
    document = json.loads(text)
    assert text == json.dumps(document, indent=1, ensure_ascii=False)
    assert document["games"] == json.loads(json.dumps(backup.as_json(games), cls=DjangoJSONEncoder))


@pytest.mark.engine
def test_the_export_reads_a_chunk_of_games_at_a_time(alice, monkeypatch):
    monkeypatch.setattr(export, "CHUNK", 4)
    seeding.finished_games(alice, seeding.tables(10))

    # what a GET writes (to its file) and the export job too
    parts = iter(export.streamed(alice, "json"))
    with CaptureQueriesContext(connection) as first:
        next(parts), next(parts)
    with CaptureQueriesContext(connection) as rest:
        rest_of_games = "".join(takewhile(lambda part: '"nights":' not in part, parts))

    # the roster's names, then 4 games, their seats, and their rounds with their entries
    assert len(first) == 1 + 3
    assert len(rest) == 3 + 3  # 4 games more, then the last 2
    assert rest_of_games.count('\n   "uuid": ') == 9


def nights_part_queries(owner):
    """The queries of the backup's nights, from the end of its games to the end of the list."""
    parts = iter(export.streamed(owner, "json"))
    for part in parts:
        if '"nights":' in part:
            break
    with CaptureQueriesContext(connection) as nights:
        for part in parts:
            if part == "\n ]":  # the list of nights closed
                break
    return len(nights)


@pytest.mark.engine
def test_the_export_reads_the_nights_a_chunk_at_a_time(alice, monkeypatch):
    seeding.finished_games(alice, seeding.tables(10))  # a day apart: a night each
    assert alice.nights.count() == 10
    caches["folds"].clear()
    at_once = nights_part_queries(alice)
    monkeypatch.setattr(export, "CHUNK", 4)
    caches["folds"].clear()

    # the nights, then their games with their seats, and their rounds: per chunk of nights
    # (4, 4 and 2), not per night
    assert at_once == 3
    assert nights_part_queries(alice) == 3 * at_once


@pytest.mark.engine
def test_games_of_one_moment_across_chunks_are_each_written_once(alice, monkeypatch):
    monkeypatch.setattr(export, "CHUNK", 4)
    seeding.finished_games(alice, seeding.tables(10))
    Game.objects.update(created_at=seeding.START)  # as a backup's games may all say

    written = [game.pk for game in export.account_games(alice)]

    assert written == sorted(Game.objects.values_list("pk", flat=True), reverse=True)
