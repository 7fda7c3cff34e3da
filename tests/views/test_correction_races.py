"""The Undo and Edit pages read the game's rounds once: another phone's undo landing while a
page is being drawn gives the page as the game stood at that read (its confirmation then says
the round is gone), or the sheet as it now stands; never a 500."""

import pytest

from games import models
from games.reports import folds
from games.services.rounds import undo_last_round
from games.views import corrections

pytestmark = pytest.mark.django_db


@pytest.fixture
def undone_right_after_the_first_read(monkeypatch):
    """Another phone undoes the last round of the game given just after the page first reads
    its rounds (the rows of the rounds or the round asked for, whichever comes first), the
    worst moment for a page that would read them twice."""
    armed = []

    def then_undo(read):
        def reading(*args):
            found = read(*args)
            while armed:
                game = armed.pop()
                undo_last_round(game, len(game.stored_rounds))
            return found

        return reading

    monkeypatch.setattr(models, "read_rounds", then_undo(models.read_rounds))
    monkeypatch.setattr(folds, "read_played", then_undo(folds.read_played))
    monkeypatch.setattr(corrections, "bound_round", then_undo(corrections.bound_round))
    return armed.append


@pytest.mark.parametrize("page", ["rounds/2/edit/", "undo/?round=2"])
def test_a_page_opened_as_another_phone_undoes_its_round_is_no_500(
    alice_client, make_game, undone_right_after_the_first_read, page
):
    game = make_game(rounds=[(3, 0, 5), (4, 2, 0)])
    undone_right_after_the_first_read(models.Game.objects.get(pk=game.pk))

    shown = alice_client.get(f"/games/{game.pk}/{page}")

    assert shown.status_code in (200, 409)
    assert game.rounds.count() == 1  # the other phone's undo happened


@pytest.mark.parametrize("page", ["rounds/2/edit/", "undo/"])
def test_a_confirmation_from_that_page_changes_nothing(alice_client, make_game, page):
    game = make_game(rounds=[(3, 0, 5), (4, 2, 0)])
    opened = alice_client.get(f"/games/{game.pk}/{page}")
    undo_last_round(game, 2)
    bound = {key: opened.context["form"][key].value() for key in ("round_id", "round_version")}
    sent = bound | {"round_number": 2, "seat_0": 6, "seat_1": 0, "seat_2": 5}

    answer = alice_client.post(f"/games/{game.pk}/{page}", sent)

    assert answer.status_code == 409
    assert "was already undone" in answer.text or "was undone since" in answer.text
    assert game.rounds.count() == 1
