"""Error pages of our own, in the site's look and in both languages: 400, 403, 404, 500, and
the live link that was turned off."""

import pytest
from django.test import Client
from django.urls import path, reverse

from games.models import ShareLink
from scorekeeper.urls import urlpatterns as site_urlpatterns
from tests.helpers.pagetext import tags, text


def boom(request):
    raise RuntimeError("a bug")


urlpatterns = [path("boom/", boom), *site_urlpatterns]


def looks_like_the_site(html):
    return 'class="topbar"' in html and "/static/app.css" in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "says"),
    [("en", "This page does not exist"), ("fr", "Cette page n’existe pas")],
)
def test_a_missing_page_is_ours_in_both_languages(client, language, says):
    response = client.get("/no/such/page/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    assert says in text(response.text)
    assert looks_like_the_site(response.text)


def test_another_accounts_game_is_the_same_404(client, bob, make_game):
    client.force_login(bob)
    response = client.get(reverse("game", args=[make_game().pk]))
    assert response.status_code == 404
    assert "This page does not exist" in text(response.text)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "says"),
    [
        ("en", "This live link was turned off by the scorekeeper"),
        ("fr", "Ce lien en direct a été coupé par la personne qui tient le score"),
    ],
)
def test_a_revoked_or_mistyped_live_link_says_so(client, make_game, language, says):
    link = ShareLink.objects.create(game=make_game(rounds=[(3, 0, 5)]))
    url = link.get_absolute_url()
    link.delete()
    for address in (url, "/live/mistyped/"):
        response = client.get(address, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 404
        assert says in text(response.text)
        assert not tags(response.text, "table") and looks_like_the_site(response.text)


@pytest.fixture
def phone(alice, make_game):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(alice)
    return phone


@pytest.mark.parametrize(
    ("language", "says"),
    [("en", "This page was open too long"), ("fr", "Cette page est restée ouverte trop longtemps")],
)
def test_a_form_refused_by_the_csrf_check_says_to_reload_the_page(phone, make_game, language, says):
    game = make_game()
    sheet = f"http://testserver{game.get_absolute_url()}"
    response = phone.post(
        reverse("round_add", args=[game.pk]),
        {"round_number": 1, "seat_0": 3, "seat_1": 0, "seat_2": 5},
        HTTP_REFERER=sheet,
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 403
    assert says in text(response.text)
    assert tags(response.text, "a", href=sheet)
    assert looks_like_the_site(response.text)
    assert not game.rounds.exists()


def test_the_csrf_page_links_back_only_to_the_site_itself(phone, make_game):
    game = make_game()
    response = phone.post(
        reverse("round_add", args=[game.pk]), {}, HTTP_REFERER="https://evil.example/"
    )
    assert response.status_code == 403
    assert "evil.example" not in response.text


def test_the_csrf_page_carries_a_fresh_token_that_saves(phone, make_game):
    """What js/save.js does on a refused save: take the token of the refusal, and save again."""
    game = make_game()
    data = {"round_number": 1, "seat_0": 3, "seat_1": 0, "seat_2": 5}
    url = reverse("round_add", args=[game.pk])
    refused = phone.post(url, data, headers={"HX-Request": "true", "X-CSRFToken": "stale" * 13})
    assert refused.status_code == 403
    token = refused.text.split('"x-csrftoken": "')[1].split('"')[0]
    saved = phone.post(url, data, headers={"HX-Request": "true", "X-CSRFToken": token})
    assert saved.status_code == 200
    assert game.rounds.count() == 1


@pytest.mark.urls(__name__)
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "says"),
    [("en", "Something went wrong on our side"), ("fr", "Quelque chose s’est mal passé chez nous")],
)
def test_a_server_error_is_ours_in_both_languages(language, says):
    client = Client(raise_request_exception=False)
    response = client.get("/boom/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 500
    assert says in text(response.content.decode())
    assert looks_like_the_site(response.content.decode())


def test_a_bad_request_is_ours(client):
    response = client.get("/", HTTP_HOST="not-allowed.example")
    assert response.status_code == 400
    assert "This request could not be understood" in text(response.content.decode())
