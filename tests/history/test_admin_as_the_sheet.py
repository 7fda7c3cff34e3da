"""The admin's rounds as the sheet has them: typed beside what they count, undone with their
submission key, and checked for what the sheet asks of a round (who quit last)."""

import uuid

from django.contrib.admin.models import LogEntry

from games.models import Game, UndoneKey
from games.rules import Round
from games.services.rounds import add_round
from games.services.saves import UNDONE, Submission, save_round
from tests.helpers.admin import edit_round, form_data, round_url
from tests.helpers.sheet import FINISHED


def test_the_round_column_shows_what_was_typed_and_what_it_counts(admin_client, make_game):
    game = make_game(rounds=FINISHED)
    # Cleo now holds 5 points, white chips only: the black chip typed (-10) counts -1.
    edit_round(admin_client, game, 1, Cleo="5")

    html = admin_client.get(f"/admin/games/game/{game.pk}/change/").content.decode()

    assert "Ana 20 · Ben 3 · Cleo −10 (counts −1)" in html
    assert "Ana 51 · Ben 3 · Cleo 4" in html  # the totals add up what is counted


def test_deleting_the_last_round_is_an_undo_that_keeps_its_key(admin_client, make_game):
    game = make_game(rounds=[(31, 0, 12)])
    key = uuid.uuid4()
    add_round(game, Round((20, 3, 0)), 2, key=key)
    last = game.rounds.get(number=2)

    response = admin_client.post(f"/admin/games/round/{last.pk}/delete/", {"post": "yes"})

    assert response.status_code == 302
    assert list(UndoneKey.objects.values_list("key", "number")) == [(key, 2)]
    # A phone's outbox sending that round again: answered "undone", not saved a second time
    game = Game.objects.get(pk=game.pk)
    retry = save_round(game, Submission(2, Round((20, 3, 0)), key=key))
    assert retry.result == UNDONE
    assert list(game.rounds.values_list("number", flat=True)) == [1]
    assert LogEntry.objects.filter(change_message="Round 2: Deleted.").exists()


def test_who_quit_last_cannot_be_cleared_where_nobody_emptied_a_hand(admin_client, make_game):
    game = make_game()
    add_round(game, Round((3, 4, 5), last_to_quit=1), 1)
    page = admin_client.get(round_url(game, 1))

    response = admin_client.post(round_url(game, 1), form_data(page) | {"last_to_quit": ""})

    assert response.status_code == 200  # the page again, with the sheet's reason
    assert "who quit last" in response.content.decode().lower()
    assert game.rounds.get().last_to_quit == 1
