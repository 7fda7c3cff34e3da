"""A night's page, its picture and JSON, the group's table, a player's ranking and head to
head, two players compared, the home page's night: all derived from the stored games."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from openskill.models import PlackettLuce

from games.models import Game, Night
from games.services.games import delete_game
from games.services.players import merge_players, rename_player, roster_player
from tests.helpers import worlds
from tests.helpers.pagetext import tags
from tests.helpers.sheet import post_round

pytestmark = pytest.mark.django_db

NEW = {f"player_{i}": "" for i in range(6)} | {"starter": "0", "game": "lama"}
CLEO_WINS = [(31, 0, 12), (20, 3, -10)]  # Ana 51, Ben 3, Cleo 2
ANA_WINS = [(12, 31, 0), (-10, 20, 3)]  # Ana 2, Ben 51, Cleo 3


def play(client, rounds, names=("Ana", "Ben", "Cleo")):
    """A game started and played through the forms, as at the table."""
    seats = {f"player_{i}": name for i, name in enumerate(names)}
    assert client.post("/games/new/", NEW | seats).status_code == 302
    game = Game.objects.order_by("-pk").first()
    for values in rounds:
        assert post_round(client, game, *values).status_code == 302
        game = Game.objects.get(pk=game.pk)
    return game


@pytest.fixture(scope="module")
def module_world(django_db_setup, django_db_blocker):
    """alice and her night of four games, played once for the module's tests through the forms
    (tests/helpers/worlds.py): each test plays, edits or deletes in a savepoint of its own."""
    with worlds.for_the_module(django_db_blocker):
        (alice,) = worlds.users("alice")
        client = Client()
        client.force_login(alice)
        games = [play(client, rounds) for rounds in (CLEO_WINS, ANA_WINS, CLEO_WINS, CLEO_WINS)]
        yield {"alice": alice.pk, "games": [game.pk for game in games]}


@pytest.fixture
def alice(db, module_world):
    """The module's alice (tests/conftest.py's alice_client and make_game take her), read
    afresh: a test may change her."""
    return get_user_model().objects.get(pk=module_world["alice"])


@pytest.fixture
def night_of_four(alice, module_world):
    return [Game.objects.get(pk=pk) for pk in module_world["games"]]


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Winner of the night: Cleo"), ("fr", "Victoire de la soirée : Cleo")],
)
def test_a_night_of_four_games_names_its_winner(alice_client, night_of_four, language, words):
    night = Night.objects.get()
    assert {game.night_id for game in night_of_four} == {night.pk}
    alice_client.cookies["django_language"] = language
    page = alice_client.get(f"/nights/{night.pk}/").content.decode()
    assert words.replace(" :", "\u00a0:") in page or words in page
    assert page.index(f"/games/{night_of_four[0].pk}/") < page.index(
        f"/games/{night_of_four[3].pk}/"
    )


def test_the_nights_standings_count_wins_and_the_sum_of_finals(alice_client, night_of_four):
    night = Night.objects.get()
    data = alice_client.get(f"/nights/{night.pk}.json").json()
    rows = data["standings"]["lama"]
    assert [(r["place"], r["name"], r["sole_wins"], r["sum_of_finals"]) for r in rows] == [
        (1, "Cleo", 3, 2 + 3 + 2 + 2),
        (2, "Ana", 1, 51 + 2 + 51 + 51),
        (3, "Ben", 0, 3 + 51 + 3 + 3),
    ]
    assert [game["winners"] for game in data["games"]] == [["Cleo"], ["Ana"], ["Cleo"], ["Cleo"]]


def test_the_picture_of_a_night_is_a_png(alice_client, night_of_four):
    night = Night.objects.get()
    for language in ("en", "fr"):
        alice_client.cookies["django_language"] = language
        response = alice_client.get(f"/nights/{night.pk}/night.png")
        assert response.status_code == 200
        assert response["Content-Type"] == "image/png"
        assert response.content.startswith(b"\x89PNG")


def test_another_accounts_night_is_a_404(client, bob, make_game):
    theirs = make_game(owner=bob)
    alice = get_user_model().objects.create_user("carol", password="x-correct-horse")
    client.force_login(alice)
    for path in ("/", ".json", "/night.png"):
        url = f"/nights/{theirs.night_id}{path}"
        assert client.get(url).status_code == 404


def openskill_by_hand(matches):
    model, held = PlackettLuce(), {}
    for players, ranks in matches:
        teams = [[held.get(p) or model.rating()] for p in players]
        for player, (new,) in zip(players, model.rate(teams, ranks=ranks), strict=True):
            held[player] = new
    return held


def test_standings_json_agrees_with_openskill_on_the_same_games(alice_client, night_of_four):
    data = alice_client.get("/standings.json").json()
    places = {"cleo": ([3, 2, 1],), "ana": ([1, 3, 2],)}
    matches = [(["Ana", "Ben", "Cleo"], places["cleo" if rounds is CLEO_WINS else "ana"][0])
               for rounds in (CLEO_WINS, ANA_WINS, CLEO_WINS, CLEO_WINS)]  # fmt: skip
    expected = openskill_by_hand(matches)
    rows = data["lama"]
    best = sorted(expected, key=lambda name: -expected[name].ordinal())
    assert [row["name"] for row in rows] == best
    for row in rows:
        assert row["mu"] == pytest.approx(expected[row["name"]].mu)
        assert row["sigma"] == pytest.approx(expected[row["name"]].sigma)
        assert row["ordinal"] == pytest.approx(expected[row["name"]].ordinal())
    assert (rows[0]["games"], rows[0]["wins"]) == (4, 3)


def test_the_table_lists_players_below_the_threshold_apart(alice_client, night_of_four):
    play(alice_client, CLEO_WINS, names=("Ana", "Dan", "Cleo"))
    page = alice_client.get("/table/").content.decode()
    assert "Not ranked yet" in page
    assert "1 more finished game to play" in page
    assert "Dan" not in json.dumps(alice_client.get("/standings.json").json())


def ranked(client):
    return [row["name"] for row in client.get("/standings.json").json().get("lama", [])]


def mus(client):
    return {row["name"]: row["mu"] for row in client.get("/standings.json").json()["lama"]}


def wins(client):
    return {row["name"]: row["wins"] for row in client.get("/standings.json").json()["lama"]}


def test_the_table_follows_an_edit_a_deletion_a_rename_and_a_merge(alice_client, night_of_four):
    assert ranked(alice_client)[0] == "Cleo"
    last = night_of_four[-1]
    # Round 2 of the last game edited on the sheet: Cleo passes 40, Ben wins it instead.
    response = alice_client.post(
        f"/games/{last.pk}/rounds/2/edit/",
        {"round_number": 2, "seat_0": 20, "seat_1": 3, "seat_2": 30, "last_to_quit": 0},
    )
    assert response.status_code == 302
    assert wins(alice_client) == {"Ana": 1, "Ben": 1, "Cleo": 2}
    delete_game(last)
    assert wins(alice_client) == {"Ana": 1, "Ben": 0, "Cleo": 2}
    cleo = Game.objects.get(pk=night_of_four[0].pk).seats[2].player
    rename_player(cleo, "Cléo")
    assert ranked(alice_client)[0] == "Cléo"
    dan = roster_player(cleo.owner, "Dan")
    play(alice_client, [], names=("Dan", "Zoé"))
    merge_players(cleo, dan)
    assert ranked(alice_client)[0] == "Dan"


def test_an_admin_edit_that_changes_a_winner_changes_the_table(client, alice, night_of_four):
    from tests.helpers.admin import edit_round

    alice.is_staff = alice.is_superuser = True
    alice.save()
    client.force_login(alice)
    before = mus(client)
    for game in night_of_four[2:]:  # Cleo passes 40 in round 2: Ben wins
        response = edit_round(client, game, 2, Cleo=30)
        assert response.status_code == 302
    assert wins(client) == {"Ana": 1, "Ben": 2, "Cleo": 1}
    assert mus(client)["Ben"] > before["Ben"]


def test_a_players_page_shows_their_rating_chart_and_head_to_head(alice_client, night_of_four):
    cleo = night_of_four[0].seats[2].player
    page = alice_client.get(f"/players/{cleo.pk}/").content.decode()
    assert tags(page, id="rating-chart-lama-title")
    assert "4 games together, Cleo ahead 3, Ana ahead 1, same place 0" in page


def test_two_players_compared_side_by_side(alice_client, night_of_four):
    cleo, ana = night_of_four[0].seats[2].player, night_of_four[0].seats[0].player
    response = alice_client.get(f"/players/{cleo.pk}/compare/", {"other": ana.pk})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Cleo and Ana" in page and "4 games together, 0 of them with the same place." in page
    assert tags(page, "label", for_="id_other")


@pytest.mark.parametrize("other", ["junk", "999999"])
def test_a_comparison_with_no_such_player_is_refused_with_422(alice_client, night_of_four, other):
    cleo = night_of_four[0].seats[2].player
    response = alice_client.get(f"/players/{cleo.pk}/compare/", {"other": other})
    assert response.status_code == 422


def test_the_home_page_shows_tonights_night_while_it_lasts(alice_client, night_of_four, settings):
    page = alice_client.get("/en/").content.decode()
    assert "Tonight" in page and "Winner of the night: Cleo" in page
    settings.NIGHT_GAP_HOURS = 0
    assert "Tonight" not in alice_client.get("/en/").content.decode()


def test_tonight_stays_tonights_after_a_rematch_of_an_old_game(
    alice_client, night_of_four, make_game
):
    from datetime import timedelta

    old = make_game(names=("Ana", "Ben"), rounds=[(31, 0), (20, 3)])
    weeks_ago = old.created_at - timedelta(weeks=4)
    Game.objects.filter(pk=old.pk).update(created_at=weeks_ago)
    old.rounds.update(created_at=weeks_ago)
    old.settle()  # ended weeks ago too, as the rules decide it
    old_night = Night.objects.create(owner=old.owner, start=weeks_ago, label="Chez Mamie")
    Game.objects.filter(pk=old.pk).update(night=old_night)
    alice_client.post(f"/games/{old.pk}/rematch/")
    rematch = Game.objects.order_by("-pk").first()
    assert rematch.night_id == night_of_four[0].night_id
    page = alice_client.get("/en/").content.decode()
    assert "Chez Mamie" not in page and "Tonight's night: 5 games" in page


def test_the_history_lists_by_night(alice_client, night_of_four):
    page = alice_client.get("/nights/").content.decode()
    assert f"/nights/{night_of_four[0].night_id}/" in page
    assert "4 games" in page


def test_an_import_rebuilds_the_table_and_the_nights(alice_client, night_of_four, bob):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client

    exported = alice_client.get("/history/export.json").getvalue()
    bob_client = Client()
    bob_client.force_login(bob)
    file = SimpleUploadedFile("backup.json", exported, content_type="application/json")
    assert bob_client.post("/history/import/", {"backup": file}).status_code == 302
    assert bob_client.get("/standings.json").json() == alice_client.get("/standings.json").json()
    night = bob.nights.get()
    mine = alice_client.get(f"/nights/{night_of_four[0].night_id}.json").json()
    theirs = bob_client.get(f"/nights/{night.pk}.json").json()
    assert theirs["standings"] == mine["standings"]


def test_the_rule_page_works_out_three_games_with_the_tables_code(client):
    from games.reports import ratings, rows
    from games.rulebook import table

    page = client.get("/en/rules/table/").content.decode()
    last = table.example()[-1]
    matches = [ratings.match_of(table.RULES.fold(len(p), r), p) for p, r in table.GAMES]
    assert last.rows == tuple(ratings.rate(matches, ranked_after=1).ranked)
    for row in last.rows:
        assert f"<td>{rows.shown_rating(row.ordinal):,}</td>" in page
    french = client.get("/fr/rules/table/").content.decode()
    shown = f"{rows.shown_rating(last.rows[0].ordinal):,}".replace(",", "\u00a0")
    assert "Trois parties, pas à pas" in french and f"<td>{shown}</td>" in french
