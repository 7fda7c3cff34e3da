"""A scorer is told the truth: a save that committed is said to be saved whatever happens to
the link afterwards; a save refused because the link stopped says so, and that nothing was
saved. A link stops when its game is over (its owner still corrects it) and after
SCORER_LINK_DAYS."""

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Round, ScorerLink
from games.rules import Round as Played
from games.services import saves
from games.services.links import add_scorer_link, revoke_scorer_link
from games.services.rounds import add_round
from tests.helpers.pagetext import text

HTMX = {"HX-Request": "true"}
LAST_ROUND = (31, 0, 3)  # after (10, 0, 5): Ana reaches 41, and the game ends


@pytest.fixture
def game(make_game):
    return make_game(rounds=[(10, 0, 5)])


@pytest.fixture
def link(game):
    return add_scorer_link(game)


def round_data(number, *entries):
    data = {"round_number": number, "idempotency_key": uuid.uuid4(), "last_to_quit": ""}
    return data | {f"seat_{seat}": value for seat, value in enumerate(entries)}


def turned_off_around_the_save(monkeypatch, link, before):
    """The owner turns `link` off just before the service saves, or just after it committed."""
    real = saves.add_round  # what save_round calls

    def add_round(*args, **kwargs):
        if before:
            revoke_scorer_link(link)
        saved = real(*args, **kwargs)
        if not before:
            revoke_scorer_link(link)
        return saved

    monkeypatch.setattr(saves, "add_round", add_round)


def test_a_save_committed_before_the_link_was_turned_off_is_said_saved(
    client, game, link, monkeypatch
):
    turned_off_around_the_save(monkeypatch, link, before=False)
    sent = round_data(2, 4, 0, 2)

    answer = client.post(f"/s/{link.token}/rounds/", sent, headers=HTMX)
    again = client.post(f"/s/{link.token}/rounds/", sent, headers=HTMX)  # its answer was lost

    assert game.rounds.count() == 2
    assert answer.status_code == 200 and "Round 2 saved." in answer.text
    assert again.status_code == 404 and "turned off by the game’s owner" in again.text
    assert "Round 2 was saved before the link stopped" in again.text
    assert "Nothing was saved" not in again.text


def test_a_save_reaching_a_link_turned_off_meanwhile_is_refused_and_says_so(
    client, game, link, monkeypatch
):
    turned_off_around_the_save(monkeypatch, link, before=True)

    answer = client.post(f"/s/{link.token}/rounds/", round_data(2, 4, 0, 2), headers=HTMX)

    assert game.rounds.count() == 1
    assert answer.status_code == 404
    assert "turned off by the game’s owner" in answer.text
    assert "Nothing was saved" in answer.text and "Ana: 4" in answer.text


def test_the_save_that_ends_the_game_shows_the_end_and_the_link_then_only_shows_it(
    client, game, link
):
    answer = client.post(f"/s/{link.token}/rounds/", round_data(2, *LAST_ROUND), headers=HTMX)
    page = client.get(f"/s/{link.token}/")

    assert Round.objects.filter(game=game).count() == 2
    assert answer.status_code == 200 and "Round 2 saved." in answer.text
    for shown in (answer, page):
        assert "Ben wins!" in shown.text and "Final standings" in shown.text
        assert f'href="/s/{link.token}/result.png"' in shown.text
        assert "Its owner can still correct it." in shown.text
        assert "Undo round" not in shown.text and "round-form" not in shown.text
        assert f"/games/{game.pk}/" not in shown.text  # nothing of the owner's pages
        assert "below" not in text(shown.text)
    assert page.status_code == 200


def test_a_finished_games_link_gives_its_result_picture_and_a_turned_off_one_does_not(
    client, game, link
):
    add_round(game, Played(LAST_ROUND), 2)

    picture = client.get(f"/s/{link.token}/result.png")
    revoke_scorer_link(link)
    gone = client.get(f"/s/{link.token}/result.png")

    assert picture.status_code == 200 and picture["Content-Type"] == "image/png"
    assert gone.status_code == 404


def test_a_game_in_play_has_no_result_picture_for_its_link(client, game, link):
    assert client.get(f"/s/{link.token}/result.png").status_code == 404


def test_a_finished_games_link_edits_nothing_and_its_owner_still_corrects_it(
    alice_client, client, make_game
):
    game = make_game(rounds=[(10, 0, 5), LAST_ROUND])
    link = ScorerLink.objects.create(game=game, number=1)
    edit = round_data(2, 30, 0, 3) | {"round_number": 2}

    refused = client.post(f"/s/{link.token}/rounds/2/edit/", edit)
    undo = client.post(f"/s/{link.token}/undo/", {"round_number": 2})
    corrected = alice_client.post(f"/games/{game.pk}/rounds/2/edit/", edit)

    assert (refused.status_code, undo.status_code) == (404, 404)
    assert "This game is over" in refused.text and "Nothing was saved" in refused.text
    assert corrected.status_code == 302
    assert list(game.rounds.get(number=2).entries.values_list("value", flat=True)) == [30, 0, 3]
    assert (
        "a scorer link could no longer change it"
        in alice_client.post(f"/games/{game.pk}/scorers/", follow=True).text
    )
    assert game.scorer_links.count() == 1


@pytest.mark.parametrize(("age", "works"), [(timedelta(days=1, hours=23), True),
                                            (timedelta(days=2, minutes=1), False)])  # fmt: skip
def test_a_link_expires_after_scorer_link_days(client, game, link, age, works):
    ScorerLink.objects.filter(pk=link.pk).update(created_at=timezone.now() - age)

    sheet = client.get(f"/s/{link.token}/")
    saved = client.post(f"/s/{link.token}/rounds/", round_data(2, 4, 0, 2))

    assert (sheet.status_code, saved.status_code) == ((200, 302) if works else (404, 404))
    assert game.rounds.count() == (2 if works else 1)
    if not works:
        assert "This scorer link has expired" in saved.text
        assert "A scorer link works for 2 days" in saved.text


def test_scorer_link_days_is_a_setting(client, game, link, settings):
    settings.SCORER_LINK_DAYS = 7
    ScorerLink.objects.filter(pk=link.pk).update(created_at=timezone.now() - timedelta(days=6))

    assert client.get(f"/s/{link.token}/").status_code == 200


def test_a_board_poll_after_the_game_ended_shows_the_end_read_only(client, game, link):
    add_round(game, Played(LAST_ROUND), 2)

    poll = client.get(f"/s/{link.token}/board/?seen=0", headers=HTMX)

    assert poll.status_code == 200
    assert "Ben wins!" in poll.text and "Its owner can still correct it." in poll.text
    assert "Final standings" in poll.text and "Undo round" not in poll.text


def test_a_board_poll_of_a_link_turned_off_says_so_without_numbers_that_are_not_there(
    client, game, link
):
    add_round(game, Played(LAST_ROUND), 2)
    ScorerLink.objects.filter(pk=link.pk).update(created_at=timezone.now() - timedelta(days=3))

    poll = client.get(f"/s/{link.token}/board/?seen=0", headers=HTMX)

    assert poll.status_code == 286
    assert "This game is over" in poll.text and "owner can still correct it" in poll.text
    assert "below" not in text(poll.text)


def test_an_undo_reaching_a_link_turned_off_meanwhile_undoes_nothing(
    client, game, link, monkeypatch
):
    """The link is asked again inside the undo's transaction, as a save's is: a revocation
    that commits between the page's door and the delete wins."""
    real = saves.undo_last_round

    def revoked_first(*args, **kwargs):
        revoke_scorer_link(link)
        return real(*args, **kwargs)

    monkeypatch.setattr(saves, "undo_last_round", revoked_first)

    answer = client.post(f"/s/{link.token}/undo/", {"round_number": 1})

    assert answer.status_code == 404
    assert game.rounds.count() == 1


def test_an_undo_committed_before_the_link_was_turned_off_stands(client, game, link):
    undone = client.post(f"/s/{link.token}/undo/", {"round_number": 1})
    revoke_scorer_link(link)

    assert undone.status_code == 302
    assert game.rounds.count() == 0
