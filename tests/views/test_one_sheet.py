"""One sheet on every phone (issue 23): two phones keep one game by turns, the owner's and a
scorer link's. The form follows the game, "Emptied hand" gives back the chip held when the
round is saved, and an undo or an edit is bound to the round as its page showed it."""

import uuid

import pytest
from django.test import Client

from games.models import Game, ScorerLink
from tests.helpers.admin import edit_round
from tests.helpers.pagetext import parts, tags, text

pytestmark = pytest.mark.engine


@pytest.fixture
def game(make_game):
    return make_game(names=("Ana", "Ben", "Cleo"))


def phone_with_link(game):
    """Another phone, with no account: a client holding a scorer link of `game`, its URLs
    under `.url`."""
    phone = Client()
    phone.url = f"/s/{ScorerLink.objects.create(game=game, number=1).token}/"
    return phone


@pytest.fixture
def scorer(game):
    return phone_with_link(game)


def round_data(number, *entries, totals=None, **extra):
    data = {"round_number": number, "idempotency_key": uuid.uuid4(), "last_to_quit": ""}
    data |= {f"seat_{seat}": value for seat, value in enumerate(entries)}
    if totals is not None:
        data["totals"] = ",".join(map(str, totals))
    return data | extra


def field(html, name, value):
    """The form field `name` (seat_1, totals, ...), if it holds `value`."""
    return tags(html, "input", name=name, value=str(value))


def stored(game):
    return [list(r.played.entries) for r in Game.objects.get(pk=game.pk).stored_rounds]


# ------------------------------------------------------------------ the form follows the game


def test_the_board_brings_the_form_of_the_next_round_with_its_hints(alice_client, scorer, game):
    seen = Game.objects.get(pk=game.pk).version
    assert scorer.post(f"{scorer.url}rounds/", round_data(1, 3, 12, 0)).status_code == 302

    news = alice_client.get(f"/games/{game.pk}/board/?seen={seen}", headers={"HX-Request": "1"})

    [form] = parts(news.text, id="sheet-form", data_hx_swap_oob="true")
    assert "Points for round 2" in text(form) and field(form, "round_number", 2)
    assert field(form, "totals", "3,12,0")  # what its numbers will be typed against
    assert tags(form, "button", data_fill="id_seat_1", data_return="-10")  # Ben's black chip
    assert "Cleo starts this round." in text(news.text)


def test_after_a_change_of_scorer_the_polled_form_saves_at_the_first_tap(
    alice_client, scorer, game
):
    assert alice_client.post(f"/games/{game.pk}/rounds/", round_data(1, 3, 5, 0)).status_code == 302
    polled = scorer.get(f"{scorer.url}board/?seen=0", headers={"HX-Request": "1"}).text
    assert field(polled, "round_number", 2)

    assert scorer.post(f"{scorer.url}rounds/", round_data(2, 0, 4, 6)).status_code == 302
    assert stored(game) == [[3, 5, 0], [0, 4, 6]]


def test_two_phones_saving_the_same_round_still_meet_the_conflict(alice_client, scorer, game):
    assert alice_client.post(f"/games/{game.pk}/rounds/", round_data(1, 3, 5, 0)).status_code == 302
    late = scorer.post(f"{scorer.url}rounds/", round_data(1, 0, 4, 6))
    assert late.status_code == 409
    assert "Round 1 was already saved" in text(late.text)
    assert stored(game) == [[3, 5, 0]]


# ------------------------------------------------------------ "Emptied hand", decided at save


def test_an_emptied_hand_from_a_phone_that_missed_a_round_gives_back_the_black_chip(
    alice_client, scorer, game
):
    """The scorer's form showed round 2 with Ben at 2 (a white chip: its button typed -1); the
    owner then corrected round 1 to give Ben 12. The save gives back the black chip."""
    alice_client.post(f"/games/{game.pk}/rounds/", round_data(1, 3, 2, 0))
    shown = round_data(2, 7, -1, 5, totals=(3, 2, 0), emptied_hand="1")
    edit = round_data(1, 3, 12, 0) | {"round_id": game.rounds.get().pk}
    assert alice_client.post(f"/games/{game.pk}/rounds/1/edit/", edit).status_code == 302

    assert scorer.post(f"{scorer.url}rounds/", shown).status_code == 302
    assert stored(game) == [[3, 12, 0], [7, -10, 5]]


def test_a_stale_refusal_keeps_the_emptied_hand_and_shows_its_new_chip(alice_client, scorer, game):
    """The issue's walk: the owner saves round 1 with Ben at 12; the scorer's form, still at
    round 1, had "Emptied hand" for Ben (0: no chip then). Refused as already saved, the form
    keeps Ben marked and shows -10; the next tap stores -10."""
    alice_client.post(f"/games/{game.pk}/rounds/", round_data(1, 3, 12, 0))
    late = scorer.post(f"{scorer.url}rounds/", round_data(1, 4, 0, 9, emptied_hand="1"))
    assert late.status_code == 409
    assert field(late.text, "emptied_hand", 1)
    assert field(late.text, "seat_1", -10)

    again = round_data(2, 4, -10, 9, totals=(3, 12, 0), emptied_hand="1")
    assert scorer.post(f"{scorer.url}rounds/", again).status_code == 302
    assert stored(game)[1] == [4, -10, 9]


def test_a_penalty_typed_over_the_emptied_hand_is_the_players(alice_client, game):
    alice_client.post(f"/games/{game.pk}/rounds/", round_data(1, 3, 12, 0))
    data = round_data(2, 0, 6, 9, emptied_hand="1")  # Ben's field typed again: 6
    assert alice_client.post(f"/games/{game.pk}/rounds/", data).status_code == 302
    assert stored(game)[1] == [0, 6, 9]


def test_the_emptied_hand_button_without_javascript_marks_the_player(alice_client, game):
    alice_client.post(f"/games/{game.pk}/rounds/", round_data(1, 3, 12, 0))
    page = alice_client.post(
        f"/games/{game.pk}/rounds/emptied/", round_data(2, "", "", 4, emptied="1")
    )
    assert field(page.text, "emptied_hand", 1)
    assert field(page.text, "seat_1", -10)


def test_a_return_typed_by_hand_against_totals_changed_since_is_refused_saying_what_changed(
    alice_client, scorer, game
):
    alice_client.post(f"/games/{game.pk}/rounds/", round_data(1, 3, 2, 0))
    edit = round_data(1, 3, 13, 0) | {"round_id": game.rounds.get().pk}
    alice_client.post(f"/games/{game.pk}/rounds/1/edit/", edit)  # Ben: 2, then 13

    typed = round_data(2, 7, -1, 5, totals=(3, 2, 0))  # -1 typed by hand, on Ben's 2
    refused = scorer.post(f"{scorer.url}rounds/", typed)

    assert refused.status_code == 409
    assert "Ben has 13 (not 2)" in text(refused.text)
    assert field(refused.text, "totals", "3,13,0")
    assert field(refused.text, "seat_1", -1)
    assert len(stored(game)) == 1
    typed["totals"] = "3,13,0"  # seen, and left as it is: the person's choice
    assert scorer.post(f"{scorer.url}rounds/", typed).status_code == 302


def test_penalties_typed_against_changed_totals_are_saved(alice_client, scorer, game):
    alice_client.post(f"/games/{game.pk}/rounds/", round_data(1, 3, 2, 0))
    edit = round_data(1, 3, 13, 0) | {"round_id": game.rounds.get().pk}
    alice_client.post(f"/games/{game.pk}/rounds/1/edit/", edit)
    typed = round_data(2, 7, 0, 5, totals=(3, 2, 0), last_to_quit="")
    typed["seat_1"] = 4
    typed["seat_2"] = 0  # Cleo emptied her hand, at 0 before and after
    assert scorer.post(f"{scorer.url}rounds/", typed).status_code == 302


# ------------------------------------------------------------ undo and edit, bound to the round


def edited_on_the_other_phone(client, url, game, number, *entries):
    data = round_data(number, *entries) | {"round_id": game.rounds.get(number=number).pk}
    assert client.post(f"{url}rounds/{number}/edit/", data).status_code == 302


@pytest.mark.parametrize("who", ["owner", "scorer"])
def test_an_undo_confirmed_after_another_phone_edited_the_round_undoes_nothing(
    alice_client, make_game, who
):
    game = make_game(rounds=[[3, 5, 0], [2, 0, 4], [6, 1, 0]])
    scorer = phone_with_link(game)
    owner_url = f"/games/{game.pk}/"
    undoing, editing = (alice_client, scorer) if who == "owner" else (scorer, alice_client)
    undo_url = owner_url if who == "owner" else scorer.url
    edit_url = scorer.url if who == "owner" else owner_url
    page = undoing.get(f"{undo_url}undo/?round=3")
    version = page.context["form"].initial["round_version"]
    confirm = {
        "round_number": 3,
        "round_id": game.rounds.get(number=3).pk,
        "round_version": version,
    }

    edited_on_the_other_phone(editing, edit_url, game, 3, 6, 9, 0)
    refused = undoing.post(f"{undo_url}undo/", confirm)

    assert refused.status_code == 409
    said = text(refused.text)
    assert (
        "Round 3 was changed on another phone since this page was opened: nothing was undone."
        in said
    )
    assert "Ben: 9" in said  # the round as it now stands, to undo or keep
    assert stored(game)[2] == [6, 9, 0]
    confirm["round_version"] = refused.context["form"].initial["round_version"]
    assert undoing.post(f"{undo_url}undo/", confirm).status_code == 302
    assert len(stored(game)) == 2


@pytest.mark.parametrize("who", ["owner", "scorer"])
def test_an_edit_confirmed_after_another_phone_edited_the_round_changes_nothing(
    alice_client, make_game, who
):
    game = make_game(rounds=[[3, 5, 0], [2, 0, 4]])
    scorer = phone_with_link(game)
    mine, theirs = (alice_client, scorer) if who == "owner" else (scorer, alice_client)
    my_url = f"/games/{game.pk}/" if who == "owner" else scorer.url
    their_url = scorer.url if who == "owner" else f"/games/{game.pk}/"
    page = mine.get(f"{my_url}rounds/2/edit/")
    form = page.context["form"]
    mine_typed = round_data(2, 2, 0, 7) | {
        "round_id": form.initial["round_id"],
        "round_version": form.initial["round_version"],
    }

    edited_on_the_other_phone(theirs, their_url, game, 2, 2, 0, 9)
    refused = mine.post(f"{my_url}rounds/2/edit/", mine_typed)

    assert refused.status_code == 409
    said = text(refused.text)
    assert "Round 2 was changed on another phone since this page was opened" in said
    assert "your numbers (Ana 2, Ben 0, Cleo 7) were not saved" in said
    assert field(refused.text, "seat_2", 9)  # as it now stands
    assert stored(game)[1] == [2, 0, 9]


def test_an_undo_page_opened_before_the_admin_changed_the_round_undoes_nothing(
    alice_client, admin_client, make_game
):
    game = make_game(rounds=[[3, 5, 0], [2, 0, 4]])
    page = alice_client.get(f"/games/{game.pk}/undo/?round=2")
    confirm = {"round_number": 2} | {
        name: page.context["form"].initial[name] for name in ("round_id", "round_version")
    }

    assert edit_round(admin_client, game, 2, Cleo="6").status_code == 302
    refused = alice_client.post(f"/games/{game.pk}/undo/", confirm)

    assert refused.status_code == 409
    assert "Round 2 was changed on another phone" in text(refused.text)
    assert stored(game)[1] == [2, 0, 6]
