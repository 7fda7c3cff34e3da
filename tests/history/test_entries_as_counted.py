"""Every entry is stored as it counts (Game.store_as_counted): a chip given back by a player
who holds none is stored as the 0 it counts, whether the round came from the sheet, an
import, the admin or an edit of an earlier round, so the admin and the JSON show what the
sheet shows."""

import pytest

from games import services
from games.models import Game
from games.rules import Round
from tests.helpers.admin import edit_round
from tests.history.test_backup_import import a_game, upload

pytestmark = pytest.mark.django_db


def stored(game):
    """The entries of `game` as stored, round by round in seat order."""
    rounds = Game.objects.get(pk=game.pk).rounds.order_by("number")
    return [list(r.entries.order_by("seat__position").values_list("value", flat=True))
            for r in rounds]  # fmt: skip


def test_an_imported_return_with_no_chip_is_stored_as_zero(alice, alice_client):
    backup = a_game(
        rounds=[{"entries": {"Ana": -10, "Ben": 4}}, {"entries": {"Ana": 3, "Ben": -1}}]
    )

    assert upload(alice_client, [backup]).imported

    game = alice.games.get()
    assert stored(game) == [[0, 4], [3, -1]]
    assert alice_client.get(f"/games/{game.pk}.json").json()["rounds"][0]["entries"] == {
        "Ana": 0,
        "Ben": 4,
    }


def test_the_same_file_again_is_still_the_same_games(alice, alice_client):
    """A game's identity is what the file holds (typed), not what is stored (counted)."""
    backup = a_game(rounds=[{"entries": {"Ana": -1, "Ben": 4}}])
    upload(alice_client, [backup])
    upload(alice_client, [backup])

    assert alice.games.count() == 1


def test_the_admin_stores_a_return_with_no_chip_as_zero(admin_client, make_game):
    game = make_game(names=("Ana", "Ben"), rounds=[(0, 4)])

    assert edit_round(admin_client, game, 1, Ana="-1").status_code == 302

    assert stored(game) == [[0, 4]]


@pytest.mark.parametrize("where", ["admin", "service"])
def test_an_edit_that_takes_a_later_returns_chips_away_stores_it_as_it_counts(
    admin_client, make_game, where
):
    game = make_game(names=("Ana", "Ben"), rounds=[(3, 0), (-1, 5)])  # Ana gives back 1 of 3

    if where == "admin":
        assert edit_round(admin_client, game, 1, Ana="0", Ben="3").status_code == 302
    else:
        services.replace_round(game, 1, Round((0, 3)))

    assert stored(game) == [[0, 3], [0, 5]]  # Ana holds nothing in round 2: her -1 counts 0
    assert Game.objects.get(pk=game.pk).state.totals == (0, 8)
