"""A round is saved once, however often the same submission arrives."""

import uuid

import pytest

from games.models import Round
from tests.helpers.pagetext import tags, texts

pytestmark = pytest.mark.engine


def field(html, name, value):
    return tags(html, "input", name=name, value=str(value))


def round_post(key, **values):
    data = {"round_number": 1, "seat_0": 5, "seat_1": 0, "seat_2": 12, "idempotency_key": key}
    return data | values


@pytest.mark.parametrize(
    ("headers", "saved"), [({}, 302), ({"HX-Request": "true"}, 200)], ids=["plain", "htmx"]
)
def test_the_same_submission_twice_saves_one_round(alice_client, make_game, headers, saved):
    game = make_game()
    key = str(uuid.uuid4())
    first = alice_client.post(f"/games/{game.pk}/rounds/", round_post(key), headers=headers)
    second = alice_client.post(f"/games/{game.pk}/rounds/", round_post(key), headers=headers)

    assert first.status_code == second.status_code == saved
    assert Round.objects.filter(game=game).count() == 1
    assert str(Round.objects.get(game=game).idempotency_key) == key


def test_two_submissions_with_their_own_keys_save_two_rounds(alice_client, make_game):
    game = make_game()
    alice_client.post(f"/games/{game.pk}/rounds/", round_post(str(uuid.uuid4())))
    alice_client.post(
        f"/games/{game.pk}/rounds/",
        round_post(str(uuid.uuid4()), round_number=2, seat_1=3, last_to_quit=1),
    )

    assert Round.objects.filter(game=game).count() == 2


def test_each_form_carries_a_fresh_key(alice_client, make_game):
    game = make_game()
    first = alice_client.get(f"/games/{game.pk}/")
    second = alice_client.get(f"/games/{game.pk}/")

    [key] = tags(first.text, "input", name="idempotency_key")
    [other] = tags(second.text, "input", name="idempotency_key")
    assert key["value"] and key["value"] != other["value"]


def test_a_double_tap_racing_itself_is_saved_not_stale(alice_client, make_game, monkeypatch):
    """Both requests read the game before either saved: the second finds its own key saved
    when it comes to write, and answers as for a saved round, not "already saved"."""
    from games.models import Game
    from games.rules import Round as Typed
    from games.services import saves

    game = make_game()
    key = uuid.uuid4()
    add_round = saves.add_round  # what save_round calls

    def the_other_tap_first(*args, **kwargs):
        add_round(Game.objects.get(pk=game.pk), Typed((5, 0, 12)), 1, key)
        return add_round(*args, **kwargs)

    monkeypatch.setattr(saves, "add_round", the_other_tap_first)
    response = alice_client.post(f"/games/{game.pk}/rounds/", round_post(str(key)))

    assert response.status_code == 302
    assert Round.objects.filter(game=game).count() == 1


# A submission key counts as "already saved" only for the same round with the same numbers.


@pytest.mark.parametrize("headers", [{}, {"HX-Request": "true"}], ids=["plain", "htmx"])
def test_an_old_pages_key_with_other_numbers_is_stale_and_keeps_them(
    alice_client, make_game, headers
):
    """Back to the sheet as it was before round 1 was saved (its key already used), round 2
    typed there: a 409, the fresh sheet, the numbers in its form for round 2."""
    game = make_game()
    key = str(uuid.uuid4())
    alice_client.post(f"/games/{game.pk}/rounds/", round_post(key))
    response = alice_client.post(
        f"/games/{game.pk}/rounds/",
        round_post(key, seat_0=7, seat_1=3, seat_2=0),
        headers=headers,
    )

    assert response.status_code == 409
    assert Round.objects.filter(game=game).count() == 1
    html = response.text
    assert "Round 1 was already saved, from another phone or an older page" in html
    assert "Your numbers (Ana 7, Ben 3, Cleo 0) are in the form below" in html
    assert field(html, "round_number", 2)
    assert field(html, "seat_0", 7)
    assert field(html, "seat_2", 0)
    assert key not in html  # a fresh key, so one tap saves them as round 2
    assert not tags(html, class_="errors")


def test_the_numbers_typed_save_as_the_next_round_in_one_tap(alice_client, make_game):
    game = make_game()
    key = str(uuid.uuid4())
    alice_client.post(f"/games/{game.pk}/rounds/", round_post(key))
    stale = alice_client.post(f"/games/{game.pk}/rounds/", round_post(key, seat_0=7, seat_2=3))
    fresh_key = tags(stale.text, "input", name="idempotency_key")[0]["value"]

    again = round_post(fresh_key, round_number=2, seat_0=7, seat_2=3)
    assert alice_client.post(f"/games/{game.pk}/rounds/", again).status_code == 302
    assert [r.entries for r in type(game).objects.get(pk=game.pk).state.rounds] == [
        (5, 0, 12),
        (7, 0, 3),
    ]


def test_a_second_phone_saving_the_same_round_with_other_numbers_sees_both(alice_client, make_game):
    game = make_game()
    alice_client.post(f"/games/{game.pk}/rounds/", round_post(str(uuid.uuid4())))
    other = round_post(str(uuid.uuid4()), seat_0=9, seat_1=0, seat_2=4)
    response = alice_client.post(f"/games/{game.pk}/rounds/", other)

    assert response.status_code == 409
    html = response.text
    assert "12" in texts(html, "td")  # round 1 as the first phone saved it, in the table
    assert "Your numbers (Ana 9, Ben 0, Cleo 4) are in the form below" in html
    assert field(html, "seat_0", 9)
    assert Round.objects.filter(game=game).count() == 1


def test_the_same_key_and_numbers_for_another_round_number_is_stale_not_saved(
    alice_client, make_game
):
    game = make_game()
    key = str(uuid.uuid4())
    alice_client.post(f"/games/{game.pk}/rounds/", round_post(key))
    response = alice_client.post(f"/games/{game.pk}/rounds/", round_post(key, round_number=2))
    assert response.status_code == 409
    assert Round.objects.filter(game=game).count() == 1


def test_a_stale_round_after_the_end_says_the_numbers_were_not_saved(alice_client, make_game):
    game = make_game(rounds=[(31, 0, 12)])
    key = str(uuid.uuid4())
    alice_client.post(f"/games/{game.pk}/rounds/", round_post(key, round_number=2, seat_0=10))
    response = alice_client.post(
        f"/games/{game.pk}/rounds/", round_post(key, round_number=2, seat_0=3)
    )
    assert response.status_code == 409
    assert "the game is over: your numbers (Ana 3, Ben 0, Cleo 12) were not saved" in response.text


def test_the_sheet_is_never_stored_by_the_browser(alice_client, make_game):
    response = alice_client.get(make_game().get_absolute_url())
    assert "no-store" in response["Cache-Control"]


def test_the_other_phones_same_round_with_the_same_numbers_is_saved_not_refused(
    alice_client, make_game
):
    """Sent a moment after the other phone's save of round 1, before this form moved on: the
    same numbers are the same round (issue 30, item 4)."""
    game = make_game()
    alice_client.post(f"/games/{game.pk}/rounds/", round_post(str(uuid.uuid4())))
    response = alice_client.post(f"/games/{game.pk}/rounds/", round_post(str(uuid.uuid4())))

    assert response.status_code == 302
    assert "Round 1 saved." in alice_client.get(response["Location"]).text
    assert Round.objects.filter(game=game).count() == 1


def test_the_other_phones_same_round_with_other_numbers_shows_both_versions(
    alice_client, make_game
):
    game = make_game()
    alice_client.post(f"/games/{game.pk}/rounds/", round_post(str(uuid.uuid4())))
    other = round_post(str(uuid.uuid4()), seat_0=9, seat_1=0, seat_2=4)
    response = alice_client.post(f"/games/{game.pk}/rounds/", other, headers={"HX-Request": "true"})

    assert response.status_code == 409
    assert "with other numbers (Ana 5, Ben 0, Cleo 12)" in response.text  # saved
    assert "Your numbers (Ana 9, Ben 0, Cleo 4) are in the form below" in response.text  # typed
    assert field(response.text, "seat_0", 9) and field(response.text, "round_number", 2)
