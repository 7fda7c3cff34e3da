"""French elides "de" before a vowel or a mute h: "la main d’Émile", "les parties d’Ömer"."""

import pytest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import override

from games.wording import elide, elides_before
from tests.helpers.pagetext import segments, text


@pytest.mark.parametrize("name", ["Anna", "Ömer", "Émile", "Hélène", "Hugo", "Yves", "inès"])
def test_it_elides_before_a_vowel_a_mute_h_and_a_y_sounding_like_i(name):
    assert elides_before(name)


@pytest.mark.parametrize("name", ["Ben", "Zoé", "Yannick", "🦙 Max", "1er", ""])
def test_it_keeps_de_before_a_consonant_a_y_sounding_like_y_and_anything_else(name):
    assert not elides_before(name)


def test_it_elides_only_before_the_names_given_and_keeps_capitals():
    with override("fr"):
        assert elide("De Anna à la main de Anna", "Anna") == "D’Anna à la main d’Anna"
        assert elide("la main de Annabelle", "Anna") == "la main de Annabelle"
        assert elide("la main de Anna", "Ben") == "la main de Anna"
        assert elide("les points que Émile", "Émile") == "les points qu’Émile"


def test_it_changes_nothing_in_english():
    with override("en"):
        assert elide("de Anna", "Anna") == "de Anna"


def test_safe_html_stays_safe_and_its_names_are_found_escaped():
    with override("fr"):
        result = elide(mark_safe("la main de Ann&amp;Co"), "Ann&Co")
    assert result == "la main d’Ann&amp;Co"
    assert isinstance(result, SafeString)


@pytest.fixture
def french(alice_client):
    alice_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    return alice_client


def test_the_cards_button_says_la_main_d_emile_to_a_screen_reader(french, make_game):
    game = make_game(["Émile", "Ben", "Ömer"])
    spoken = segments(french.get(reverse("game", args=[game.pk])).content.decode())
    assert "Cartes restantes dans la main d’Émile" in spoken
    assert "Cartes restantes dans la main d’Ömer" in spoken
    assert "Cartes restantes dans la main de Ben" in spoken
    # The picker's own buttons get the name in the browser: tests/browser/test_card_picker.py


def test_the_pickers_clear_button_does_not_read_like_an_emptied_hand(french, make_game):
    game = make_game(["Émile", "Ben", "Ömer"])
    spoken = segments(french.get(reverse("game", args=[game.pk])).content.decode())
    assert "Effacer" in spoken
    assert "Vider" not in spoken


def test_a_missing_number_is_asked_of_anna_with_an_elision(french, make_game):
    game = make_game(["Anna", "Ben", "Cleo"])
    data = {"round_number": 1, "seat_0": "", "seat_1": 0, "seat_2": 5}
    page = french.post(reverse("round_add", args=[game.pk]), data).content.decode()
    assert "Indiquez les points d’Anna." in text(page)


def test_the_player_page_reads_les_parties_d_omer(french, make_game):
    game = make_game(["Ömer", "Ben"], rounds=[(31, 0), (31, 0)])
    page = french.get(reverse("player", args=[game.seats[0].player_id])).content.decode()
    assert "Les parties d’Ömer" in text(page)
    assert "Total final d’Ömer dans chaque partie terminée" in text(page)


def test_llama_llamas_table_helpers_and_calculator_elide_too(french, make_game):
    game = make_game(["Ben", "Zoé", "Émile"], rounds=[(30, 20, 10)], kind="llama_llama")
    page = french.get(reverse("game", args=[game.pk])).content.decode()
    assert "La main fantôme passe à la droite d’Émile, qui a le plus bas total." in text(page)
    assert "Lettres de la main d’Émile" in segments(page)
    assert "Lettres de la main de Ben" in segments(page)
