"""The card picker's markup: once per page, however many players (js/picker.js gives each row its
copy), and nothing of it without JavaScript. The browser tests check what it does."""

import pytest

from tests.helpers.pagetext import parts, tags

SIX = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")


@pytest.mark.parametrize("names", [SIX[:2], SIX])
def test_the_cards_are_in_the_page_once_however_many_players(alice_client, make_game, names):
    page = alice_client.get(f"/games/{make_game(names).pk}/").text
    assert len(tags(page, data_card="1")) == 1
    assert len(tags(page, "button", class_="picker-toggle")) == len(names)


def test_without_javascript_nothing_of_it_shows(alice_client, make_game):
    page = alice_client.get(f"/games/{make_game(SIX).pk}/").text
    [template] = parts(page, "template", data_card_picker=True)
    assert tags(template, data_card="1") and not tags(page.replace(template, ""), data_card="1")
    toggles = tags(page, "button", type="button", class_="picker-toggle")
    assert toggles and all("hidden" in toggle for toggle in toggles)


def test_a_finished_game_has_no_picker(alice_client, make_game):
    game = make_game(("Ana", "Ben", "Cleo"), [(31, 0, 12), (20, 3, -10)])
    assert "data-card-picker" not in alice_client.get(f"/games/{game.pk}/").text
