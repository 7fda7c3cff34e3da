import pytest

from tests.helpers.pagetext import tags

pytestmark = pytest.mark.django_db


def test_the_page_links_to_its_json(alice_client, make_game):
    game = make_game()
    body = alice_client.get(game.get_absolute_url()).content.decode()
    json_link = {"rel": "alternate", "type": "application/json", "href": f"/games/{game.pk}.json"}
    assert json_link in tags(body, "link")


def test_it_describes_a_game_in_progress(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, -1, 7]])
    data = alice_client.get(f"/games/{game.pk}.json").json()
    assert data.pop("started_at") == game.created_at.isoformat()
    assert data.pop("night") == {
        "id": game.night_id,
        "start": game.night.start.isoformat(),
        "label": "",
    }
    assert [r.pop("saved_at") for r in data["rounds"]] == [
        r.created_at.isoformat() for r in game.stored_rounds
    ]
    assert data == {
        "id": game.pk,
        "uuid": str(game.uuid),
        "game": "lama",
        "players": ["Ana", "Ben", "Cleo"],
        "first_starter": "Ana",
        "rounds": [
            {
                "number": 1,
                "entries": {"Ana": 12, "Ben": 0, "Cleo": 5},
                "points": {"Ana": 12, "Ben": 0, "Cleo": 5},
                "last_to_quit": None,
            },
            {
                "number": 2,
                # Ben had no chip to give back: his -1 as typed, counting 0.
                "entries": {"Ana": 3, "Ben": -1, "Cleo": 7},
                "points": {"Ana": 3, "Ben": 0, "Cleo": 7},
                "last_to_quit": None,
            },
        ],
        "totals": {"Ana": 15, "Ben": 0, "Cleo": 12},
        "finished": False,
        "winners": [],
        "next_starter": "Ben",
        "place": "",
        "note": "",
    }


def test_it_names_the_winners_in_seat_order(alice_client, make_game):
    game = make_game(rounds=[[31, 2, 2], [10, 1, 1]])
    data = alice_client.get(f"/games/{game.pk}.json").json()
    assert data["finished"] is True
    assert data["winners"] == ["Ben", "Cleo"]
    assert data["next_starter"] is None


@pytest.mark.parametrize("kind", ["lama", "lato", "llama_llama", "party"])
def test_it_says_which_game_was_played(alice_client, make_game, kind):
    game = make_game(rounds=[[3, 0, 7]], kind=kind)
    assert alice_client.get(f"/games/{game.pk}.json").json()["game"] == kind


def test_a_lato_game_counts_each_llama(alice_client, make_game):
    game = make_game(names=("Ana", "Ben"), rounds=[[21, 0], [0, 30]], kind="lato")
    data = alice_client.get(f"/games/{game.pk}.json").json()
    assert data["totals"] == {"Ana": 21, "Ben": 30}
    assert data["next_starter"] == "Ana"


def test_a_llama_llama_game_has_its_winner_and_nobody_to_start(alice_client, make_game):
    # Ana and Ben tie on 104: Ana scored more in the last round.
    game = make_game(names=("Ana", "Ben"), rounds=[[50, 70], [54, 34]], kind="llama_llama")
    data = alice_client.get(f"/games/{game.pk}.json").json()
    assert data["game"] == "llama_llama"
    assert data["totals"] == {"Ana": 104, "Ben": 104}
    assert (data["finished"], data["winners"], data["next_starter"]) == (True, ["Ana"], None)
    assert [r["points"] for r in data["rounds"]] == [{"Ana": 50, "Ben": 70}, {"Ana": 54, "Ben": 34}]
