"""The card picker's markup: once per page, however many players (js/picker.js gives each row its
copy), and nothing of it without JavaScript. The browser tests check what it does."""

import re

import pytest

SIX = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")


@pytest.mark.parametrize("names", [SIX[:2], SIX])
def test_the_cards_are_in_the_page_once_however_many_players(alice_client, make_game, names):
    page = alice_client.get(f"/games/{make_game(names).pk}/").text
    assert page.count('data-card="1"') == 1
    assert page.count('class="picker-toggle"') == len(names)


def test_without_javascript_nothing_of_it_shows(alice_client, make_game):
    page = alice_client.get(f"/games/{make_game(SIX).pk}/").text
    template = re.search(r"<template data-card-picker>(.*?)</template>", page, re.S)[1]
    assert 'data-card="1"' in template and 'data-card="1"' not in page.replace(template, "")
    toggles = re.findall(r'<button type="button" class="picker-toggle"[^>]*>', page)
    assert toggles and all(" hidden" in toggle for toggle in toggles)


def test_a_finished_game_has_no_picker(alice_client, make_game):
    game = make_game(("Ana", "Ben", "Cleo"), [(31, 0, 12), (20, 3, -10)])
    assert "data-card-picker" not in alice_client.get(f"/games/{game.pk}/").text
