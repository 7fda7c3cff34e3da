import re

import pytest
from django.urls import reverse

from games.models import Game, ShareLink
from tests.helpers.pagetext import tags


@pytest.fixture
def shared(make_game):
    game = make_game(rounds=[(3, 0, 5)])
    return ShareLink.objects.create(game=game)


def test_it_creates_one_unguessable_link_per_game(alice_client, make_game):
    game, other = make_game(), make_game()
    alice_client.post(f"/games/{game.pk}/share/")
    alice_client.post(f"/games/{game.pk}/share/")
    alice_client.post(f"/games/{other.pk}/share/")

    tokens = list(ShareLink.objects.values_list("token", flat=True))
    assert len(tokens) == 2 and tokens[0] != tokens[1]
    assert all(len(token) >= 32 for token in tokens)


def test_the_share_page_shows_the_link_and_its_qr_code(alice_client, shared):
    response = alice_client.get(f"/games/{shared.game.pk}/share/")

    assert f"http://testserver/live/{shared.token}/" in response.text
    assert tags(response.text, "img", src=f"/games/{shared.game.pk}/share/qr.svg")


def test_the_qr_code_is_an_svg_without_inline_style(alice_client, shared):
    response = alice_client.get(f"/games/{shared.game.pk}/share/qr.svg")

    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")
    assert not tags(response.text, style=True) and not tags(response.text, "style")


def test_anyone_with_the_link_sees_the_sheet_without_any_form(client, shared):
    response = client.get(f"/live/{shared.token}/")

    assert response.status_code == 200
    assert "Ana" in response.text and "Round 2" in response.text
    # No form but, where the page has one, the language switch.
    forms = tags(response.text, "form")
    assert all(form.get("action") == reverse("set_language") for form in forms)
    assert f"/games/{shared.game.pk}/" not in response.text
    assert tags(response.text, aria_live="polite")


def test_it_refuses_every_write_through_the_link(client, shared):
    token = shared.token

    assert client.post(f"/live/{token}/", {"seat_0": 1}).status_code == 405
    assert client.put(f"/live/{token}/").status_code == 405
    assert client.delete(f"/live/{token}/").status_code == 405
    assert client.post(f"/live/{token}/rounds/").status_code == 404
    saved = client.post(f"/games/{shared.game.pk}/rounds/", {"seat_0": 1, "round_number": 2})
    assert saved.status_code == 302 and "/accounts/login/" in saved["Location"]
    assert shared.game.rounds.count() == 1


def test_an_unknown_token_is_a_404(client, shared):
    assert client.get(f"/live/{shared.token}x/").status_code == 404


def test_a_poll_gets_no_content_while_nothing_changed(client, shared):
    first = client.get(f"/live/{shared.token}/")
    seen = Game.objects.get(pk=shared.game.pk).version
    assert f"seen={seen}" in first.text

    response = client.get(f"/live/{shared.token}/", {"seen": seen}, headers={"HX-Request": "true"})

    assert response.status_code == 204


def test_a_poll_gets_the_new_round_and_its_announcement(client, shared):
    from games import rules
    from games.services.rounds import add_round

    seen = Game.objects.get(pk=shared.game.pk).version
    add_round(shared.game, rules.Round((1, 2, 0)), 2)

    response = client.get(f"/live/{shared.token}/", {"seen": seen}, headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert not tags(response.text, "html")
    assert tags(response.text, data_hx_swap_oob="innerHTML")
    assert "Round 2 saved. Totals: Ana 4, Ben 2, Cleo 5." in response.text


def test_revoking_asks_for_confirmation_first(alice_client, shared):
    response = alice_client.get(f"/games/{shared.game.pk}/share/stop/")

    assert "Yes, stop sharing" in response.text
    assert ShareLink.objects.filter(pk=shared.pk).exists()


def test_a_revoked_link_is_a_404(alice_client, client, shared):
    alice_client.post(f"/games/{shared.game.pk}/share/stop/")

    assert not ShareLink.objects.exists()
    assert client.get(f"/live/{shared.token}/").status_code == 404


@pytest.mark.engine
def test_the_live_view_queries_do_not_grow_with_the_rounds(
    client, make_game, django_assert_max_num_queries
):
    short = ShareLink.objects.create(game=make_game(rounds=[(3, 0, 5)]))
    long = ShareLink.objects.create(game=make_game(rounds=[(3, 0, 5), (1, 2, 0)] * 3))
    with django_assert_max_num_queries(6) as short_queries:
        client.get(f"/live/{short.token}/")
    with django_assert_max_num_queries(len(short_queries.captured_queries)):
        client.get(f"/live/{long.token}/")


def test_a_poll_sees_a_player_renamed_by_staff(admin_client, client, shared):
    from games.models import Player

    first = client.get(f"/live/{shared.token}/")
    seen = re.search(r"seen=(\w+)", first.text)[1]
    ben = Player.objects.get(name="Ben")
    admin_client.post(f"/admin/games/player/{ben.pk}/change/", {"name": "Benjamin"})

    response = client.get(f"/live/{shared.token}/", {"seen": seen}, headers={"HX-Request": "true"})

    assert response.status_code == 200 and "Benjamin" in response.text


@pytest.mark.engine
def test_a_poll_while_nothing_changed_costs_one_query(client, shared, django_assert_num_queries):
    seen = Game.objects.get(pk=shared.game.pk).version
    with django_assert_num_queries(1):
        response = client.get(
            f"/live/{shared.token}/", {"seen": seen}, headers={"HX-Request": "true"}
        )
    assert response.status_code == 204
