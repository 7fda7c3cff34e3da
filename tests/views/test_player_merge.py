"""Merging two players who are one person: games, figures and history follow the one who stays."""

import pytest
from pytest_django.asserts import assertInHTML

from games.models import Game, Player, Seat
from games.reports import summaries
from tests.helpers.pagetext import text


def player(owner, name):
    return Player.objects.get(owner=owner, name=name)


@pytest.fixture
def ann_and_anne(alice, make_game):
    """Ann and Anne, one person typed two ways, never at one table."""
    make_game(names=("Ann", "Ben"), rounds=[(5, 0), (-1, 31), (3, 12)])  # Ann wins on 7
    make_game(names=("Anne", "Ben"), rounds=[(31, 0), (12, 4)])  # Anne loses on 43
    make_game(names=("Anne", "Cleo"), rounds=[(0, 6)])  # in progress
    return player(alice, "Ann"), player(alice, "Anne")


def figures(one):
    return {figures.kind: figures.stats for figures in summaries.player_figures(one)}


def test_the_merged_player_has_the_figures_of_both_players_games(alice_client, ann_and_anne):
    ann, anne = ann_and_anne

    response = alice_client.post(f"/players/{ann.pk}/merge/", {"into": anne.pk})

    assert response.status_code == 302 and response.url == f"/players/{anne.pk}/"
    stats = figures(anne)["lama"]
    assert (stats.games, stats.finished, stats.sole_wins) == (3, 2, 1)
    assert stats.average_final == 25.0 and stats.best_final == 7
    page = " ".join(alice_client.get(f"/players/{anne.pk}/").text.split())
    assertInHTML('<dt>Games played</dt><dd>3 <span class="muted">(2 finished)</span></dd>', page)
    assertInHTML("<dt>Win rate</dt><dd>50%</dd>", page)


def test_the_history_and_the_sheets_follow_the_merge(alice_client, ann_and_anne):
    ann, anne = ann_and_anne
    first = Game.objects.get(seat__player=ann)
    sheet_before = alice_client.get(first.get_absolute_url()).text  # kept under its version

    alice_client.post(f"/players/{ann.pk}/merge/", {"into": anne.pk})

    assert not Player.objects.filter(pk=ann.pk).exists()
    assert Game.objects.get(pk=first.pk).version != first.version
    assert "Ann" in text(sheet_before) and "Anne" not in text(sheet_before)
    assert "Anne" in text(alice_client.get(first.get_absolute_url()).text)
    listed = text(alice_client.get(f"/history/?player={anne.pk}").text)
    assert "3 games" in listed
    assert alice_client.get(f"/history/?player={ann.pk}").status_code == 422  # gone


def test_players_who_played_together_are_not_merged(alice_client, alice, make_game, ann_and_anne):
    ann, anne = ann_and_anne
    together = make_game(names=("Ann", "Anne"))

    response = alice_client.post(f"/players/{ann.pk}/merge/", {"into": anne.pk})

    assert response.status_code == 422
    page = text(response.text)
    assert "Ann and Anne played 1 game together, and a game cannot seat one person twice" in page
    assert together.get_absolute_url() in response.text  # the game to look at
    assert Seat.objects.filter(player=ann).count() == 2  # nothing moved


def test_a_merge_refused_while_it_runs_moves_nothing(alice, make_game, ann_and_anne):
    from games.services.players import PlayedTogether, merge_players

    ann, anne = ann_and_anne
    make_game(names=("Anne", "Ann"))
    versions = dict(Game.objects.values_list("pk", "version"))

    with pytest.raises(PlayedTogether):
        merge_players(ann, anne)

    assert dict(Game.objects.values_list("pk", "version")) == versions
    assert Seat.objects.filter(player=ann).count() == 2


@pytest.mark.parametrize("data", [{}, {"into": ""}, {"into": "nonsense"}, {"into": "999999"}])
def test_an_invalid_merge_is_refused_with_422(alice_client, ann_and_anne, data):
    ann, _anne = ann_and_anne
    assert alice_client.post(f"/players/{ann.pk}/merge/", data).status_code == 422
    assert Player.objects.filter(pk=ann.pk).exists()


def test_a_player_cannot_be_merged_into_themselves(alice_client, ann_and_anne):
    ann, _anne = ann_and_anne
    assert alice_client.post(f"/players/{ann.pk}/merge/", {"into": ann.pk}).status_code == 422


def test_an_accounts_player_cannot_be_merged_into_another_accounts(
    client, bob, alice, make_game, ann_and_anne
):
    """(Alice's players are a 404 to bob: tests/security/test_ownership.py.)"""
    _ann, anne = ann_and_anne
    make_game(names=("Bea", "Bo"), owner=bob)
    bea = player(bob, "Bea")
    client.force_login(bob)

    # Bob's own player cannot be merged into one of alice's: not among his choices.
    assert client.post(f"/players/{bea.pk}/merge/", {"into": anne.pk}).status_code == 422
    assert Seat.objects.filter(player=anne).count() == 2


def test_the_choices_are_the_other_players_with_games(alice_client, alice, ann_and_anne):
    ann, _anne = ann_and_anne
    Player.objects.create(owner=alice, name="Zed")  # no game

    page = alice_client.get(f"/players/{ann.pk}/merge/").text

    assert ">Anne</option>" in page and ">Ben</option>" in page
    assert ">Ann</option>" not in page and "Zed" not in page


def test_it_requires_login(client, ann_and_anne):
    ann, anne = ann_and_anne
    assert client.post(f"/players/{ann.pk}/merge/", {"into": anne.pk}).status_code == 302
    assert Player.objects.filter(pk=ann.pk).exists()


def test_a_merge_that_would_seat_look_alikes_at_one_table_is_refused(
    alice_client, alice, make_game, ann_and_anne
):
    ann, anne = ann_and_anne
    make_game(names=("Ann", "\u0410nne"))  # a Cyrillic А

    response = alice_client.post(f"/players/{ann.pk}/merge/", {"into": anne.pk})

    assert response.status_code == 422
    assert "\u0410nne played at a table of Ann and looks just like Anne" in text(response.text)
    assert Player.objects.filter(pk=ann.pk).exists()
