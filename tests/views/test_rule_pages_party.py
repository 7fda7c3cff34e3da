"""The page of the L.A.M.A. Party Edition: what it adds to L.L.A.M.A., the rule summaries'
examples computed by the rules module (the pink llama with two llamas, a pink chip given back
at 23, a black one at 15), and the way there from a sheet of such a game."""

import re

import pytest
from django.urls import reverse

from games.rulebook import party as book
from games.rules import lama, party
from tests.helpers.pagetext import parts, tags, text

LANGUAGES = ("en", "fr", "de", "pl")
PARTY = party.RULES
TO = {"en": "to", "fr": "à", "de": "bis", "pl": "do"}
# How a return is written for a total: "With 23 points, ... type −20, the total drops to 3".
RETURN = {
    "en": r"With {total} points.*type {entry}.*drops to {after}\.",
    "fr": r"Avec {total} points.*saisissez {entry}.*descend à {after}\.",
    "de": r"Mit {total} Punkten.*{entry} eintragen.*sinkt auf {after}\.",
    "pl": r"Wynik {total}.*Wpisz {entry}.*spada do {after}\.",
}
PINK_WORDS = {"en": "pink llama", "fr": "lama rose", "de": "pinke Lama", "pl": "różowa lama"}


def page(client, language):
    response = client.get(f"/{language}/rules/party-edition/")
    assert response.status_code == 200
    return response.content.decode()


def example(html, name):
    found = parts(html, "li", data_example=name)
    assert found, f"no example {name}"
    return text(found[0])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_says_what_changes_with_the_rules_numbers(client, language):
    html = page(client, language)
    shown = text(html)
    assert tags(html, "html", lang=language)
    # The sum in two pieces, each held whole (a line may break between them): text() puts a
    # space where a span ends.
    assert re.search(re.escape(PARTY.penalty_formula()) + " ?,", shown.replace("+ ", "+"))
    assert f"1 {TO[language]} 51" in shown
    assert PINK_WORDS[language] in shown.lower() or PINK_WORDS[language] in shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pink_llama_and_two_llamas_cost_what_the_rules_say(client, language):
    shown = example(page(client, language), "pink_and_two_llamas")
    cost = PARTY.hand_penalty([party.PINK_LLAMA, lama.LLAMA, lama.LLAMA])
    assert cost == 30
    assert re.search(rf"\b{cost}\b\s*:", shown)
    assert f"{PARTY.pink_llama_cost} " in shown and f"{PARTY.llama_cost} " in shown


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("chip", ["pink", "black", "white"])
def test_each_chip_given_back_is_the_rules_best_chip(client, language, chip):
    total = book.RETURN_TOTALS[chip]
    entry = PARTY.best_return(total)
    after = total + entry
    shown = example(page(client, language), chip)
    pattern = RETURN[language].format(total=total, entry=f"−{-entry}", after=after)
    assert re.search(pattern, shown, re.IGNORECASE), shown


def test_the_summaries_returns_are_pink_at_23_and_black_at_15():
    assert (book.returned(23).entry, book.returned(23).after, book.returned(23).chip) == (
        -20,
        3,
        "pink",
    )
    assert (book.returned(15).entry, book.returned(15).after, book.returned(15).chip) == (
        -10,
        5,
        "black",
    )


def test_the_page_follows_the_rules_module_when_it_changes(client, monkeypatch):
    monkeypatch.setattr(party.RULES, "pink_llama_cost", 25)
    html = page(client, "en")
    assert "cost 35" in example(html, "pink_and_two_llamas")
    assert "1+2+3+4+5+6+10+25" in text(html).replace("+ ", "+")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_party_sheet_links_to_its_rules(alice_client, make_game, language):
    game = make_game(rounds=[(21, 0, 12)], kind="party")
    headers = {"accept-language": language}
    html = alice_client.get(game.get_absolute_url(), headers=headers).content.decode()
    party_page = f"/{language}/rules/party-edition/"
    assert tags(parts(html, "p", class_="sheet-links")[0], "a", href=party_page)
    assert tags(parts(html, "p", class_="reminder")[0], "a", href=party_page)
    edit = alice_client.get(reverse("round_edit", args=[game.pk, 1]), headers=headers)
    assert tags(edit.content.decode(), "a", href=party_page)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_index_offers_the_party_edition(client, language):
    html = client.get(f"/{language}/rules/").content.decode()
    assert tags(html, "a", href=f"/{language}/rules/party-edition/")
