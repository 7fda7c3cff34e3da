import pytest

from tests.helpers.pagetext import tags
from tests.helpers.sheet import post_round

pytestmark = pytest.mark.django_db


def test_it_asks_before_undoing(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    response = alice_client.get(f"/games/{game.pk}/undo/")
    assert response.status_code == 200
    assert "Yes, undo round 2" in response.content.decode()
    assert game.rounds.count() == 2


def test_it_undoes_the_last_round(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    response = alice_client.post(f"/games/{game.pk}/undo/", {"round_number": 2})
    assert response.status_code == 302
    assert list(game.rounds.values_list("number", flat=True)) == [1]


def test_it_does_not_undo_a_round_that_is_no_longer_the_last(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    response = alice_client.post(f"/games/{game.pk}/undo/", {"round_number": 1})
    assert response.status_code == 409
    assert game.rounds.count() == 2


def test_it_can_undo_the_round_that_ended_the_game(alice_client, make_game):
    game = make_game(rounds=[[31, 0, 5], [10, 4, 7]])
    alice_client.post(f"/games/{game.pk}/undo/", {"round_number": 2})
    game = type(game).objects.get(pk=game.pk)
    assert not game.state.finished


# An undo page is bound to the round it was opened for: by number, and by the stored round's id.


def undo_page(client, game, number=None):
    query = "" if number is None else f"?round={number}"
    return client.get(f"/games/{game.pk}/undo/{query}")


def bound_to(page):
    """The hidden fields of an undo page's form: what its button posts."""
    html = page.text
    number = tags(html, "input", name="round_number")[0]["value"]
    round_id = tags(html, "input", name="round_id")[0]["value"]
    return {"round_number": number, "round_id": round_id}


def test_the_undo_link_names_its_round(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    page = alice_client.get(f"/games/{game.pk}/").text
    assert tags(page, "a", href=f"/games/{game.pk}/undo/?round=2")


@pytest.mark.parametrize("headers", [{}, {"HX-Request": "true"}], ids=["plain", "htmx"])
def test_posting_an_undo_page_again_after_its_round_is_gone_undoes_nothing(
    alice_client, make_game, headers
):
    """Undo, Back, tap again: round 2 was undone once; round 1 stays."""
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    page = bound_to(undo_page(alice_client, game, 2))
    assert alice_client.post(f"/games/{game.pk}/undo/", page).status_code == 302

    again = alice_client.post(f"/games/{game.pk}/undo/", page, headers=headers)

    assert again.status_code == 409
    assert "Round 2 was already undone: nothing more was undone." in again.text
    assert tags(again.text, id="sheet")
    assert list(game.rounds.values_list("number", flat=True)) == [1]


def test_an_old_undo_page_does_not_undo_a_new_round_of_the_same_number(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    old = bound_to(undo_page(alice_client, game, 2))
    alice_client.post(f"/games/{game.pk}/undo/", old)
    post_round(alice_client, game, 8, 0, 2)  # a new round 2

    response = alice_client.post(f"/games/{game.pk}/undo/", old)

    assert response.status_code == 409
    assert "Round 2 was already undone" in response.text
    assert [r.entries for r in fresh(game).state.rounds] == [(12, 0, 5), (8, 0, 2)]


def test_the_undo_page_shown_again_by_back_says_its_round_is_gone(alice_client, make_game):
    """Back refetches the page (it is never stored): it shows the sheet, not round 1's undo."""
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    alice_client.post(f"/games/{game.pk}/undo/", bound_to(undo_page(alice_client, game, 2)))

    response = undo_page(alice_client, game, 2)

    assert response.status_code == 409
    assert "Round 2 was already undone" in response.text
    assert "Yes, undo round" not in response.text
    assert "no-store" in response["Cache-Control"]


def test_an_undo_page_whose_round_is_no_longer_the_last_undoes_nothing(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5]])
    page = bound_to(undo_page(alice_client, game, 1))
    post_round(alice_client, game, 3, 0, 2)  # another phone saved round 2 meanwhile

    response = alice_client.post(f"/games/{game.pk}/undo/", page)

    assert response.status_code == 409
    assert "Round 1 is no longer the last round: nothing was undone." in response.text
    assert game.rounds.count() == 2


def test_the_words_are_french_too(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    page = bound_to(undo_page(alice_client, game, 2))
    alice_client.post(f"/games/{game.pk}/undo/", page)
    response = alice_client.post(f"/games/{game.pk}/undo/", page, HTTP_ACCEPT_LANGUAGE="fr")
    assert "La manche 2 a déjà été annulée" in response.text


@pytest.mark.parametrize("junk", [{}, {"round_number": "x"}, {"round_number": 2, "round_id": "x"}])
def test_a_junk_undo_post_is_refused_and_undoes_nothing(alice_client, make_game, junk):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    response = alice_client.post(f"/games/{game.pk}/undo/", junk)
    assert response.status_code == 422
    assert game.rounds.count() == 2


def fresh(game):
    return type(game).objects.get(pk=game.pk)
