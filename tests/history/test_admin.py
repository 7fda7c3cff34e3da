import pytest
from django.contrib.admin.models import CHANGE, DELETION, LogEntry
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Entry, Game, Player
from tests.helpers.admin import edit_round, form_data, round_url, value_errors
from tests.helpers.sheet import FINISHED


def test_a_non_staff_user_cannot_reach_the_admin(alice_client, make_game):
    game = make_game(rounds=FINISHED)

    for url in ("/admin/", "/admin/games/game/", f"/admin/games/game/{game.pk}/change/"):
        response = alice_client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")


def test_staff_see_games_with_players_rounds_and_winners(admin_client, make_game):
    make_game(rounds=FINISHED)
    make_game(names=("Ana", "Dan"), rounds=[(20, 20), (5, 5), (20, 20)])

    html = admin_client.get("/admin/games/game/").content.decode()

    assert "Ana, Ben and Cleo" in html
    assert "shared victory: Ana and Dan" in html
    assert "Cleo" in html


@pytest.mark.engine
def test_the_finished_filter_asks_the_rules(admin_client, make_game):
    finished = make_game(rounds=FINISHED)
    playing = make_game(rounds=[(3, 0, 5)])

    html = admin_client.get("/admin/games/game/", {"finished": "yes"}).content.decode()
    assert f"/admin/games/game/{finished.pk}/change/" in html
    assert f"/admin/games/game/{playing.pk}/change/" not in html

    html = admin_client.get("/admin/games/game/", {"finished": "no"}).content.decode()
    assert f"/admin/games/game/{playing.pk}/change/" in html
    assert f"/admin/games/game/{finished.pk}/change/" not in html


@pytest.mark.engine
def test_it_filters_by_date_and_owner(admin_client, make_game, bob):
    make_game()
    bobs = make_game(owner=bob)

    html = admin_client.get("/admin/games/game/").content.decode()
    assert "?created_at__gte=" in html
    assert f"?owner__id__exact={bob.pk}" in html

    html = admin_client.get("/admin/games/game/", {"owner__id__exact": bob.pk}).content.decode()
    assert "1 game" in html and f"/admin/games/game/{bobs.pk}/change/" in html


@pytest.mark.engine
def test_it_searches_by_player_name(admin_client, make_game):
    with_dan = make_game(names=("Ana", "Dan"))
    without = make_game(names=("Ana", "Ben"))

    html = admin_client.get("/admin/games/game/", {"q": "dan"}).content.decode()

    assert f"/admin/games/game/{with_dan.pk}/change/" in html
    assert f"/admin/games/game/{without.pk}/change/" not in html


@pytest.mark.engine
def test_the_game_list_query_count_does_not_grow(admin_client, make_game):
    make_game(rounds=FINISHED)
    with CaptureQueriesContext(connection) as few:
        admin_client.get("/admin/games/game/")
    for _ in range(10):
        make_game(rounds=FINISHED)

    with CaptureQueriesContext(connection) as many:
        admin_client.get("/admin/games/game/")

    assert len(many) == len(few)


def test_the_game_page_shows_seats_rounds_and_read_only_results(admin_client, make_game):
    game = make_game(rounds=FINISHED)

    response = admin_client.get(f"/admin/games/game/{game.pk}/change/")

    html = response.content.decode()
    assert "Ana 51 · Ben 3 · Cleo 2" in html
    assert "Ana 20 · Ben 3 · Cleo −10" in html  # round 2 as typed, inline
    assert round_url(game, 2) in html
    assert set(response.context["adminform"].form.fields) == {"kind", "first_starter"}


def test_staff_correct_a_past_round(admin_client, admin_user, make_game):
    game = make_game(rounds=FINISHED)

    response = edit_round(admin_client, game, 1, Ana="25")

    assert response.status_code == 302
    assert response["Location"] == f"/admin/games/game/{game.pk}/change/"
    assert Game.objects.get(pk=game.pk).state.totals == (45, 3, 2)
    log = LogEntry.objects.get(content_type__model="game", object_id=str(game.pk))
    assert log.user == admin_user
    assert log.change_message.startswith("Round 1: Changed Points")
    html = admin_client.get(response["Location"]).content.decode()
    assert "Round 1: Changed Points" in html and "admin" in html


def test_an_edit_never_refuses_a_later_return_it_leaves_without_its_chip(admin_client, make_game):
    game = make_game(rounds=FINISHED)
    before = Game.objects.get(pk=game.pk).state.rounds[1].entries

    # With 5 points after round 1, Cleo no longer holds the black chip she gave in round 2.
    response = edit_round(admin_client, game, 1, Cleo="5")

    assert response.status_code == 302
    after = Game.objects.get(pk=game.pk).state.rounds[1]
    assert after.entries == before  # as typed
    assert after.points[2] == -1  # the best chip she then holds


def test_an_edit_that_ends_the_game_earlier_is_saved_and_keeps_the_round_after(
    admin_client, make_game
):
    game = make_game(rounds=[(12, 0, 30), (20, 3, 0), (5, 0, 7)])

    # Cleo at 30 + 11 = 41 in round 2: the game ends there, round 3 stays beyond the end.
    # Nobody emptied a hand in round 2 now: who quit last is asked, as the sheet asks it.
    response = edit_round(admin_client, game, 2, last_to_quit=1, Cleo="11")

    assert response.status_code == 302
    game = Game.objects.get(pk=game.pk)
    assert game.state.finished and game.state.totals == (32, 3, 41)
    assert [r.entries for r in game.state.beyond] == [(5, 0, 7)]
    assert game.finished_at == game.stored_rounds[1].created_at


def test_it_refuses_two_emptied_hands_in_the_edited_round(admin_client, make_game):
    game = make_game(rounds=FINISHED)

    response = edit_round(admin_client, game, 1, Ana="0")

    assert response.content.decode().count("Round 1: Only one player can empty their hand") == 1
    assert sorted(Entry.objects.values_list("value", flat=True)) == [-10, 0, 3, 12, 20, 31]


def test_the_last_to_quit_must_be_a_player(admin_client, make_game):
    game = make_game(names=("Ana", "Ben"), rounds=[(3, 4)])
    page = admin_client.get(round_url(game, 1))
    data = form_data(page) | {"last_to_quit": "4"}

    response = admin_client.post(round_url(game, 1), data)

    assert response.status_code == 200
    assert game.rounds.get().last_to_quit is None


def test_only_the_last_round_can_be_deleted_and_it_is_recorded(admin_client, make_game):
    game = make_game(rounds=FINISHED)
    first, last = game.rounds.get(number=1), game.rounds.get(number=2)

    assert admin_client.get(f"/admin/games/round/{first.pk}/delete/").status_code == 403
    response = admin_client.post(f"/admin/games/round/{last.pk}/delete/", {"post": "yes"})

    assert response["Location"] == f"/admin/games/game/{game.pk}/change/"
    assert list(game.rounds.values_list("number", flat=True)) == [1]
    assert LogEntry.objects.filter(
        content_type__model="game", object_id=str(game.pk), change_message="Round 2: Deleted."
    ).exists()


def test_changing_the_first_starter_is_checked_and_recorded(admin_client, make_game):
    game = make_game(names=("Ana", "Ben"))
    url = f"/admin/games/game/{game.pk}/change/"
    data = form_data(admin_client.get(url))

    refused = admin_client.post(url, data | {"first_starter": "3"})
    accepted = admin_client.post(url, data | {"first_starter": "1"})

    assert refused.status_code == 200
    assert accepted.status_code == 302
    assert Game.objects.get(pk=game.pk).first_starter == 1
    assert LogEntry.objects.filter(content_type__model="game", action_flag=CHANGE).count() == 1


def test_deleting_a_game_asks_first_and_is_recorded(admin_client, make_game):
    game = make_game(rounds=FINISHED)
    url = f"/admin/games/game/{game.pk}/delete/"

    confirm = admin_client.get(url)
    assert confirm.status_code == 200
    assert "Are you sure" in confirm.content.decode()
    assert Game.objects.filter(pk=game.pk).exists()

    admin_client.post(url, {"post": "yes"})

    assert not Game.objects.filter(pk=game.pk).exists()
    deleted = LogEntry.objects.get(content_type__model="game", action_flag=DELETION)
    assert deleted.object_id == str(game.pk)
    html = admin_client.get("/admin/admin/logentry/").content.decode()
    assert f"Game {game.pk}" in html


def test_games_cannot_be_added_in_the_admin(admin_client):
    assert admin_client.get("/admin/games/game/add/").status_code == 403


@pytest.mark.engine
def test_players_are_registered_and_keep_unique_names(admin_client, make_game):
    game = make_game()
    ben = Player.objects.get(name="Ben")
    url = f"/admin/games/player/{ben.pk}/change/"

    assert "Ana" in admin_client.get("/admin/games/player/").content.decode()
    response = admin_client.post(url, {"name": "ana"})

    assert response.status_code == 200
    assert "already has a player with this name" in response.content.decode()
    assert admin_client.post(url, {"name": "Benjamin"}).status_code == 302
    assert Game.objects.get(pk=game.pk).names == ["Ana", "Benjamin", "Cleo"]


@pytest.mark.parametrize("language", ["fr"])
def test_the_admin_labels_are_translatable(admin_client, make_game, language):
    from games.admin import FinishedFilter, GameAdmin

    assert type(FinishedFilter.title).__name__ == "__proxy__"
    assert type(GameAdmin.winners.short_description).__name__ == "__proxy__"


def test_only_the_last_round_offers_a_delete_link(admin_client, make_game):
    game = make_game(rounds=FINISHED)

    first = admin_client.get(round_url(game, 1)).content.decode()
    last = admin_client.get(round_url(game, 2)).content.decode()

    assert "/delete/" not in first
    assert "/delete/" in last


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("32", "32 is too many: a hand costs at most 31 points (1+2+3+4+5+6+10)."),
        ("40000", "40000 is too many: a hand costs at most 31 points (1+2+3+4+5+6+10)."),
        ("-11", "−11 is not possible: below zero, only −1 or −10 (the chip given back"),
        ("-5", "−5 is not possible: below zero, only −1 or −10 (the chip given back"),
    ],
)
def test_an_out_of_range_value_gets_the_sheets_message_next_to_it(
    admin_client, make_game, typed, message
):
    game = make_game(rounds=FINISHED)

    response = edit_round(admin_client, game, 1, Ben=typed)

    assert response.status_code == 200
    errors = value_errors(response)
    assert len(errors["Ben"]) == 1 and errors["Ben"][0].startswith(message)
    assert errors["Ana"] == errors["Cleo"] == []
    html = response.content.decode()
    assert "Constraint" not in html and "Ensure this value" not in html
    assert sorted(Entry.objects.values_list("value", flat=True)) == [-10, 0, 3, 12, 20, 31]
    assert not LogEntry.objects.exists()


def test_the_out_of_range_message_is_translated(admin_client, make_game):
    game = make_game(rounds=FINISHED)
    admin_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"

    response = edit_round(admin_client, game, 1, Ben="32")

    assert value_errors(response)["Ben"] == [
        "32, c’est trop\u00a0: une main coûte au plus 31 points (1+2+3+4+5+6+10)."
    ]


def test_a_game_deleted_in_the_admin_leaves_its_night_refreshed(admin_client, make_game):
    from games.models import Night

    first, second, alone = make_game(), make_game(), make_game(names=("Dan", "Eve"))
    own = Night.objects.create(owner=alone.owner, start=alone.created_at)
    Game.objects.filter(pk=alone.pk).update(night=own)
    admin_client.post(f"/admin/games/game/{first.pk}/delete/", {"post": "yes"})
    assert Night.objects.get(pk=second.night_id).start == second.created_at
    selected = {
        "action": "delete_selected",
        "post": "yes",
        "_selected_action": [second.pk, alone.pk],
    }
    admin_client.post("/admin/games/game/", selected)
    assert not Night.objects.exists()
