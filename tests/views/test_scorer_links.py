"""Scorer links: the owner hands the scoring of one game to another phone, and takes it back.

The holder of a link scores through the sheet's own views (games/views/access.py): what
they save is checked by the same rules, meets the same stale-page path, and says which link
saved it. tests/security/test_scorer_link_routes.py walks every other URL with a link.
"""

import uuid
from urllib.parse import urlencode

import pytest
from django.utils import timezone

from games.models import Round, ScorerLink
from tests.helpers.pagetext import parts, tags, text


@pytest.fixture
def game(make_game):
    return make_game(rounds=[(3, 0, 5)])


@pytest.fixture
def link(alice_client, game):
    alice_client.post(f"/games/{game.pk}/scorers/")
    return ScorerLink.objects.get(game=game)


def round_data(number, *entries, **extra):
    data = {"round_number": number, "idempotency_key": uuid.uuid4(), "last_to_quit": ""}
    return data | {f"seat_{seat}": value for seat, value in enumerate(entries)} | extra


def test_the_owner_creates_numbered_unguessable_links_with_qr_codes(alice_client, game):
    alice_client.post(f"/games/{game.pk}/scorers/")
    alice_client.post(f"/games/{game.pk}/scorers/")

    first, second = ScorerLink.objects.filter(game=game)
    assert (first.number, second.number) == (1, 2)
    assert first.token != second.token and len(first.token) >= 32
    page = alice_client.get(f"/games/{game.pk}/scorers/").text
    assert f"http://testserver/s/{second.token}/" in page
    assert tags(page, "img", src=f"/games/{game.pk}/scorers/2/qr.svg")
    assert "Turn off scorer link 2" in page
    qr = alice_client.get(f"/games/{game.pk}/scorers/2/qr.svg")
    assert qr["Content-Type"] == "image/svg+xml" and qr.content.startswith(b"<svg")


def test_the_scorer_link_is_not_the_live_link(alice_client, game, link):
    alice_client.post(f"/games/{game.pk}/share/")
    live = game.share_link.token

    assert live != link.token
    assert alice_client.get(f"/live/{link.token}/").status_code == 404
    assert alice_client.get(f"/s/{live}/").status_code == 404


def test_a_scorer_without_an_account_adds_a_round_that_names_their_link(client, game, link):
    sheet = client.get(f"/s/{link.token}/")
    assert sheet.status_code == 200
    assert tags(sheet.text, "form", action=f"/s/{link.token}/rounds/")
    assert f"/games/{game.pk}/" not in sheet.text  # no link to the owner's pages

    saved = client.post(f"/s/{link.token}/rounds/", round_data(2, 2, 4, 0))

    assert saved.status_code == 302 and saved["Location"] == f"/s/{link.token}/"
    assert Round.objects.get(game=game, number=2).saved_by == link
    assert Round.objects.get(game=game, number=1).saved_by is None
    assert "Round 2 saved by scorer link 1" in client.get(f"/s/{link.token}/").text


def test_the_owners_sheet_says_which_link_saved_each_round(alice_client, client, game, link):
    client.post(f"/s/{link.token}/rounds/", round_data(2, 2, 4, 0))
    client.post(f"/s/{link.token}/rounds/", round_data(3, 1, 0, 2))

    page = alice_client.get(f"/games/{game.pk}/").text

    assert "Rounds 2 and 3 saved by scorer link 1" in page
    assert "Round 1 saved by" not in page


def test_htmx_gets_the_scorers_sheet_partial(client, link):
    response = client.post(
        f"/s/{link.token}/rounds/", round_data(2, 2, 4, 0), headers={"HX-Request": "true"}
    )

    assert response.status_code == 200
    assert parts(response.text, "section", id="sheet") == [response.text.strip()]
    [board] = tags(response.text, id="board")
    assert board["data-hx-get"].startswith(f"/s/{link.token}/board/")


def test_a_round_the_rules_refuse_is_refused_for_the_scorer_too(client, game, link):
    response = client.post(f"/s/{link.token}/rounds/", round_data(2, 99, 0, 0))

    assert response.status_code == 422
    assert tags(response.text, "input", name="seat_0", value="99")
    assert game.rounds.count() == 1


def test_two_scorers_saving_one_round_meet_the_stale_page_path(alice_client, client, game, link):
    alice_client.post(f"/games/{game.pk}/scorers/")
    other = ScorerLink.objects.get(game=game, number=2)
    client.post(f"/s/{link.token}/rounds/", round_data(2, 2, 4, 0))

    late = client.post(f"/s/{other.token}/rounds/", round_data(2, 7, 0, 1))

    assert late.status_code == 409
    assert "Ana 7, Ben 0, Cleo 1" in late.text
    assert tags(late.text, "input", name="round_number", value="3")
    assert tags(late.text, "input", name="seat_0", value="7")
    assert tags(late.text, "form", action=f"/s/{other.token}/rounds/")
    assert list(game.rounds.values_list("number", flat=True)) == [1, 2]


def test_a_scorer_edits_a_round_and_becomes_who_saved_it(client, game, link):
    page = client.get(f"/s/{link.token}/rounds/1/edit/")
    assert tags(page.text, "form", action=f"/s/{link.token}/rounds/1/edit/")
    assert tags(page.text, "a", href=f"/s/{link.token}/")

    edited = client.post(f"/s/{link.token}/rounds/1/edit/", round_data(1, 4, 0, 5))

    assert edited.status_code == 302 and edited["Location"] == f"/s/{link.token}/"
    assert game.state.rounds[0].entries == (4, 0, 5)
    assert Round.objects.get(game=game, number=1).saved_by == link


def test_a_scorer_undoes_the_last_round(client, game, link):
    page = client.get(f"/s/{link.token}/undo/")
    assert "Yes, undo round 1" in page.text and tags(page.text, "a", href=f"/s/{link.token}/")

    undone = client.post(f"/s/{link.token}/undo/", {"round_number": 1})

    assert undone["Location"] == f"/s/{link.token}/"
    assert not game.rounds.exists()


def test_the_scorers_sheet_has_no_delete_share_history_nor_place(client, game, link):
    page = client.get(f"/s/{link.token}/").text

    for owners in ("/delete/", "/share/", "/scorers/", "/about/", "/history/", ".json"):
        assert owners not in page, owners
    assert tags(page, "a", href=f"/s/{link.token}/undo/?round=1")


def test_a_revoked_link_stops_at_once_even_mid_form(alice_client, client, game, link):
    sheet = client.get(f"/s/{link.token}/")
    assert sheet.status_code == 200

    revoked = alice_client.post(f"/games/{game.pk}/scorers/1/revoke/")
    assert revoked.status_code == 302
    late = client.post(f"/s/{link.token}/rounds/", round_data(2, 2, 4, 0))

    assert late.status_code == 404
    assert "This scorer link was turned off" in late.text
    assert "Ana: 2" in late.text and "Ben: 4" in late.text  # the numbers typed, not lost
    assert game.rounds.count() == 1
    for path in ("", "undo/", "rounds/1/edit/"):
        assert client.get(f"/s/{link.token}/{path}").status_code == 404
    assert client.get(f"/s/{link.token}/board/").status_code == 286  # see below
    assert client.post(f"/s/{link.token}/undo/", {"round_number": 1}).status_code == 404
    assert game.rounds.count() == 1


def test_a_revoked_link_keeps_naming_the_rounds_it_saved(alice_client, client, game, link):
    client.post(f"/s/{link.token}/rounds/", round_data(2, 2, 4, 0))
    alice_client.post(f"/games/{game.pk}/scorers/1/revoke/")
    alice_client.post(f"/games/{game.pk}/scorers/")

    assert "Round 2 saved by scorer link 1" in alice_client.get(f"/games/{game.pk}/").text
    assert ScorerLink.objects.get(game=game, revoked_at=None).number == 2


def test_a_mistyped_token_is_a_404_without_a_500(client, link):
    assert client.get("/s/not-a-token/").status_code == 404
    assert client.post("/s/not-a-token/rounds/", {"seat_x": "1"}).status_code == 404


@pytest.mark.parametrize("seat", ["9" * 5000, "²", "99", "-1"])
def test_a_revoked_links_page_names_no_seat_for_an_odd_field(client, link, seat):
    """int() refuses a 5,000-digit number, and "²" is a digit to str.isdigit()."""
    link.revoked_at = timezone.now()
    link.save()

    body = urlencode({"seat_0": "3", f"seat_{seat}": "7"})  # as a form posts it, not multipart
    form = "application/x-www-form-urlencoded"
    response = client.post(f"/s/{link.token}/rounds/", body, content_type=form)

    assert response.status_code == 404
    assert "Ana: 3" in response.text and "?: 7" in response.text


def test_the_board_is_a_204_until_someone_else_saves(alice_client, client, game, link):
    seen = type(game).objects.get(pk=game.pk).version
    board = f"/games/{game.pk}/board/?seen={seen}"

    assert alice_client.get(board).status_code == 204
    client.post(f"/s/{link.token}/rounds/", round_data(2, 2, 4, 0))
    news = alice_client.get(board)

    assert news.status_code == 200
    assert tags(news.text, id="board") and "Round 3" in news.text
    assert tags(news.text, id="sheet-actions", data_hx_swap_oob="true")
    assert "Undo round 2" in news.text
    # The form follows: the next round's, out of band (js/live.js keeps what was typed).
    [form] = parts(news.text, id="sheet-form", data_hx_swap_oob="true")
    assert "Points for round 3" in text(form)
    assert tags(form, "input", name="round_number", value="3")


def test_the_admin_says_which_link_saved_each_round(admin_client, client, game, link):
    client.post(f"/s/{link.token}/rounds/", round_data(2, 2, 4, 0))

    page = admin_client.get(f"/admin/games/game/{game.pk}/change/").text
    saved = admin_client.get(f"/admin/games/round/{game.rounds.get(number=2).pk}/change/").text

    assert "Scorer link 1" in page and "the owner’s account" in page
    assert "Scorer link 1" in saved


def test_a_signed_out_owners_board_poll_stops_polling_and_swaps_nothing(client, game):
    response = client.get(f"/games/{game.pk}/board/?seen=0", headers={"HX-Request": "true"})

    assert response.status_code == 286  # htmx's "stop polling", not the log-in page
    assert response["HX-Reswap"] == "none" and not response.content
    assert client.get(f"/games/{game.pk}/board/?seen=0").status_code == 403


def test_a_board_poll_after_revocation_stops_polling_and_says_why(alice_client, client, link):
    alice_client.post(f"/games/{link.game.pk}/scorers/1/revoke/")

    poll = client.get(f"/s/{link.token}/board/?seen=0", headers={"HX-Request": "true"})

    assert poll.status_code == 286  # htmx's "stop polling"
    assert tags(poll.text, id="board") and "turned off by the game’s owner" in poll.text
    assert "Ana" not in poll.text


@pytest.mark.engine
def test_a_board_poll_while_nothing_changed_costs_one_query_a_phone(
    alice_client, client, game, link, django_assert_num_queries
):
    seen = type(game).objects.get(pk=game.pk).version
    htmx = {"HX-Request": "true"}

    with django_assert_num_queries(1):  # the link, with its game's version
        assert client.get(f"/s/{link.token}/board/?seen={seen}", headers=htmx).status_code == 204
    with django_assert_num_queries(3):  # the session, its user, then the game's version
        assert (
            alice_client.get(f"/games/{game.pk}/board/?seen={seen}", headers=htmx).status_code
            == 204
        )
