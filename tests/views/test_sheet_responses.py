"""Every response of the sheet is the game as stored now, and this visitor's own: Django's
CSRF token and cookie, the CSP nonce and a submission key of its own, whatever its status."""

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage.cookie import CookieStorage
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client, RequestFactory

from games.rules import Round
from games.services.rounds import replace_round, undo_last_round
from tests.helpers.pagetext import parts, tags, texts
from tests.helpers.sheet import sheet


def cells(response):
    """The rounds of the sheet's table, as markup."""
    return parts(response.text, "tbody")[0]


def numbers(response):
    return texts(cells(response), "td")


def value_of(page, name):
    return tags(page, "input", name=name)[0]["value"]


def token_of(page):
    return value_of(page, "csrfmiddlewaretoken")


def key_of(page):
    return value_of(page, "idempotency_key")


def test_an_edited_round_shows_at_once(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0]])
    assert "5" in numbers(sheet(alice_client, game))
    replace_round(game, 1, Round((3, 7, 0)))
    table = numbers(sheet(alice_client, game))
    assert "7" in table and "5" not in table


def test_an_undone_round_goes_at_once(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0], [2, 0, 4]])
    assert "Edit round 2" in cells(sheet(alice_client, game))
    undo_last_round(game, 2)
    assert "Edit round 2" not in cells(sheet(alice_client, game))


def test_a_saved_round_shows_at_once(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0]])
    sheet(alice_client, game)
    data = {"round_number": 2, "seat_0": 0, "seat_1": 12, "seat_2": 4}
    assert alice_client.post(f"/games/{game.pk}/rounds/", data).status_code == 302
    assert "12" in numbers(sheet(alice_client, game))


def test_each_response_has_its_own_token_nonce_and_submission_key(alice_client, make_game):
    game = make_game()
    first, second = sheet(alice_client, game), sheet(alice_client, game)

    def own(response):
        nonce = tags(response.text, "script", nonce=True)[0]["nonce"]
        assert f"'nonce-{nonce}'" in response["Content-Security-Policy"]
        return token_of(response.text), nonce, key_of(response.text)

    assert all(a != b for a, b in zip(own(first), own(second), strict=True))


REFUSED = {"round_number": 2, "seat_0": 99, "seat_1": 3, "seat_2": 0}  # 99: too many points
STALE = {"round_number": 1, "seat_0": 1, "seat_1": 3, "seat_2": 0}  # round 1 is saved already


@pytest.mark.parametrize(("data", "status"), [(None, 200), (REFUSED, 422), (STALE, 409)])
def test_a_sheet_of_any_status_carries_a_working_token_and_a_key_of_its_own(
    alice, make_game, data, status
):
    """A page kept with placeholders once sent them out on a render that was not a 200,
    among them one submission key shared by every visitor."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    game = make_game(rounds=[[3, 5, 0]])
    answers = []
    for _ in range(2):
        page = sheet(client, game).text
        if data is None:
            answers.append(client.get(f"/games/{game.pk}/"))
        else:
            posted = data | {"csrfmiddlewaretoken": token_of(page), "idempotency_key": key_of(page)}
            answers.append(client.post(f"/games/{game.pk}/rounds/", posted))
    assert [answer.status_code for answer in answers] == [status, status]
    secret = client.cookies["csrftoken"].value
    assert {_unmask_cipher_token(token_of(answer.text)) for answer in answers} == {secret}
    assert key_of(answers[0].text) != key_of(answers[1].text)


def test_the_token_of_a_sheet_saves_the_round_with_its_key(make_game, alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    game = make_game()
    page = sheet(client, game).text
    data = {"csrfmiddlewaretoken": token_of(page), "round_number": 1,
            "idempotency_key": key_of(page), "seat_0": 0, "seat_1": 3, "seat_2": 4}  # fmt: skip
    assert client.post(f"/games/{game.pk}/rounds/", data).status_code == 302
    assert str(game.rounds.get().idempotency_key) == key_of(page)


def test_every_sheet_renews_the_csrf_cookie(alice_client, make_game):
    """Django's own cookie handling: the cookie is sent again with each page that has a form,
    so it never runs out at the table, and a visitor without one gets one."""
    game = make_game()
    sheet(alice_client, game)
    secret = alice_client.cookies["csrftoken"].value
    again = sheet(alice_client, game)
    assert again.cookies["csrftoken"].value == secret
    del alice_client.cookies["csrftoken"]
    fresh = sheet(alice_client, game)
    assert _unmask_cipher_token(token_of(fresh.text)) == fresh.cookies["csrftoken"].value


def test_each_language_and_the_htmx_partial_have_their_own_page(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0]])
    english = sheet(alice_client, game, accept_language="en")
    french = sheet(alice_client, game, accept_language="fr")
    partial = sheet(alice_client, game, accept_language="en", hx_request="true")
    assert "Round 2" in english.text and "Manche 2" in french.text
    assert "Edit round 1" in cells(english) and "Edit round 1" not in cells(french)
    assert tags(english.text, "html") and not tags(partial.text, "html")
    assert cells(english) == cells(partial)


def test_a_message_is_shown_once(alice_client, make_game):
    game = make_game()
    sheet(alice_client, game)
    storage = CookieStorage(RequestFactory().get("/"))
    storage.add(constants.SUCCESS, "The live link no longer works.")
    alice_client.cookies["messages"] = storage._encode(list(storage._queued_messages))
    assert "The live link no longer works." in sheet(alice_client, game).text
    assert "The live link no longer works." not in sheet(alice_client, game).text


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_sheet_is_not_shown_to_another_account(client, bob, alice_client, make_game,
                                                 language):  # fmt: skip
    game = make_game()
    sheet(alice_client, game, accept_language=language)
    client.force_login(bob)
    response = client.get(f"/games/{game.pk}/", headers={"accept-language": language})
    assert response.status_code == 404


@pytest.mark.parametrize("pk", [0, 2**63 - 1, 2**63, 10**30])
def test_a_game_id_no_database_holds_is_a_404(alice_client, pk):
    assert alice_client.get(f"/games/{pk}/").status_code == 404
    assert alice_client.get(f"/games/{pk}/undo/").status_code == 404
