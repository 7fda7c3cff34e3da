"""Every entry is stored as typed, and no write rewrites another round's: what a return counts
is the rules' fold's. So a correction taken back gives every later total back, whether made
on the sheet or in the admin, and a backup restores the game exactly, corrections included."""

import pytest
from django.test import Client

from games.models import Game
from games.rules import Round
from games.services.rounds import replace_round
from tests.helpers.admin import edit_round
from tests.history.test_backup_import import a_game, upload

pytestmark = pytest.mark.django_db

# The walk: round 1 Ana 5, Ben 12, Cleo emptied; round 2 Ana 3, Ben -10, Cleo 4.
WALK = [(5, 12, 0), (3, -10, 4)]


def stored(game):
    """The entries of `game` as stored, round by round in seat order."""
    rounds = Game.objects.get(pk=game.pk).rounds.order_by("number")
    return [list(r.entries.order_by("seat__position").values_list("value", flat=True))
            for r in rounds]  # fmt: skip


def totals(game):
    return Game.objects.get(pk=game.pk).state.totals


def test_an_imported_return_with_no_chip_is_stored_as_typed_and_counts_zero(alice, alice_client):
    backup = a_game(
        rounds=[{"entries": {"Ana": -10, "Ben": 4}}, {"entries": {"Ana": 3, "Ben": -1}}]
    )

    assert upload(alice_client, [backup]).imported

    game = alice.games.get()
    assert stored(game) == [[-10, 4], [3, -1]]
    first = alice_client.get(f"/games/{game.pk}.json").json()["rounds"][0]
    assert (first["entries"], first["points"]) == ({"Ana": -10, "Ben": 4}, {"Ana": 0, "Ben": 4})


def test_the_same_file_again_is_still_the_same_games(alice, alice_client):
    backup = a_game(rounds=[{"entries": {"Ana": -1, "Ben": 4}}])
    upload(alice_client, [backup])
    upload(alice_client, [backup])

    assert alice.games.count() == 1


@pytest.mark.parametrize("where", ["admin", "service"])
def test_an_edit_leaves_later_rounds_as_typed_and_taking_it_back_restores_them(
    admin_client, make_game, where
):
    game = make_game(rounds=WALK)
    assert totals(game) == (8, 2, 4)

    def edit(*round_1):
        if where == "admin":
            values = dict(zip(("Ana", "Ben", "Cleo"), map(str, round_1), strict=True))
            assert edit_round(admin_client, game, 1, **values).status_code == 302
        else:
            replace_round(Game.objects.get(pk=game.pk), 1, Round(round_1))

    edit(5, 0, 1)  # Ben emptied his hand in round 1, Cleo took 1
    assert stored(game)[1] == [3, -10, 4]  # round 2 as typed
    assert totals(game) == (8, 0, 5)  # his -10 counts 0: he holds nothing
    edit(5, 12, 0)
    assert totals(game) == (8, 2, 4)  # taken back: Ben 2 again


def test_a_backup_restores_a_corrected_game_exactly(alice_client, make_game, bob):
    bob_client = Client()
    bob_client.force_login(bob)
    game = make_game(rounds=[(5, 12, 0), (3, -10, 4), (6, 2, 9)])
    replace_round(game, 1, Round((5, 2, 0)))  # Ben's -10 in round 2 now counts -1
    before = Game.objects.get(pk=game.pk)

    assert upload(bob_client, alice_client.get("/history/export.json").getvalue()).imported

    restored = bob.games.get()
    assert stored(restored) == stored(before) == [[5, 2, 0], [3, -10, 4], [6, 2, 9]]
    assert restored.state.rounds == before.state.rounds
    assert restored.state.totals == (14, 3, 13)
