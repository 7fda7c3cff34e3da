"""The night summaries (the night's page, its picture and JSON, /nights/, the home page's
tonight) read one consistent snapshot: a write of another phone landing between the read's
two halves (the games with their seats, then their folds) gives the page as it was before or
after the write, never a 500."""

import pytest

from games.models import Game
from games.reports import folds
from games.rules import Round
from games.services.games import delete_game
from games.services.rounds import add_round

pytestmark = pytest.mark.django_db

FINAL = (20, 3, -10)  # the round after (31, 0, 12) that ends the game: Cleo wins


@pytest.fixture
def night(make_game):
    make_game(rounds=[(10, 10, 20), (10, 10, 25)])
    return make_game(rounds=[(31, 0, 12)])  # in progress, one round from its end


def between_the_halves(monkeypatch, write):
    """`write()` once, right after the read's first half has read the folds."""
    real, done = folds.states, []

    def held(pairs):
        found = real(pairs)
        if not done:
            done.append(write())
        return found

    monkeypatch.setattr(folds, "states", held)
    return done


@pytest.mark.parametrize("path", ["/nights/{night}/", "/nights/{night}.json", "/nights/", "/en/"])
def test_a_final_round_saved_during_the_read_gives_before_or_after(
    alice_client, monkeypatch, night, path
):
    done = between_the_halves(monkeypatch, lambda: add_round(night, Round(FINAL), 2))
    response = alice_client.get(path.format(night=night.night_id))
    assert done and response.status_code == 200
    assert Game.objects.get(pk=night.pk).finished_at is not None
    if path.endswith(".json"):
        game = response.json()["games"][1]
        assert (game["finished"], game["winners"]) in [(False, []), (True, ["Cleo"])]


@pytest.mark.parametrize("path", ["/nights/{night}/", "/nights/{night}.json", "/nights/", "/en/"])
def test_a_game_deleted_during_the_read_gives_before_or_after(
    alice_client, monkeypatch, night, path
):
    first = Game.objects.exclude(pk=night.pk).get()
    done = between_the_halves(monkeypatch, lambda: delete_game(first))
    response = alice_client.get(path.format(night=night.night_id))
    assert done and response.status_code == 200
