"""One pass per save: the form folds the game with the round once, where the round is decided;
the service writes it on that state (checking with the game's version that nothing was written
since), and the answer shows the game as the service left it, read and folded no more. The
state is kept under the new version, so the sheet that follows folds nothing either."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game
from games.rules import Round
from games.services.rounds import add_round
from tests.helpers.sheet import post_round

pytestmark = pytest.mark.engine

HTMX = {"HX-Request": "true"}


def test_a_save_folds_the_game_once_and_the_sheet_after_it_not_at_all(
    alice_client, make_game, fold_calls
):
    game = make_game(rounds=[[3, 5, 0], [0, 4, 7]])
    fold_calls.clear()
    assert post_round(alice_client, game, 2, 6, 0, number=3).status_code == 302
    assert len(fold_calls) == 1
    assert len(fold_calls[0][1]) == 3  # the stored rounds and the one saved, together

    sheet = alice_client.get(f"/games/{game.pk}/")
    assert "Round 3 saved." in sheet.text and "Points for round 4" in sheet.text
    assert len(fold_calls) == 1


def test_a_save_through_htmx_answers_from_the_state_it_saved(alice_client, make_game, fold_calls):
    game = make_game(rounds=[[3, 5, 0]])
    fold_calls.clear()
    response = post_round(alice_client, game, 12, 0, 4, number=2, htmx=True)
    assert response.status_code == 200
    assert "Round 2 saved." in response.text and "Points for round 3" in response.text
    assert ">15<" in response.text  # Ana's new total
    assert len(fold_calls) == 1


def test_the_answer_reads_nothing_the_save_did_not(alice_client, make_game):
    """With htmx the sheet is the answer, without it a redirect: the same queries, since the
    sheet shown is the game as the save left it."""
    game = make_game(rounds=[[3, 5, 0]])
    alice_client.get(f"/games/{game.pk}/", headers=HTMX)  # its kept fragments, as at the table
    with CaptureQueriesContext(connection) as plain:
        assert post_round(alice_client, game, 12, 0, 4).status_code == 302
    alice_client.get(f"/games/{game.pk}/", headers=HTMX)
    game = Game.objects.get(pk=game.pk)
    with CaptureQueriesContext(connection) as htmx:
        assert post_round(alice_client, game, 0, 6, 2, htmx=True).status_code == 200
    assert len(htmx) == len(plain)


def test_a_save_after_another_phone_wrote_folds_again_on_the_game_as_it_stands(
    make_game, fold_calls
):
    """The one case of a second fold: the version changed since the form was read, so the
    service locks the game and replays it as stored."""
    game = make_game(names=("Ana", "Ben"), rounds=[[12, 3]])
    read = Game.objects.get(pk=game.pk)
    state = read.ruleset.fold_with(2, read.as_rules_rounds(), 2, Round((0, 4)))
    Game.objects.filter(pk=game.pk).raise_version()  # another phone's write (a rename)
    fold_calls.clear()
    saved = add_round(read, Round((0, 4)), 2, state=state)
    assert len(fold_calls) == 1
    assert saved.state.totals == (12, 7) and saved.version == Game.objects.get(pk=game.pk).version
