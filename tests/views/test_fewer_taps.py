"""Fewer taps on the round form: who quit last is one tap on a name, a saved round is
confirmed at the top of the sheet, a late second tap is no refusal, every error at once."""

import uuid

import pytest
from pytest_django.asserts import assertInHTML

from games.models import Round
from tests.helpers.pagetext import parts, tags, text
from tests.helpers.sheet import post_round

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def test_who_quit_last_is_a_group_of_names_to_tap(alice_client, make_game):
    html = alice_client.get(make_game().get_absolute_url()).text
    [group] = parts(html, "fieldset", class_="quitter", id="quitter")
    assertInHTML("<legend>If everyone quit: who quit last (starts the next round)</legend>", group)
    assert len(tags(group, "input", type="radio", name="last_to_quit")) == 3
    assert len(tags(group, "label")) == 3  # each holds its radio button
    assertInHTML('<span>Ben<span class="sr-only"> quit last</span></span>', group)
    assert not tags(parts(html, "form", class_="round-form")[0], "select")


def test_enter_goes_on_to_the_next_field_and_saves_from_the_last(alice_client, make_game):
    html = alice_client.get(make_game().get_absolute_url()).text
    hints = [field.get("enterkeyhint") for field in tags(html, "input", data_seat_field=True)]
    assert hints == ["next", "next", "done"]


def test_a_saved_round_is_confirmed_at_the_top_of_the_sheet(alice_client, make_game):
    game = make_game(rounds=[[3, 0, 5], [4, 6, 0]])
    response = post_round(alice_client, game, 5, 0, 2, htmx=True)
    assert response.status_code == 200
    html = response.text
    [saved], [table] = parts(html, data_saved=True), parts(html, "table")
    assert text(saved) == "Round 3 saved."
    assert html.index(saved) < html.index(table)  # said above the sheet
    assert tags(html, "input", name="seat_0", autofocus=True)  # typing goes on in round 4


def test_without_javascript_the_saved_round_is_confirmed_after_the_redirect(
    alice_client, make_game
):
    game = make_game()
    response = post_round(alice_client, game, 5, 0, 2)
    assert response.status_code == 302
    assert "Round 1 saved." in alice_client.get(response["Location"]).text


def test_a_late_second_tap_on_the_new_form_is_answered_as_the_save(alice_client, make_game):
    game = make_game()
    first = post_round(alice_client, game, 5, 0, 2, htmx=True, idempotency_key=uuid.uuid4())
    saved_key = tags(first.text, "input", name="saved_key")[0]["value"]
    fresh_key = tags(first.text, "input", name="idempotency_key")[0]["value"]
    blank = {"round_number": 2, "idempotency_key": fresh_key, "saved_key": saved_key}

    second = alice_client.post(f"/games/{game.pk}/rounds/", blank, headers=HTMX)

    assert second.status_code == 200
    assert "Round 1 saved." in second.text
    assert not tags(second.text, class_="errors")
    assert Round.objects.filter(game=game).count() == 1


def test_an_empty_form_saved_on_purpose_still_asks_for_every_number(alice_client, make_game):
    game = make_game()
    response = alice_client.post(f"/games/{game.pk}/rounds/", {"round_number": 1}, headers=HTMX)
    assert response.status_code == 422
    for name in ("Ana", "Ben", "Cleo"):
        assert f"Enter the points of {name}." in response.text


def test_every_error_of_a_round_is_shown_at_once(alice_client, make_game):
    game = make_game(names=("Ana", "Ben", "Cleo", "Dan"))
    response = post_round(alice_client, game, "abc", 0, -1, "", last_to_quit="")
    html = response.text
    assert response.status_code == 422
    assert "Enter a whole number." in html  # Ana
    assert html.count("Only one player can empty their hand in a round") == 2  # Ben, Cleo
    assert "Enter the points of Dan." in html


def test_who_quit_last_is_asked_with_the_other_errors(alice_client, make_game):
    game = make_game()
    response = post_round(alice_client, game, 3, 40, 5, last_to_quit="")
    html = response.text
    assert "40 is too many" in html
    assert "Nobody emptied their hand: say who quit last" in html


def test_who_quit_last_is_not_asked_while_a_number_is_missing(alice_client, make_game):
    response = post_round(alice_client, make_game(), 3, "", 5, last_to_quit="")
    assert "Enter the points of Ben." in response.text
    assert "say who quit last" not in response.text
