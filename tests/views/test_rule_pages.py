"""The rule pages of L.L.A.M.A., and what every game's rule pages share: the index of the three
games, links home, French typography. Llama Llama's and the Lato z komarami rule's own pages
have their own files."""

import pytest
from django.conf import settings
from django.urls import reverse

from games import rulebook
from games.rulebook import lama as book
from games.rules import lama
from tests.helpers.pagetext import bad_typography, parts, segments, tags, text

LAMA = lama.RULES

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)
SLUGS = [slug for slug, _title in book.SECTIONS]
LLAMA_LLAMA_SLUGS = [slug for slug, _title in rulebook.llama_llama.SECTIONS]
# Every rule page, after /<language>/rules/.
EVERY_PAGE = [
    "",
    *(f"{slug}/" for slug in SLUGS),
    "lato-z-komarami/",
    "party-edition/",
    "llama-llama/",
    *(f"llama-llama/{slug}/" for slug in LLAMA_LLAMA_SLUGS),
]
TERMS = {
    "en": ["round", "draw pile", "discard pile", "chip", "llama"],
    "fr": ["manche", "pioche", "défausse", "jeton", "lama"],
    "de": ["runde", "nachziehstapel", "ablagestapel", "chip", "lama", "minuspunkte"],
    "pl": ["runda", "stos do dobierania", "stos kart odrzuconych", "żeton", "lama"],
}
POINT = {"en": "point", "fr": "point", "de": "Punkt", "pl": "punkt"}
# Polish binds "i" to the name after it (scorekeeper/typography.py).
AND = {"en": " and ", "fr": " et ", "de": " und ", "pl": " i\u00a0"}
SHARED = {"en": "shared victory", "fr": "victoire partagée", "de": "geteilter Sieg",
          "pl": "ex aequo"}  # fmt: skip


def page(client, language, slug=None):
    path = f"/{language}/rules/" + (f"{slug}/" if slug else "")
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


def example(html, name):
    """The text of one worked example, found by its data-example mark."""
    found = parts(html, data_example=name)
    assert found, f"no example {name}"
    return text(found[0])


def test_every_language_has_every_rule_page():
    """A language of LANGUAGES without a page would show that page in English."""
    root = settings.BASE_DIR / "templates" / "rules"
    english = sorted(p.relative_to(root / "en") for p in (root / "en").rglob("*.html"))
    for language in LANGUAGES:
        found = sorted(p.relative_to(root / language) for p in (root / language).rglob("*.html"))
        assert found == english, language


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_topic_has_a_page_in_each_language(client, language):
    index = page(client, language)
    for slug in SLUGS:
        assert reverse("rules_page", args=[slug]).replace("/en/", f"/{language}/") in index
        html = page(client, language, slug)
        assert tags(html, "html", lang=language)
        assert len(text(html)) > 500, f"{slug} says too little"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pages_use_the_words_of_the_game(client, language):
    all_text = " ".join(text(page(client, language, slug)) for slug in SLUGS).lower()
    for term in TERMS[language]:
        assert term in all_text, term


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_index_sums_up_the_rules_for_the_table(client, language):
    summary = text(page(client, language))
    for number in (LAMA.llama_cost, LAMA.max_entry, LAMA.end_score):
        assert str(number) in summary


@pytest.mark.parametrize("language", LANGUAGES)
def test_hand_examples_show_the_rules_module_penalties(client, language):
    html = page(client, language, "scoring") + page(client, language, "faq")
    for name, cards in book.HANDS.items():
        assert f"= {LAMA.hand_penalty(cards)} {POINT[language]}" in example(html, name)
    assert [LAMA.hand_penalty(c) for c in ([1, 1, "llama"], [5, 5, 5], ["llama"] * 2)] == [
        11,
        5,
        10,
    ]
    assert LAMA.hand_penalty(book.HANDS["full_hand"]) == LAMA.max_entry == 31


@pytest.mark.parametrize("language", LANGUAGES)
def test_return_examples_show_the_rules_module_returns(client, language):
    html = page(client, language, "returning-a-chip")
    expected = {"black": -10, "exactly_ten": -10, "white": -1, "nothing": 0}
    for name, total in book.RETURN_TOTALS.items():
        entry = LAMA.best_return(total)
        assert entry == expected[name]
        shown = example(html, name)
        assert book.as_written(entry) in shown
        assert str(total + LAMA.points(total, entry)) in shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_example_ends_as_the_rules_module_says(client, language):
    state = LAMA.fold(len(book.GAME_PLAYERS), book.GAME_ROUNDS)
    assert state.finished and state.shared_victory
    shown = text(page(client, language, "end-of-game"))
    winners = [book.GAME_PLAYERS[seat] for seat in state.winners]
    assert AND[language].join(winners) in shown
    for total in state.totals:
        assert str(total) in shown
    assert SHARED[language] in shown


def test_the_examples_follow_the_rules_module_when_it_changes(client, monkeypatch):
    before = text(page(client, "en", "scoring"))
    assert "= 11 points" in before
    monkeypatch.setattr(LAMA, "llama_cost", 20)
    after = page(client, "en", "scoring")
    assert "= 21 points" in example(after, "two_ones_and_a_llama")
    assert "= 20 points" in example(after, "two_llamas")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_loop_of_cards_is_drawn_in_order(client, language):
    html = page(client, language, "turn")
    [picture] = parts(html, "svg", class_="loop-picture")
    cards = [card["class"].split()[1] for card in tags(picture, "g", class_="card-svg")]
    assert cards == [f"card-{c}" for c in book.LOOP]
    places = [v for found in tags(picture) for k, v in found.items() if k in ("x", "y", "d")]
    assert places and "," not in "".join(places), "SVG needs dots"
    assert tags(picture, role="img") and tags(picture, "title")


@pytest.mark.parametrize("language", LANGUAGES)
def test_home_and_rules_link_to_each_other(client, alice, language):
    rules_index, home = f"/{language}/rules/", f"/{language}/"
    assert tags(client.get(home).text, "a", href=rules_index)
    for path in EVERY_PAGE:
        assert tags(page(client, language, path.rstrip("/") or None), "a", href=home)
    client.force_login(alice)
    assert tags(client.get(home).text, "a", href=rules_index)


def test_the_scoresheet_and_round_form_link_to_the_rules(alice_client, make_game):
    game = make_game(rounds=[(5, 0, 12)])
    html = alice_client.get(game.get_absolute_url()).content.decode()
    assert tags(html, "a", href="/en/rules/")
    [reminder] = parts(html, "p", class_="reminder")
    assert "all llamas together cost 10" in text(reminder)
    assert tags(reminder, "a", href="/en/rules/scoring/")
    edit = alice_client.get(reverse("round_edit", args=[game.pk, 1])).content.decode()
    assert tags(edit, "a", href="/en/rules/scoring/")


def test_the_round_form_reminder_is_french_for_french_players(alice_client, make_game):
    game = make_game()
    html = alice_client.get(game.get_absolute_url(), headers={"accept-language": "fr"})
    [reminder] = parts(html.content.decode(), "p", class_="reminder")
    assert "tous les lamas ensemble coûtent 10" in text(reminder)
    assert tags(reminder, "a", href="/fr/rules/scoring/")


def test_an_unknown_topic_is_not_found(client):
    assert client.get("/en/rules/poker/").status_code == 404


def test_each_page_leads_to_the_next_topic(client):
    html = page(client, "fr", "box")
    assert tags(html, rel="next", href="/fr/rules/setup/")
    assert not tags(html, rel="prev")
    assert tags(page(client, "fr", "faq"), rel="prev", href="/fr/rules/end-of-game/")


@pytest.mark.parametrize("path", EVERY_PAGE)
def test_french_pages_follow_french_typography(client, path):
    html = page(client, "fr", path.rstrip("/") or None)
    body = html[html.index(parts(html, "main")[0]) :]  # the page's own words, not the menu
    problems = [found for segment in segments(body) if (found := bad_typography(segment))]
    assert problems == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_index_leads_to_the_rules_of_each_game(client, language):
    index = page(client, language)
    for path in ("#lama", "lato-z-komarami/", "llama-llama/"):
        target = path if path.startswith("#") else f"/{language}/rules/{path}"
        assert tags(index, "a", href=target)
    assert tags(index, id="lama")
    # The L.L.A.M.A. part of the index leads to its variant as well.
    [lama_part] = parts(index, "section", id="lama")
    assert tags(lama_part, "a", href=f"/{language}/rules/lato-z-komarami/")
    assert tags(page(client, language, "box"), "a", href=f"/{language}/rules/lato-z-komarami/")


@pytest.mark.parametrize(
    "path",
    [
        "/fr/rules/",
        "/en/rules/llama-llama/",
        "/fr/rules/llama-llama/example/",
        "/en/rules/lato-z-komarami/",
    ],
)
def test_every_rule_page_names_its_translations(client, path):
    html = client.get(path).content.decode()
    rest = path[len("/en/") :]
    for code in LANGUAGES:
        assert tags(
            html, "link", rel="alternate", hreflang=code, href=f"http://testserver/{code}/{rest}"
        )
    assert tags(html, "link", hreflang="x-default", href=f"http://testserver/{rest}")


@pytest.mark.parametrize(
    "path", ["/en/rules/llama-llama/poker/", "/en/rules/lato-z-komarami/turn/", "/fr/rules/lato/"]
)
def test_an_unknown_page_of_another_game_is_not_found(client, path):
    assert client.get(path).status_code == 404
