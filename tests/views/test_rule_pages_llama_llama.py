"""Llama Llama's rule pages: every topic in both languages, the rulebook's example and a short
game computed by games.rules.llama_llama, and the way there from a Llama Llama sheet."""

import re
from collections import Counter

import pytest

from games.rulebook import llama_llama as book
from games.rules import llama_llama
from tests.helpers.pagetext import parts, tags, text, texts

LANGUAGES = ("en", "fr", "de", "pl")
SLUGS = [slug for slug, _title in book.SECTIONS]
TERMS = {
    "en": ["goal", "display card", "dummy hand", "pass", "reveal", "scorepad", "round"],
    "fr": [
        "carte objectif",
        "carte de présentoir",
        "main fantôme",
        "passer des cartes",
        "révéle",
        "bloc de score",
        "manche",
    ],
    # German and Polish: the bridge player's word for the dummy (Strohmann, dziadek).
    "de": ["zielkarte", "auslagekarte", "strohmann-hand", "weitergeben", "aufdeck", "wertungsblock",
           "runde"],
    "pl": ["karta celu", "karty wystawki", "ręka dziadka", "przekaz", "odkry", "bloczek punktacji",
           "runda"],
}  # fmt: skip
POINT = {"en": "point", "fr": "point", "de": "Punkt", "pl": "punkt"}
# The rulebook's goals as its page must score them, typed here independently of the page.
GOALS = ["A=1, ABCDEFG=50", "B=2, A A C C=15", "B=2, AACC=15", "D=4, AG=5, CE=5, BF=5"]


def page(client, language, slug=None):
    path = f"/{language}/rules/llama-llama/" + (f"{slug}/" if slug else "")
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


def scored_table(html, name):
    """The points per goal, and the total, of one player's table on the example page."""
    tables = parts(html, "table", class_="scored", data_example=name)
    assert tables, f"no table {name}"
    [body], [foot] = parts(tables[0], "tbody"), parts(tables[0], "tfoot")
    rows = [texts(row, "td")[-1] for row in parts(body, "tr")]  # the points, last in the row
    [total] = texts(foot, "strong")
    return [int(points) for points in rows], int(total)


def marked(html, name):
    found = parts(html, data_example=name)
    assert found, f"no example {name}"
    return text(found[0])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_topic_has_a_page_in_each_language(client, language):
    index = page(client, language)
    assert "Llama Llama" in text(index)
    for slug in SLUGS:
        assert tags(index, "a", href=f"/{language}/rules/llama-llama/{slug}/")
        html = page(client, language, slug)
        assert tags(html, "html", lang=language)
        assert len(text(html)) > 500, f"{slug} says too little"
        assert tags(html, "a", href=f"/{language}/rules/llama-llama/"), "no way back to the index"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pages_use_the_words_of_the_game(client, language):
    all_text = " ".join(text(page(client, language, slug)) for slug in SLUGS).lower()
    for term in TERMS[language]:
        assert term in all_text, term


@pytest.mark.parametrize(
    ("language", "shared"),
    [
        ("en", "share the victory"),
        ("fr", "victoire partagée"),
        ("de", "teilen sie sich den Sieg"),
        ("pl", "zwycięstwo jest wspólne"),
    ],  # fmt: skip
)
def test_the_end_of_game_says_ties_can_share(client, language, shared):
    assert shared in text(page(client, language, "end-of-game"))


def test_the_french_pages_keep_to_one_word_for_each_thing(client):
    all_text = " ".join(text(page(client, "fr", slug)) for slug in [None, *SLUGS]).lower()
    assert re.findall(r"(?<!carte )(?<!cartes )objectifs?\b", all_text) == []
    assert re.findall(r"(?<!carte de )(?<!cartes de )présentoirs?\b", all_text) == []
    assert "main morte" not in all_text and "mannequin" not in all_text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_index_sums_up_the_rules_for_the_table(client, language):
    summary = text(page(client, language))
    for number in (llama_llama.RULES.max_rounds, llama_llama.RULES.end_score):
        assert str(number) in summary


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rulebook_example_scores_74_and_44_goal_by_goal(client, language):
    html = page(client, language, "example")
    goals = [llama_llama.parse_goal(goal) for goal in GOALS]
    for name, hand, expected in (("first", "ABCDEFG", 74), ("second", "AABBCCD", 44)):
        score = llama_llama.hand_score(goals, llama_llama.parse_hand(hand))
        assert score.total == expected
        assert scored_table(html, name) == (list(score.per_goal), expected)
    assert scored_table(html, "second")[0] == [2, 19, 19, 4]


@pytest.mark.parametrize(
    ("language", "fourth"),
    [
        ("en", "on the 4th goal"),
        ("fr", "sur la 4e carte objectif"),
        ("de", "auf der 4. Zielkarte"),
        ("pl", "na 4. celu"),
    ],  # fmt: skip
)
def test_the_example_says_why_the_printed_rulebook_gives_40(client, language, fourth):
    note = marked(page(client, language, "example"), "printed")
    assert "40 (2 + 19 + 19 + 0)" in note
    assert f"D = 4 {fourth}" in note
    assert "44" in note


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_small_cases_show_what_the_calculator_counts(client, language):
    html = page(client, language, "scoring")
    for name, (goals, hand) in book.CASES.items():
        goals = [llama_llama.parse_goal(goal) for goal in goals]
        total = llama_llama.hand_score(goals, llama_llama.parse_hand(hand)).total
        [shown] = parts(html, data_example=name)
        assert f"= {total} {POINT[language]}" in text(shown), name
    # The rulebook's own words for these cases, typed here on their own.
    assert [llama_llama.parse_goal("DF=5").score(Counter(h)) for h in ("DDFF", "DFF")] == [10, 5]
    assert llama_llama.parse_goal("AABB=10, AA=7").score(Counter("AABB")) == 17


@pytest.mark.parametrize(
    ("language", "decided"),
    [
        ("en", "Ana wins , on the final round"),
        ("fr", "Ana gagne donc, grâce à la dernière manche"),
        ("de", "gewinnt Ana , dank der letzten Runde"),
        ("pl", "wygrywa Ana , dzięki ostatniej rundzie"),
    ],  # fmt: skip
)
def test_the_short_game_ends_as_the_rules_module_says(client, language, decided):
    state = llama_llama.RULES.fold(len(book.GAME_PLAYERS), book.GAME_ROUNDS)
    assert state.finished and state.decided_by == "final_round"
    assert state.best_total_seats == (0, 1) and state.winners == (0,)
    shown = marked(page(client, language, "end-of-game"), "game_end")
    assert str(max(state.totals)) in shown
    assert decided in shown


@pytest.mark.parametrize(
    ("language", "order", "dummy"),
    [
        (
            "en",
            "Ana and Ben (tied: they shuffle",
            "after round 1, the dummy hand goes to the right of Ben",
        ),
        ("fr", "Ana et Ben (à égalité", "après la manche 1, la main fantôme va à droite de Ben"),
        (
            "de",
            "Ana und Ben (gleichauf",
            "nach Runde 1 wandert die Strohmann-Hand rechts neben Ben",
        ),
        ("pl", "Ana i\u00a0Ben (remis", "po rundzie 1 ręka dziadka idzie na prawo od: Ben"),
    ],
)
def test_the_table_helpers_follow_the_rules_module(client, language, order, dummy):
    after_two = llama_llama.RULES.fold(3, book.GAME_ROUNDS[:2])
    assert after_two.goal_order == ((0, 1), (2,))
    assert llama_llama.RULES.fold(3, book.GAME_ROUNDS[:1]).dummy_beside == (1,)
    assert order in marked(page(client, language, "next-round"), "goal_order")
    assert dummy in marked(page(client, language, "dummy-hands"), "dummy")


def test_the_examples_follow_the_rules_module_when_it_changes(client, monkeypatch):
    assert scored_table(page(client, "en", "example"), "second")[1] == 44
    # A combination counted at most once, and an end at 60: the pages follow.
    monkeypatch.setattr(
        llama_llama.ScoringRule,
        "times_in",
        lambda rule, hand: min(
            1, min(hand[letter] // n for letter, n in Counter(rule.letters).items())
        ),
    )
    monkeypatch.setattr(llama_llama.RULES, "end_score", 60)
    html = page(client, "en", "example")
    assert scored_table(html, "second") == ([1, 17, 17, 4], 39)
    shown = marked(page(client, "en", "end-of-game"), "game_end")
    assert "Someone reached 60 in round 3" in shown
    assert "Ben has the highest total, 67, and wins" in shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_llama_llama_sheet_links_to_its_rules(alice_client, make_game, language):
    game = make_game(rounds=[(21, 18, 25)], kind="llama_llama")
    html = alice_client.get(game.get_absolute_url(), headers={"accept-language": language})
    assert tags(html.text, "a", href=f"/{language}/rules/llama-llama/")
    in_header = tags(parts(html.text, "header")[0], href=f"/{language}/rules/")
    assert tags(html.text, href=f"/{language}/rules/") == in_header  # none below it


def test_each_page_leads_to_the_next_topic(client):
    assert tags(page(client, "fr", "box"), rel="next", href="/fr/rules/llama-llama/setup/")
    html = page(client, "en", "dummy-hands")
    assert tags(html, rel="prev", href="/en/rules/llama-llama/end-of-game/")
    assert not tags(html, rel="next")
