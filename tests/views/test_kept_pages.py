"""Sheets are kept rendered under their game's revision (games/pages.py): never stale, never
shared between visitors, and each response carries its own token, nonce and submission key."""

import re
from collections import Counter

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage.cookie import CookieStorage
from django.middleware.csrf import _unmask_cipher_token
from django.test import RequestFactory

from games import services
from games.rules import Round


def cells(response):
    return response.text.split("<tbody>")[1].split("</tbody>")[0]


def sheet(client, game, **headers):
    response = client.get(f"/games/{game.pk}/", headers=headers)
    assert response.status_code == 200
    return response


def test_an_edited_round_shows_at_once(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0]])
    assert "<td>5</td>" in cells(sheet(alice_client, game))
    services.replace_round(game, 1, Round((3, 7, 0)))
    table = cells(sheet(alice_client, game))
    assert "<td>7</td>" in table and "<td>5</td>" not in table


def test_an_undone_round_goes_at_once(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0], [2, 0, 4]])
    assert "Edit round 2" in cells(sheet(alice_client, game))
    services.undo_last_round(game, 2)
    assert "Edit round 2" not in cells(sheet(alice_client, game))


def test_a_saved_round_shows_at_once(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0]])
    sheet(alice_client, game)
    data = {"round_number": 2, "seat_0": 0, "seat_1": 12, "seat_2": 4}
    assert alice_client.post(f"/games/{game.pk}/rounds/", data).status_code == 302
    assert "<td>12</td>" in cells(sheet(alice_client, game))


def test_a_kept_page_costs_one_query_besides_the_user(
    alice_client, make_game, django_assert_num_queries
):
    game = make_game(rounds=[[3, 5, 0]] * 3)
    sheet(alice_client, game)
    # the user and the game's revision; the session comes from the cache
    with django_assert_num_queries(2):
        sheet(alice_client, game)


def test_each_response_has_its_own_token_nonce_and_submission_key(alice_client, make_game):
    game = make_game()
    first, second = sheet(alice_client, game), sheet(alice_client, game)

    def own(response):
        token = token_of(response.text)
        nonce = re.search(r'<script[^>]* nonce="([^"]+)"', response.text)[1]
        key = re.search(r'name="idempotency_key" value="([^"]+)"', response.text)[1]
        assert f"'nonce-{nonce}'" in response["Content-Security-Policy"]
        return token, nonce, key

    assert all(a != b for a, b in zip(own(first), own(second), strict=True))
    assert "csrf" not in own(second)[0][:4] and "nonce" not in own(second)[1][:5]


def test_the_token_in_a_kept_page_is_accepted(make_game, alice):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    game = make_game()
    sheet(client, game)
    page = sheet(client, game).text
    token = token_of(page)
    key = re.search(r'name="idempotency_key" value="([^"]+)"', page)[1]
    data = {"csrfmiddlewaretoken": token, "round_number": 1, "idempotency_key": key,
            "seat_0": 0, "seat_1": 3, "seat_2": 4}  # fmt: skip
    assert client.post(f"/games/{game.pk}/rounds/", data).status_code == 302
    assert game.rounds.get().idempotency_key.hex == key.replace("-", "")


def test_the_tokens_of_kept_pages_carry_the_cookie_secret_under_an_even_mask(
    alice_client, make_game
):
    game = make_game()
    sheet(alice_client, game)
    secret = alice_client.cookies["csrftoken"].value
    tokens = [token_of(sheet(alice_client, game).text) for _ in range(200)]
    assert {_unmask_cipher_token(token) for token in tokens} == {secret}
    masks = "".join(token[:32] for token in tokens)
    # every one of the 62 characters turns up about as often (6400 draws: ~103 each)
    counts = Counter(masks)
    assert len(counts) == 62 and min(counts.values()) > 50 and max(counts.values()) < 170


def test_a_visitor_without_a_csrf_cookie_gets_one_with_the_page(alice_client, make_game):
    game = make_game()
    sheet(alice_client, game)
    del alice_client.cookies["csrftoken"]
    response = sheet(alice_client, game)
    secret = response.cookies["csrftoken"].value
    assert _unmask_cipher_token(token_of(response.text)) == secret


def token_of(page):
    return re.search(r'name="csrfmiddlewaretoken" value="(\w+)"', page)[1]


def test_each_language_and_the_htmx_partial_have_their_own_page(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0]])
    english = sheet(alice_client, game, accept_language="en")
    french = sheet(alice_client, game, accept_language="fr")
    partial = sheet(alice_client, game, accept_language="en", hx_request="true")
    assert "Round 2" in english.text and "Manche 2" in french.text
    assert "<html" in english.text and "<html" not in partial.text
    assert cells(english) == cells(partial)


def test_a_page_with_a_message_is_shown_once_and_not_kept(alice_client, make_game):
    game = make_game()
    sheet(alice_client, game)
    request = RequestFactory().get("/")
    storage = CookieStorage(request)
    storage.add(constants.SUCCESS, "The live link no longer works.")
    cookie = storage._encode(list(storage._queued_messages))
    alice_client.cookies["messages"] = cookie
    assert "The live link no longer works." in sheet(alice_client, game).text
    assert "The live link no longer works." not in sheet(alice_client, game).text


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_kept_page_is_not_shown_to_another_account(client, bob, alice_client, make_game,
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
