"""The page of the Lato z komarami rule: what it changes, hands scored both ways by the rules
module, and the way there from a sheet of such a game."""

import re

import pytest
from django.urls import reverse

from games.rulebook import lato as book
from games.rules import lama, lato
from tests.helpers.pagetext import parts, tags, text

LANGUAGES = ("en", "fr", "de", "pl")
TO = {"en": "to", "fr": "à", "de": "bis", "pl": "do"}
POINTS = {"en": r"(\d+) points?", "fr": r"(\d+) points?", "de": r"(\d+) Punkte?",
          "pl": r"(\d+) punkt(?:y|ów)?"}  # fmt: skip
# How a return is written for a total ("with 12 points, type −10").
RETURN = {"en": "{total} points, type ", "fr": "{total} points, saisissez ",
          "de": "mit {total} Punkten ", "pl": "przy wyniku {total} wpisz "}  # fmt: skip
LLAMA = lama.LLAMA


def page(client, language):
    response = client.get(f"/{language}/rules/lato-z-komarami/")
    assert response.status_code == 200
    return response.content.decode()


def compared(html, name):
    found = parts(html, "li", data_example=name)
    assert found, f"no example {name}"
    return text(found[0])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_says_what_changes_with_the_rules_numbers(client, language):
    shown = text(page(client, language))
    assert lato.RULES.penalty_formula() == "1+2+3+4+5+6+7×10"
    assert lato.RULES.max_entry == 91
    # The sums sit in spans held on one line: text() puts a space where a span ends.
    assert re.search(re.escape(lato.RULES.penalty_formula()) + " ?,", shown)
    assert f"1 {TO[language]} 91" in shown
    assert re.search(rf"\( ?{re.escape(lama.RULES.penalty_formula())} ?\)", shown)
    assert tags(page(client, language), "html", lang=language)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Lato z komarami rule: 21 points L.L.A.M.A.: 11 points"),
        ("fr", "Règle Lato z komarami\u00a0: 21 points LAMA\u00a0: 11 points"),
        ("de", "Lato-z-komarami-Regel: 21 Punkte L.A.M.A.: 11 Punkte"),
        ("pl", "Zasada Lato z\u00a0komarami: 21 punktów L.A.M.A.: 11 punktów"),
    ],
)
def test_two_ones_and_two_llamas_cost_21_here_and_11_in_llama(client, language, expected):
    assert lato.RULES.hand_penalty([1, 1, LLAMA, LLAMA]) == 21
    assert lama.RULES.hand_penalty([1, 1, LLAMA, LLAMA]) == 11
    assert compared(page(client, language), "two_ones_and_two_llamas").endswith(expected)


def test_the_hands_show_mosquitoes_not_llamas(client):
    html = page(client, "pl")
    hand = parts(html, "li", data_example="two_ones_and_two_llamas")[0]
    assert len(tags(hand, "span", class_="card-mosquito", aria_label="komar")) == 2
    assert not tags(hand, "span", class_="card-llama")
    assert "Każdy komar kosztuje 10" in text(html) and "kosztuje 70" in text(html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_hand_is_scored_both_ways_by_the_rules_module(client, language):
    html = page(client, language)
    for name, cards in book.HANDS.items():
        shown = compared(html, name)
        both = [lato.RULES.hand_penalty(cards), lama.RULES.hand_penalty(cards)]
        assert [int(n) for n in re.findall(POINTS[language], shown)] == both, name


@pytest.mark.parametrize("language", LANGUAGES)
def test_what_stays_the_same_comes_from_the_rules(client, language):
    shown = text(page(client, language))
    assert str(lato.RULES.end_score) in shown
    for total in book.RETURN_TOTALS:
        assert RETURN[language].format(total=total) in shown
    assert "−10" in shown and re.search(r"−1(?!\d)", shown)
    for slug in ("turn", "end-of-round", "returning-a-chip"):
        assert tags(page(client, language), "a", href=f"/{language}/rules/{slug}/")


def test_the_page_follows_the_rules_module_when_it_changes(client, monkeypatch):
    monkeypatch.setattr(lato.RULES, "llama_cost", 20)
    html = page(client, "en")
    assert "Lato z komarami rule: 41 points" in compared(html, "two_ones_and_two_llamas")
    assert "1+2+3+4+5+6+7×20" in text(html) and "161" in text(html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_lato_sheet_links_to_its_rule(alice_client, make_game, language):
    game = make_game(rounds=[(21, 0, 12)], kind="lato")
    headers = {"accept-language": language}
    html = alice_client.get(game.get_absolute_url(), headers=headers).content.decode()
    lato_page = f"/{language}/rules/lato-z-komarami/"
    assert tags(parts(html, "p", class_="sheet-links")[0], "a", href=lato_page)
    assert tags(parts(html, "p", class_="reminder")[0], "a", href=lato_page)
    edit = alice_client.get(reverse("round_edit", args=[game.pk, 1]), headers=headers)
    assert tags(edit.content.decode(), "a", href=lato_page)


def test_a_llama_sheet_keeps_its_own_rules(alice_client, make_game):
    html = alice_client.get(make_game(rounds=[(5, 0, 12)]).get_absolute_url()).content.decode()
    assert "lato-z-komarami" not in html
