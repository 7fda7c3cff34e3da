"""The admin re-checks each game with its own game's rules, and can move a game to another."""

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from pytest_django.asserts import assertInHTML

from games.models import Entry, Game
from tests.helpers.admin import edit_round, form_data, value_errors
from tests.helpers.pagetext import parts, texts

pytestmark = pytest.mark.django_db


def change_kind(client, game, kind):
    url = f"/admin/games/game/{game.pk}/change/"
    return client.post(url, form_data(client.get(url)) | {"kind": kind})


def page_errors(response):
    return [str(error) for error in response.context["adminform"].form.non_field_errors()]


# ---------------------------------------------------------------------------- a round's entries


def test_a_lato_entry_of_fifty_one_is_accepted(admin_client, make_game):
    game = make_game(rounds=[(3, 0, 12)], kind="lato")

    response = edit_round(admin_client, game, 1, Ana="51")

    assert response.status_code == 302
    assert Game.objects.get(pk=game.pk).state.totals == (51, 0, 12)


def test_the_same_entry_in_lama_is_refused_with_the_rules_wording(admin_client, make_game):
    game = make_game(rounds=[(3, 0, 12)], kind="lama")

    response = edit_round(admin_client, game, 1, Ana="51")

    assert response.status_code == 200
    assert value_errors(response)["Ana"] == [
        "51 is too many: a hand costs at most 31 points (1+2+3+4+5+6+10)."
    ]
    assert Game.objects.get(pk=game.pk).state.totals == (3, 0, 12)


def test_a_lato_entry_beyond_seven_mosquitoes_is_refused_with_its_own_sum(admin_client, make_game):
    game = make_game(rounds=[(3, 0, 12)], kind="lato")

    response = edit_round(admin_client, game, 1, Ana="92")

    assert value_errors(response)["Ana"] == [
        "92 is too many: a hand costs at most 91 points "
        "(1+2+3+4+5+6, plus 7 mosquitoes at 10 each: 70)."
    ]


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("1000", "1000 is too many: a round scores at most 999."),
        ("-1", "−1 is not possible: a score is 0 or more."),
    ],
)
def test_a_llama_llama_entry_is_checked_by_its_rules(admin_client, make_game, typed, message):
    game = make_game(rounds=[(30, 20, 10)], kind="llama_llama")

    response = edit_round(admin_client, game, 1, Ben=typed)

    assert value_errors(response)["Ben"] == [message]
    assert sorted(Entry.objects.values_list("value", flat=True)) == [10, 20, 30]


def test_a_llama_llama_score_that_lama_would_refuse_is_accepted(admin_client, make_game):
    game = make_game(rounds=[(30, 20, 10)], kind="llama_llama")

    assert edit_round(admin_client, game, 1, Ben="95").status_code == 302
    assert Game.objects.get(pk=game.pk).state.totals == (30, 95, 10)


# ---------------------------------------------------------------------------- the game itself


def test_a_game_of_five_cannot_move_to_llama_llama(admin_client, make_game):
    game = make_game(names=("Ana", "Ben", "Cleo", "Dan", "Eve"), rounds=[(3, 0, 12, 5, 7)])

    response = change_kind(admin_client, game, "llama_llama")

    assert response.status_code == 200
    assert page_errors(response) == ["Llama Llama is played by 2 to 4 players."]
    assert Game.objects.get(pk=game.pk).kind == "lama"
    assert not LogEntry.objects.exists()


def test_a_game_cannot_move_to_rules_its_rounds_break(admin_client, make_game):
    game = make_game(rounds=[(21, 0, 31)], kind="lato")
    Entry.objects.filter(value=31).update(value=41)  # a 1 and four llamas: the Lato rule only

    response = change_kind(admin_client, game, "lama")

    assert page_errors(response) == [
        "Round 1: 41 is too many: a hand costs at most 31 points (1+2+3+4+5+6+10)."
    ]
    assert Game.objects.get(pk=game.pk).kind == "lato"


def test_a_return_cannot_move_to_llama_llama(admin_client, make_game):
    game = make_game(rounds=[(12, 3, 5), (-10, 4, 6)])

    response = change_kind(admin_client, game, "llama_llama")

    assert page_errors(response) == ["Round 2: −10 is not possible: a score is 0 or more."]


def test_a_game_typed_under_the_wrong_rule_moves_and_the_sheet_follows(
    admin_client, alice_client, make_game
):
    game = make_game(rounds=[(3, 0, 12)])
    alice_client.get(game.get_absolute_url())  # the sheet is rendered (and may be kept)

    response = change_kind(admin_client, game, "lato")

    assert response.status_code == 302
    assert Game.objects.get(pk=game.pk).kind == "lato"
    (entry,) = LogEntry.objects.filter(action_flag=CHANGE)
    assert entry.get_change_message() == "Changed Game."
    html = alice_client.get(game.get_absolute_url()).text
    assertInHTML('<p class="game-kind">L.L.A.M.A., Lato z komarami rule</p>', html)


# ---------------------------------------------------------------------------- the list


def test_the_list_shows_each_games_game(admin_client, make_game):
    make_game(kind="lato")
    make_game(kind="llama_llama")

    html = admin_client.get("/admin/games/game/").text

    assertInHTML('<td class="field-kind">L.L.A.M.A., Lato z komarami rule</td>', html)
    assertInHTML('<td class="field-kind">Llama Llama</td>', html)


def test_the_list_filters_by_game(admin_client, make_game):
    lato, other = make_game(kind="lato"), make_game(kind="lama")

    html = admin_client.get("/admin/games/game/", {"kind__exact": "lato"}).text

    assert f"/admin/games/game/{lato.pk}/change/" in html
    assert f"/admin/games/game/{other.pk}/change/" not in html
    assert "?kind__exact=llama_llama" in html


def test_the_games_column_is_named_in_french(admin_client, make_game):
    make_game(kind="lato")
    admin_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"

    html = admin_client.get("/admin/games/game/").text

    [header] = parts(html, "th", scope="col", class_="column-kind")
    assert texts(header, "a") == ["Jeu"]  # the game played, not "partie" (a game at the table)
    assertInHTML('<td class="field-kind">LAMA, règle Lato z komarami</td>', html)
