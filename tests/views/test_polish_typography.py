"""Polish typography: no one-letter word (a, i, o, u, w, z) ends a line. One function
(scorekeeper/typography.py), applied by one middleware to every Polish page: the catalog's
words, the rule pages and the names typed, never inside a tag, an attribute or a script."""

import re

import pytest

from scorekeeper.typography import bind_single_letters
from tests.helpers.pagetext import segments, tags, texts

NBSP = "\u00a0"
# A one-letter word followed by an ordinary space: what the filter is there to remove.
LOOSE = re.compile(r"(?<![\w.\-’'&;/@])[aiouwzAIOUWZ] ")


@pytest.mark.parametrize(
    ("html", "bound"),
    [
        ("Gra w karty i kości", f"Gra w{NBSP}karty i{NBSP}kości"),
        ("<p>W swojej turze a potem</p>", f"<p>W{NBSP}swojej turze a{NBSP}potem</p>"),
        ("Ana i\nBartek, o tym u nas", f"Ana i{NBSP}Bartek, o{NBSP}tym u{NBSP}nas"),
        ("(w domu) „z komarami”", f"(w{NBSP}domu) „z{NBSP}komarami”"),
        ('z <a href="/x">linkiem</a>', f'z{NBSP}<a href="/x">linkiem</a>'),
        ("Ana i Ben, w Scorekeeperze", f"Ana i{NBSP}Ben, w Scorekeeperze"),
        # a long name may take a line of its own rather than overflow a phone's: the line
        # may still break before it (not before a long word of the sentence)
        ("Anne-Laure i Maximiliane!", "Anne-Laure i Maximiliane!"),
        ("i przeliczonymi", f"i{NBSP}przeliczonymi"),
        # not a one-letter word: part of a word, an abbreviation, an entity
        ("Ania ma kota", "Ania ma kota"),
        ("L.A.M.A. Dice", "L.A.M.A. Dice"),
        ("Ala ma psa, ąw x", "Ala ma psa, ąw x"),
        ("&amp; a&nbsp;b", "&amp; a&nbsp;b"),
    ],
)
def test_a_one_letter_word_is_bound_to_the_next(html, bound):
    assert bind_single_letters(html) == bound


@pytest.mark.parametrize(
    "markup",
    [
        '<input name="z" value="w domu i tu" aria-label="a b">',
        '<a href="/w z/" title="x > a b" data-x=\'i o\'>',
        "<!-- w tym miejscu i tam -->",
        '<script type="application/json">{"name": "Jan z Lasu", "a b": 1}</script>',
        "<style>a b { color: red }</style>",
        "<textarea name=note>w domu i u babci</textarea>",
        "<pre>a b\nw c</pre>",
    ],
)
def test_tags_attributes_scripts_and_typed_text_stay_as_they_are(markup):
    assert bind_single_letters(markup) == markup
    assert bind_single_letters(f"w {markup} i ok") == f"w{NBSP}{markup} i{NBSP}ok"


def test_a_polish_rule_page_ends_no_line_with_a_one_letter_word(client):
    html = client.get("/pl/rules/turn/").content.decode()
    loose = [s for s in segments(html) if LOOSE.search(s)]
    assert not loose, loose
    assert f"W{NBSP}swojej turze" in html
    assert tags(html, "a", href="/pl/rules/")  # the markup is whole


def test_the_catalogs_words_and_a_typed_name_are_bound_too(alice_client, make_game):
    game = make_game(names=["Ana", "Jan z Lasu"], kind="lato")
    headers = {"accept-language": "pl"}
    html = alice_client.get(game.get_absolute_url(), headers=headers).content.decode()
    assert f"Jan z{NBSP}Lasu" in html
    assert f"zasada Lato z{NBSP}komarami" in html
    assert not [s for s in segments(html) if LOOSE.search(s)]


def test_other_languages_are_left_as_they_are(client):
    html = client.get("/en/rules/turn/").content.decode()
    assert NBSP not in re.sub(r"&nbsp;", "", html)
    assert "a card" in html


def test_the_group_table_page_groups_a_thousand_with_a_no_break_space(client):
    html = client.get("/pl/rules/table/").content.decode()
    assert "zaczynają od 1&nbsp;000" in html
    assert "1000" not in " ".join(segments(html))


def test_the_history_keeps_and_with_the_last_player(alice_client, make_game):
    # A player's link is a box, before which a line may break whatever the space: the "i"
    # and the last name are held together by their own span (static/history.css).
    make_game(names=["Ana", "Ben", "Cleo"])
    html = alice_client.get("/history/", headers={"accept-language": "pl"}).content.decode()
    assert texts(html, "span", class_="and-last") == [f"i{NBSP}Cleo"]
