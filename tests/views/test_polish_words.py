"""Polish as a family at the table reads it: the box's name, a rating that is not a mark, no
verb or adjective that gives a player a gender, the destructive merge saying who goes where,
and one English "Every game" that is two things in Polish."""

import re

import polib
import pytest
from django.conf import settings

from tests.helpers.pagetext import tags, text, texts

PL = {"accept-language": "pl"}
NBSP = "\u00a0"


@pytest.fixture(scope="module")
def catalog():
    return polib.pofile(str(settings.BASE_DIR / "locale" / "pl" / "LC_MESSAGES" / "django.po"))


def translations(catalog):
    for entry in catalog:
        yield entry.msgid, entry.msgstr
        for said in entry.msgstr_plural.values():
            yield entry.msgid, said


def test_no_past_tense_or_adjective_agrees_with_a_players_name(catalog):
    # "Łucja wycofał się ostatni" reads as a man's; a name's gender is not known.
    after_a_name = re.compile(
        r"%\((?:name|names|other|winners)\)s[^.:;–]{0,20}?\b\w+(?:ł|ła|li|ły)\b"
    )
    found = [(msgid, said) for msgid, said in translations(catalog) if after_a_name.search(said)]
    assert not found, found
    quit_last = catalog.find("quit last", msgctxt="who quit last: after a player's name")
    assert quit_last.msgstr == "– ostatni pas"
    assert not [said for _msgid, said in translations(catalog) if "poprawić sam" in said]


def test_the_rating_is_sila_gry_never_a_mark(catalog):
    found = [said for _msgid, said in translations(catalog) if re.search(r"\b[Oo]cen", said)]
    assert not found, found
    rating = catalog.find("Rating")
    assert (rating.msgstr, catalog.find("provisional").msgstr) == ("Siła gry", "wstępna")
    assert catalog.find("ratings").msgstr == "siła gry"  # the admin's field says the same


def test_the_polish_box_is_lama(client):
    html = client.get("/pl/rules/", headers=PL).content.decode()
    assert "Wszystkie zasady L.A.M.A." in text(html)
    assert "L.L.A.M.A." not in text(html)


def test_who_quit_last_is_said_without_a_gender(alice_client, make_game):
    game = make_game(rounds=[(3, 4, 5)])
    html = alice_client.get(game.get_absolute_url(), headers=PL).content.decode()
    assert "Ana – ostatni pas" in texts(html, "label")
    assert "wycofał" not in html


def test_the_merge_button_says_who_goes_where(alice_client, make_game):
    game = make_game(names=["Łucja", "Ben"])
    łucja = game.seats[0].player
    html = alice_client.get(f"/players/{łucja.pk}/merge/", headers=PL).content.decode()
    assert texts(html, "button", class_="danger") == ["Dołącz gracza „Łucja” do wybranego gracza"]
    assert "Połącz gracza „Łucja” z\u00a0innym graczem" in text(html)


def test_every_game_is_a_filter_and_a_link_each_in_its_own_words(alice_client, make_game):
    make_game(rounds=[(3, 4, 5)])
    history = alice_client.get("/history/", headers=PL).content.decode()
    nights = alice_client.get("/nights/", headers=PL).content.decode()
    assert texts(history, "option", value="")[1] == "Wszystkie"  # any of the games
    assert tags(nights, "a", href="/history/")
    assert "Wszystkie partie" in texts(nights, "a", href="/history/")
    english = alice_client.get("/nights/", headers={"accept-language": "en"}).content.decode()
    assert "Every game" in texts(english, "a", href="/history/")


def test_a_lato_sheet_names_its_mosquitoes_in_polish(alice_client, make_game):
    game = make_game(kind="lato")
    html = alice_client.get(game.get_absolute_url(), headers=PL).content.decode()
    assert "każdy komar kosztuje 10" in text(html)
    assert "Dodaj komara do ręki" in html and "lam" not in text(html).replace("L.A.M.A.", "")
