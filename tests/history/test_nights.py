"""Nights (games/nights.py): which night a game joins, a rematch, a game moved by its owner."""

from datetime import timedelta

import pytest

from games import nights
from games.models import Game, Night
from tests.helpers.pagetext import tags


def started_ago(game, hours):
    """Pretend `game` started `hours` ago (a finished one still ended when it did)."""
    moment = game.created_at - timedelta(hours=hours)
    Game.objects.filter(pk=game.pk).update(created_at=moment)
    nights.refresh(Night.objects.filter(pk=game.night_id))


def test_a_game_started_within_the_gap_joins_the_previous_games_night(make_game):
    first = make_game()
    started_ago(first, 5)
    second = make_game()
    assert second.night_id == first.night_id
    assert Night.objects.get().start == Game.objects.get(pk=first.pk).created_at


def test_a_game_started_after_the_gap_starts_a_night(make_game, settings):
    settings.NIGHT_GAP_HOURS = 2
    first = make_game()
    started_ago(first, 3)
    second = make_game()
    assert second.night_id != first.night_id
    assert Night.objects.count() == 2


def test_the_gap_runs_from_the_start_of_the_previous_game(make_game, settings):
    settings.NIGHT_GAP_HOURS = 2
    first = make_game(rounds=[(10, 10, 20), (10, 10, 25)])
    started_ago(first, 3)
    assert make_game().night_id != first.night_id


def test_nights_are_per_account(make_game, bob):
    mine = make_game()
    theirs = make_game(owner=bob)
    assert mine.night.owner_id != theirs.night.owner_id


def test_games_hours_apart_do_not_chain_past_the_span(make_game, settings):
    settings.NIGHT_GAP_HOURS, settings.NIGHT_SPAN_HOURS = 6, 16
    games = [make_game() for _ in range(5)]
    for game, ago in zip(games, [20, 15, 10, 5, 1], strict=True):
        started_ago(game, ago)
    Game.objects.update(night=None)
    Night.objects.all().delete()
    nights.place_unplaced(games[0].owner)
    placed = [Game.objects.get(pk=game.pk).night_id for game in games]
    # each within 6 h of the one before; the last 19 h after the first
    assert placed[0] == placed[1] == placed[2] == placed[3] != placed[4]
    assert make_game().night_id == placed[4]


def test_a_game_past_the_span_of_the_first_starts_a_night(make_game, settings):
    settings.NIGHT_GAP_HOURS, settings.NIGHT_SPAN_HOURS = 6, 16
    first, second = make_game(), make_game()
    started_ago(first, 17)
    started_ago(second, 4)
    Game.objects.filter(pk=second.pk).update(night=first.night_id)
    assert make_game().night_id != first.night_id  # within 6 h of the latest, 17 h of the first


def test_a_rematch_of_an_old_game_joins_tonights_night(alice_client, make_game):
    old = make_game(names=("Ana", "Ben"))
    started_ago(old, 30 * 24)
    tonight = make_game(names=("Ana", "Cleo"))
    alice_client.post(f"/games/{old.pk}/rematch/")
    rematch = Game.objects.exclude(pk__in=[old.pk, tonight.pk]).get()
    assert rematch.night_id == tonight.night_id != old.night_id


def test_a_rematch_of_an_old_game_alone_starts_a_night(alice_client, make_game):
    old = make_game(names=("Ana", "Ben"))
    started_ago(old, 30)
    alice_client.post(f"/games/{old.pk}/rematch/")
    rematch = Game.objects.exclude(pk=old.pk).get()
    assert rematch.night_id != old.night_id
    assert Night.objects.get(pk=old.night_id).games.count() == 1


def test_deleting_a_game_refreshes_its_night(alice_client, make_game):
    first, second = make_game(), make_game()
    started_ago(first, 2)
    night = Night.objects.get(pk=first.night_id)
    assert night.start == Game.objects.get(pk=first.pk).created_at
    alice_client.post(f"/games/{first.pk}/delete/")
    assert Night.objects.get(pk=night.pk).start == second.created_at
    alice_client.post(f"/games/{second.pk}/delete/")
    assert not Night.objects.exists()


def test_a_move_to_a_night_emptied_meanwhile_is_refused_and_moves_nothing(alice_client, make_game):
    early = make_game()
    started_ago(early, 30)
    late = make_game()
    form = {"night": str(early.night_id)}
    Game.objects.filter(pk=early.pk).delete()  # the night's last game, from another phone
    Night.objects.filter(pk=early.night_id).delete()
    response = alice_client.post(f"/games/{late.pk}/night/", form)
    assert response.status_code == 422
    assert Game.objects.get(pk=late.pk).night_id == late.night_id


def test_the_owner_moves_a_game_to_another_night(alice_client, make_game):
    early = make_game()
    started_ago(early, 30)
    late = make_game()
    assert late.night_id != early.night_id
    response = alice_client.post(f"/games/{late.pk}/night/", {"night": str(early.night_id)})
    assert response.status_code == 302
    assert Game.objects.get(pk=late.pk).night_id == early.night_id
    assert Night.objects.count() == 1  # the night left empty goes


def test_the_owner_starts_a_new_night_with_a_game(alice_client, make_game):
    first, second = make_game(), make_game()
    alice_client.post(f"/games/{first.pk}/night/", {"night": "new"})
    moved = Game.objects.get(pk=first.pk)
    assert moved.night_id != second.night_id
    assert moved.night.start == moved.created_at
    assert Game.objects.get(pk=second.pk).night.start == second.created_at


@pytest.mark.parametrize("night", ["", "junk", "999999"])
def test_a_night_that_is_not_offered_is_refused_with_422(alice_client, make_game, night):
    game = make_game()
    response = alice_client.post(f"/games/{game.pk}/night/", {"night": night})
    assert response.status_code == 422
    assert tags(response.text, class_="errors")
    assert Game.objects.get(pk=game.pk).night_id == game.night_id


def test_another_accounts_night_is_refused(alice_client, make_game, bob):
    game, theirs = make_game(), make_game(owner=bob)
    response = alice_client.post(f"/games/{game.pk}/night/", {"night": str(theirs.night_id)})
    assert response.status_code == 422


def test_another_accounts_game_is_a_404(alice_client, make_game, bob):
    theirs = make_game(owner=bob)
    assert alice_client.get(f"/games/{theirs.pk}/night/").status_code == 404


def test_the_form_labels_its_field(alice_client, make_game):
    game = make_game()
    page = alice_client.get(f"/games/{game.pk}/night/").content.decode()
    assert tags(page, "label", for_="id_night")


def test_games_without_a_night_are_placed_in_the_order_they_started(make_game, alice, settings):
    settings.NIGHT_GAP_HOURS = 6
    games = [make_game() for _ in range(4)]
    hours = [50, 48, 20, 1]  # two on one night, then one, then one
    for game, ago in zip(games, hours, strict=True):
        started_ago(game, ago)
    Game.objects.update(night=None)
    Night.objects.all().delete()
    nights.place_unplaced(alice)
    placed = [Game.objects.get(pk=game.pk).night_id for game in games]
    assert placed[0] == placed[1] and len(set(placed)) == 3
    first = Night.objects.get(pk=placed[0])
    assert first.start == Game.objects.get(pk=games[0].pk).created_at


def test_the_owner_names_a_night(alice_client, make_game):
    game = make_game()
    response = alice_client.post(f"/nights/{game.night_id}/label/", {"label": " Anaïs’s birthday "})
    assert response.status_code == 302
    assert Night.objects.get().label == "Anaïs’s birthday"
    assert "Anaïs’s birthday" in alice_client.get(f"/nights/{game.night_id}/").content.decode()


def test_a_name_too_long_is_refused_next_to_its_field(alice_client, make_game):
    game = make_game()
    response = alice_client.post(f"/nights/{game.night_id}/label/", {"label": "x" * 61})
    assert response.status_code == 422
    assert tags(response.text, id="id_label_error")
    assert Night.objects.get().label == ""


def test_a_game_moved_leaves_its_old_nights_standings(alice_client, make_game):
    staying = make_game(rounds=[(10, 10, 20), (10, 10, 25)])
    moved = make_game(rounds=[(31, 0, 12), (20, 3, -10)])
    night = staying.night_id
    assert len(alice_client.get(f"/nights/{night}.json").json()["games"]) == 2
    alice_client.post(f"/games/{moved.pk}/night/", {"night": "new"})
    data = alice_client.get(f"/nights/{night}.json").json()
    assert [game["id"] for game in data["games"]] == [staying.pk]
    assert {row["name"] for row in data["standings"]["lama"] if row["sole_wins"]} == set()
