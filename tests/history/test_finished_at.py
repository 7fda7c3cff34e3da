"""Whether a game is over, since when and at which places is stored (Game.finished_at,
Game.places) by every write that can change it, as the rules decide: the services, the admin
and the import."""

import json
from datetime import UTC, datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, transaction

from games.models import Game
from games.reports import table
from games.rules import Round
from games.services.players import merge_players
from games.services.rounds import add_round, replace_round, undo_last_round
from tests.helpers.admin import edit_round, form_data
from tests.helpers.sheet import FINISHED as FINISHING  # Ana reaches 51 in round 2


def stored(game):
    """(finished_at, when its last round was saved), as stored now; its stored places are
    checked against the rules' verdict on its rounds as stored now."""
    fresh = Game.objects.get(pk=game.pk)
    last = fresh.rounds.order_by("number").last()
    assert fresh.places == verdict(fresh)
    return fresh.finished_at, last and last.created_at


def verdict(game):
    """Each seat's place as the rules rank the game's rounds as stored, None while it goes on."""
    try:
        state = game.state
    except ValueError:  # rounds its rules now refuse: not over
        return None
    return list(game.ruleset.places(state)) if state.finished else None


def places(game):
    return Game.objects.get(pk=game.pk).places


def test_the_round_that_ends_the_game_sets_it(make_game):
    game = make_game(rounds=FINISHING[:1])
    assert stored(game)[0] is None

    add_round(game, Round(FINISHING[1]), 2)

    finished_at, last_saved = stored(game)
    assert finished_at == last_saved is not None
    assert places(game) == [3, 2, 1]  # Cleo on 2, Ben on 3, Ana on 51


def test_editing_a_round_can_end_the_game_or_take_its_end_back(make_game):
    game = make_game(rounds=FINISHING)

    replace_round(game, 1, Round((1, 0, 12)))  # Ana at 21: the game goes on
    assert stored(game)[0] is None

    replace_round(Game.objects.get(pk=game.pk), 1, Round((31, 0, 12)))  # Ana at 51
    finished_at, last_saved = stored(game)
    assert finished_at == last_saved is not None


def test_undoing_the_last_round_takes_the_end_back(make_game):
    game = make_game(rounds=FINISHING)

    undo_last_round(game, 2)

    assert stored(game)[0] is None


def test_a_game_its_rules_now_refuse_can_still_be_undone(make_game):
    game = make_game(rounds=FINISHING)
    game.rounds.get(number=1).entries.filter(value=12).update(value=99)  # no longer a hand

    undo_last_round(game, 2)

    assert stored(game)[0] is None
    assert game.rounds.count() == 1


def test_a_game_moved_to_other_rules_in_the_admin_is_settled_by_them(admin_client, make_game):
    game = make_game(rounds=[(1, 0, 3)] * 4)  # L.L.A.M.A. goes on; Llama Llama ends after 4
    url = f"/admin/games/game/{game.pk}/change/"

    response = admin_client.post(url, form_data(admin_client.get(url)) | {"kind": "llama_llama"})

    assert response.status_code == 302
    finished_at, last_saved = stored(game)
    assert finished_at == last_saved is not None


def test_a_round_edited_in_the_admin_settles_its_game(admin_client, make_game):
    game = make_game(rounds=FINISHING)

    assert edit_round(admin_client, game, 2, Ana="1").status_code == 302
    assert stored(game)[0] is None

    assert edit_round(admin_client, game, 2, Ana="20").status_code == 302
    finished_at, last_saved = stored(game)
    assert finished_at == last_saved is not None


def test_an_admin_edit_that_changes_the_winner_changes_the_places_and_the_table(
    admin_client, make_game, alice
):
    game = make_game(rounds=FINISHING)  # Cleo wins on 2, Ben 3, Ana 51
    assert places(game) == [3, 2, 1]
    assert table.tables(alice).of("lama").row(game.seats[2].player.pk).wins == 1

    assert edit_round(admin_client, game, 1, Cleo="20").status_code == 302  # Cleo on 10

    assert stored(game)[0] is not None
    assert places(game) == [3, 1, 2]  # Ben wins now
    rows = table.tables(alice).of("lama")
    ben, cleo = (rows.row(seat.player.pk) for seat in game.seats[1:])
    assert (ben.wins, cleo.wins) == (1, 0)


def test_two_players_merged_keep_the_places_of_their_games(make_game, alice):
    ben_game = make_game(rounds=FINISHING)  # Ben second
    bea_game = make_game(names=("Ana", "Bea", "Cleo"), rounds=[(31, 12, 0), (20, -10, 3)])
    ben, bea = ben_game.seats[1].player, bea_game.seats[1].player

    merge_players(ben, bea)

    for game in (ben_game, bea_game):
        stored(game)
    row = table.tables(alice).of("lama").row(bea.pk)
    assert (row.games, row.wins, row.places) == (2, 1, 3)  # second, then first
    assert table.tables(alice).of("lama").row(ben.pk) is None


def test_the_last_round_deleted_in_the_admin_takes_the_end_back(admin_client, make_game):
    game = make_game(rounds=FINISHING)
    last = game.rounds.get(number=2)

    admin_client.post(f"/admin/games/round/{last.pk}/delete/", {"post": "yes"})

    assert stored(game)[0] is None


@pytest.mark.parametrize(("rounds", "finished"), [(FINISHING, True), (FINISHING[:1], False)])
def test_an_imported_game_is_settled_by_the_rules(alice_client, rounds, finished):
    saved = [datetime(2025, 5, 1, 20, minute, tzinfo=UTC) for minute in (10, 25)]
    item = {
        "players": ["Ana", "Ben", "Cleo"],
        "started_at": "2025-05-01T20:00:00+00:00",
        "rounds": [
            {"entries": dict(zip(["Ana", "Ben", "Cleo"], entries, strict=True)),
             "saved_at": moment.isoformat()}
            for entries, moment in zip(rounds, saved, strict=False)
        ],
    }  # fmt: skip

    backup = SimpleUploadedFile("backup.json", json.dumps([item]).encode())
    assert alice_client.post("/history/import/", {"backup": backup}).status_code == 302

    (game,) = Game.objects.all()
    assert game.finished_at == (saved[1] if finished else None)
    assert game.places == ([3, 2, 1] if finished else None) == verdict(game)


@pytest.mark.engine
@pytest.mark.parametrize(
    "half",
    [{"finished_at": None}, {"places": None}],
    ids=["places without an end", "an end without places"],
)
def test_the_database_holds_the_end_and_the_places_together(make_game, half):
    game = make_game(rounds=FINISHING)
    assert game.finished_at is not None and game.places is not None

    with pytest.raises(IntegrityError, match="game_finished_with_places"), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(**half)

    assert stored(game)[0] == game.finished_at


@pytest.mark.engine
def test_a_game_in_progress_holds_neither(make_game):
    game = make_game(rounds=FINISHING[:1])

    with pytest.raises(IntegrityError, match="game_finished_with_places"), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(places=[1, 2, 3])

    assert (Game.objects.get(pk=game.pk).finished_at, places(game)) == (None, None)
