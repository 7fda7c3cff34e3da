import json
from datetime import UTC, datetime, timedelta
from urllib.parse import unquote

from games import bgstats
from games.models import Game

FINISHED = [(31, 0, 12), (20, 3, -10)]  # Cleo wins on 2


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

    assert 'href="bgstats://app.bgstatsapp.com/addPlay.html?data=' in html
    assert f'href="/games/{game.pk}/bgstats.json"' in html


def test_a_game_in_progress_has_nothing_to_send(alice_client, make_game):
    game = make_game(rounds=[(3, 0, 5)])

    assert alice_client.get(f"/games/{game.pk}/bgstats.json").status_code == 404
    assert "bgstats://" not in alice_client.get(f"/games/{game.pk}/").content.decode()


def test_it_checks_ownership(alice_client, make_game, bob):
    game = make_game(rounds=FINISHED, owner=bob)

    assert alice_client.get(f"/games/{game.pk}/bgstats.json").status_code == 404
