import json
from datetime import UTC, datetime, timedelta
from urllib.parse import unquote

import pytest

from games.archive import bgstats
from games.models import Game
from tests.helpers.pagetext import tags
from tests.helpers.sheet import FINISHED


@pytest.mark.engine
def test_the_play_json_has_the_fields_bg_stats_reads(alice_client, make_game):
    game = make_game(rounds=FINISHED, first_starter=1)
    start = datetime(2026, 5, 2, 18, 30, tzinfo=UTC)
    Game.objects.filter(pk=game.pk).update(created_at=start)
    game.rounds.filter(number=2).update(created_at=start + timedelta(minutes=21))

    response = alice_client.get(f"/games/{game.pk}/bgstats.json")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "sourceName": "Scorekeeper",
        "sourcePlayId": str(game.pk),
        "playDate": "2026-05-02 20:30:00",  # Europe/Paris
        "durationMin": 21,
        "game": {"name": "L.L.A.M.A.", "bggId": 266083, "highestWins": False, "noPoints": False},
        "players": [
            {"name": "Ana", "score": 51, "winner": False, "startPlayer": False},
            {"name": "Ben", "score": 3, "winner": False, "startPlayer": True},
            {"name": "Cleo", "score": 2, "winner": True, "startPlayer": False},
        ],
    }


def test_a_shared_victory_marks_every_winner(make_game):
    game = make_game(rounds=[(20, 20, 31), (5, 5, 12)])

    players = bgstats.play(game)["players"]

    assert [p["winner"] for p in players] == [True, True, False]


def test_the_push_link_carries_the_same_json(make_game):
    game = make_game(names=("Zoé", "Ben & co"), rounds=[(31, 0), (12, 4)])

    url = bgstats.push_url(game)

    assert url.startswith("bgstats://app.bgstatsapp.com/addPlay.html?data=")
    data = url.split("data=", 1)[1]
    assert "&" not in data and " " not in data
    assert json.loads(unquote(data)) == bgstats.play(game)


def test_a_finished_game_offers_both(alice_client, make_game):
    game = make_game(rounds=FINISHED)

    html = alice_client.get(f"/games/{game.pk}/").content.decode()

    links = [link["href"] for link in tags(html, "a", href=True)]
    assert any(href.startswith("bgstats://app.bgstatsapp.com/addPlay.html?data=") for href in links)
    assert f"/games/{game.pk}/bgstats.json" in links


def test_a_game_in_progress_has_nothing_to_send(alice_client, make_game):
    game = make_game(rounds=[(3, 0, 5)])

    assert alice_client.get(f"/games/{game.pk}/bgstats.json").status_code == 404
    assert "bgstats://" not in alice_client.get(f"/games/{game.pk}/").content.decode()


@pytest.mark.parametrize(
    ("kind", "rounds", "record"),
    [
        (
            "lama",
            FINISHED,
            {"name": "L.L.A.M.A.", "bggId": 266083, "highestWins": False, "noPoints": False},
        ),
        (
            "lato",
            [(21, 0, 51)],
            {"name": "Lato z komarami", "highestWins": False, "noPoints": False},
        ),
        (
            "llama_llama",
            [(60, 10, 5), (44, 20, 8)],
            {"name": "Llama Llama", "highestWins": True, "noPoints": False},
        ),
        (
            "party",
            [(51, 0, 23)],
            {"name": "L.A.M.A. Party Edition", "highestWins": False, "noPoints": False},
        ),
    ],
)
def test_each_game_is_sent_under_its_own_name(make_game, kind, rounds, record):
    play = bgstats.play(make_game(rounds=rounds, kind=kind))

    assert play["game"] == record


def test_the_highest_total_wins_in_llama_llama(make_game):
    game = make_game(rounds=[(60, 10, 5), (44, 20, 8)], kind="llama_llama")

    players = bgstats.play(game)["players"]

    assert [(p["score"], p["winner"]) for p in players] == [(104, True), (30, False), (13, False)]


def test_only_a_game_with_a_starter_says_who_started(make_game):
    lato = bgstats.play(make_game(rounds=[(21, 0, 51)], kind="lato", first_starter=2))
    llama_llama = bgstats.play(make_game(rounds=[(60, 10, 50), (44, 20, 8)], kind="llama_llama"))

    assert [p["startPlayer"] for p in lato["players"]] == [False, False, True]
    assert all("startPlayer" not in p for p in llama_llama["players"])
