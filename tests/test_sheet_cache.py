"""The sheet's table is cached under a digest of what it shows: a write never leaves it stale."""

from django.core.cache import caches
from django.core.cache.utils import make_template_fragment_key

from games import services
from games.rules import Round
from games.views import sheet_version


def cells(response):
    table = response.text.split("<tbody>")[1].split("</tbody>")[0]
    return table


def test_an_edited_round_shows_at_once(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0]])
    assert "<td>5</td>" in cells(alice_client.get(f"/games/{game.pk}/"))
    services.replace_round(game, 1, Round((3, 7, 0)))
    table = cells(alice_client.get(f"/games/{game.pk}/"))
    assert "<td>7</td>" in table and "<td>5</td>" not in table


def test_an_undone_round_goes_at_once(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0], [2, 0, 4]])
    assert "Edit round 2" in cells(alice_client.get(f"/games/{game.pk}/"))
    services.undo_last_round(game, 2)
    assert "Edit round 2" not in cells(alice_client.get(f"/games/{game.pk}/"))


def test_the_htmx_partial_and_the_page_share_the_table(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0]])
    page = cells(alice_client.get(f"/games/{game.pk}/"))
    partial = cells(alice_client.get(f"/games/{game.pk}/", headers={"HX-Request": "true"}))
    assert page == partial


def test_each_language_has_its_own_table(alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0]])
    fragments = caches["template_fragments"]

    def cached(language):
        key = make_template_fragment_key("sheet_table", [sheet_version(game), language])
        return fragments.get(key) is not None

    alice_client.get(f"/games/{game.pk}/", headers={"Accept-Language": "en"})
    assert cached("en") and not cached("fr")
    alice_client.get(f"/games/{game.pk}/", headers={"Accept-Language": "fr"})
    assert cached("fr")
