"""The history's filters live in the address: Back, Forward and a bookmark show in the dropdowns
the filters the list was drawn with."""

import re

from playwright.sync_api import expect

from games.models import Player


def results(page):
    return page.locator("#results-title")


def test_back_and_forward_show_the_filters_of_the_list(page, signed_in, make_game):
    make_game(names=("Ana", "Ben"))
    make_game(names=("Ana", "Dan"), kind="llama_llama")
    make_game(names=("Ben", "Dan"))
    ana = Player.objects.get(name="Ana")
    page.goto("/history/")
    expect(results(page)).to_have_text("3 games")

    page.get_by_label("Player", exact=True).select_option(label="Ana")
    expect(page).to_have_url(re.compile(rf"player={ana.pk}"))
    expect(results(page)).to_have_text("2 games")
    page.get_by_label("Game", exact=True).select_option(label="Llama Llama")
    expect(page).to_have_url(re.compile("game=llama_llama"))
    expect(results(page)).to_have_text("1 game")

    page.go_back()
    expect(page).not_to_have_url(re.compile("game=llama_llama"))
    expect(results(page)).to_have_text("2 games")
    expect(page.get_by_label("Player", exact=True)).to_have_value(str(ana.pk))
    expect(page.get_by_label("Game", exact=True)).to_have_value("")

    page.go_back()
    expect(results(page)).to_have_text("3 games")
    expect(page.get_by_label("Player", exact=True)).to_have_value("")

    page.go_forward()
    expect(results(page)).to_have_text("2 games")
    expect(page.get_by_label("Player", exact=True)).to_have_value(str(ana.pk))


def test_a_bookmarked_address_shows_its_filters(page, signed_in, make_game):
    make_game(names=("Ana", "Ben"), kind="llama_llama")
    make_game(names=("Ana", "Ben"))
    ana = Player.objects.get(name="Ana")

    page.goto(f"/history/?player={ana.pk}&game=llama_llama&status=playing")

    expect(results(page)).to_have_text("1 game")
    expect(page.get_by_label("Player", exact=True)).to_have_value(str(ana.pk))
    expect(page.get_by_label("Game", exact=True)).to_have_value("llama_llama")
    expect(page.get_by_label("Status", exact=True)).to_have_value("playing")
