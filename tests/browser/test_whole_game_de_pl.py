"""A whole game in the games' home languages on a 320 px phone, from sign-up to the result
picture: L.L.A.M.A. (LAMA, Amigo's German edition) in German, and the Lato z komarami rule in
Polish. The phone's Accept-Language picks the language on the first visit; nothing is in
English on the way. SCREENSHOTS_DIR=/some/folder keeps the sheet, a refusal, a rule page and
the picture of each, to be looked at.
"""

import io
import os
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation
from PIL import Image
from playwright.sync_api import expect

from games.models import Game
from games.reports import picture
from tests.browser.conftest import wait_for_connections
from tests.browser.sheet import downloaded_picture, points_field
from tests.helpers.browser import PHONE, keep

SMALL_PHONE = PHONE | {"viewport": {"width": 320, "height": 640}}

GERMAN = {
    "locale": "de-DE",
    "sign_up": "Registrieren",
    "username": "Benutzername",
    "password": "Passwort",
    "confirmation": "Passwort bestätigen",
    "account": "Konto",
    "new_game": "Neue Partie",
    "game": "L.A.M.A.",
    "player": "Spieler {n}",
    "start": "Partie beginnen",
    "round": "Runde {n}",
    "save": "Runde speichern",
    "emptied": "Hand leer für {name}",
    "refused": "40 ist zu viel: Eine Hand kostet höchstens 31 Minuspunkte",
    "too_many": 40,
    "rules": "/de/rules/scoring/",
    "rules_heading": "Die Wertung einer Runde",
    "download": "Ergebnisbild herunterladen",  # headless Chromium cannot share
}
POLISH = {
    "locale": "pl-PL",
    "sign_up": "Załóż konto",
    "username": "Nazwa użytkownika",
    "password": "Hasło",
    "confirmation": "Potwierdzenie hasła",
    "account": "Konto",
    "new_game": "Nowa partia",
    "game": "L.A.M.A., zasada Lato z komarami",
    "player": "Gracz {n}",
    "start": "Zacznij partię",
    "round": "Runda {n}",
    "save": "Zapisz rundę",
    "emptied": "Pusta ręka – {name}",
    "refused": "92 to za dużo: ręka kosztuje najwyżej 91 punktów karnych",
    "too_many": 92,
    "rules": "/pl/rules/lato-z-komarami/",
    "rules_heading": "Zasada Lato z komarami",
    "download": "Pobierz obraz z wynikiem",
}


@pytest.fixture
def small_phone(browser, live_server, watch, request):
    words = request.param
    context = browser.new_context(base_url=live_server.url, locale=words["locale"], **SMALL_PHONE)
    context.set_default_timeout(10000)
    context.on("page", watch.attach)
    yield context, words
    context.close()
    wait_for_connections()  # its streams end before the database is emptied


def sign_up(page, words):
    page.goto("/")
    page.get_by_role("link", name=words["sign_up"]).first.click()
    page.get_by_label(words["username"]).fill("zofia")
    page.get_by_label(words["password"], exact=True).fill("a-long-pass-phrase-42")
    page.get_by_label(words["confirmation"]).fill("a-long-pass-phrase-42")
    page.get_by_role("main").get_by_role("button").click()
    expect(page.get_by_role("link", name=words["account"])).to_be_visible()


def start_game(page, words, names):
    page.get_by_role("link", name=words["new_game"]).first.click()
    page.get_by_role("radio", name=re.compile("^" + re.escape(words["game"]) + r" \(")).check()
    for n, name in enumerate(names, start=1):
        page.get_by_label(words["player"].format(n=n), exact=True).fill(name)
    page.get_by_role("button", name=words["start"]).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(words["round"].format(n=1))


def save(page, words, number, typed=(), emptied=()):
    for name in emptied:
        page.get_by_role("button", name=words["emptied"].format(name=name)).click()
    for name, value in typed:
        points_field(page, name).fill(str(value))
    page.get_by_role("button", name=words["save"]).click()


def play_to_the_end(page, words, language, rounds):
    """Each round saved; the first refused once with a hand above the game's bound."""
    first_name = rounds[0][0][0][0]
    points_field(page, first_name).fill(str(words["too_many"]))
    page.get_by_role("button", name=words["save"]).click()
    expect(page.get_by_text(words["refused"])).to_be_visible()
    keep(page, f"{language}-refusal")
    for number, (typed, emptied) in enumerate(rounds, start=1):
        save(page, words, number, typed, emptied)
        if number < len(rounds):
            expect(page.get_by_role("heading", level=1)).to_have_text(
                words["round"].format(n=number + 1)
            )
        if number == 1:
            keep(page, f"{language}-sheet")


def the_picture(page, language):
    """The result picture the phone gets is the one drawn in its language."""
    game = Game.objects.get()
    image = downloaded_picture(page, game)
    assert image.size == (picture.WIDTH, picture.HEIGHT)
    with translation.override(language):
        drawn = Image.open(io.BytesIO(picture.png(game)))
    with translation.override("en"):
        english = Image.open(io.BytesIO(picture.png(game)))
    assert image.tobytes() == drawn.tobytes() != english.tobytes()
    if folder := os.environ.get("SCREENSHOTS_DIR"):
        image.save(Path(folder) / f"{language}-picture.png")


def no_english(page):
    """Words of the English pages that must not be on a German or Polish one."""
    shown = page.locator("body").inner_text()
    for english in ("Save round", "Emptied hand", "Round ", "wins", "Share the result", "Log out"):
        assert english not in shown, english


@pytest.mark.parametrize("small_phone", [GERMAN], indirect=True, ids=["de"])
def test_a_whole_game_of_lama_in_german_on_a_320_px_phone(small_phone, transactional_db):
    context, words = small_phone
    page = context.new_page()
    sign_up(page, words)
    assert page.evaluate("document.documentElement.lang") == "de"
    start_game(page, words, ["Ana", "Ben", "Cleo"])
    no_english(page)
    # Ana empties her hand with no chip yet (0); then Cleo, with 20, gives back a black chip,
    # and Ben's 43 ends the game: Ana wins with 5.
    rounds = [
        ([("Ben", 12), ("Cleo", 20)], ["Ana"]),
        ([("Ana", 5), ("Ben", 31)], ["Cleo"]),
    ]
    play_to_the_end(page, words, "de", rounds)

    expect(page.get_by_role("heading", name="Sieg für Ana!")).to_be_visible()
    expect(page.get_by_role("link", name=words["download"])).to_be_visible()
    no_english(page)
    keep(page, "de-finished")
    assert list(Game.objects.get().state.totals) == [5, 43, 10]
    the_picture(page, "de")

    page.goto(words["rules"])
    expect(page.get_by_role("heading", level=1)).to_have_text(words["rules_heading"])
    expect(page.get_by_text("Alle Lamas zusammen kosten 10")).to_be_visible()
    keep(page, "de-rules")
    assert get_user_model().objects.filter(username="zofia").exists()


@pytest.mark.parametrize("small_phone", [POLISH], indirect=True, ids=["pl"])
def test_a_whole_game_of_lato_z_komarami_in_polish_on_a_320_px_phone(small_phone, transactional_db):
    context, words = small_phone
    page = context.new_page()
    sign_up(page, words)
    assert page.evaluate("document.documentElement.lang") == "pl"
    start_game(page, words, ["Łucja", "Ścibor", "Źdźsław"])
    no_english(page)
    # Two 1s and two mosquitoes cost 21 under this rule; Ścibor then gives back a black chip.
    rounds = [
        ([("Ścibor", 21), ("Źdźsław", 30)], ["Łucja"]),
        ([("Łucja", 22), ("Źdźsław", 15)], ["Ścibor"]),
    ]
    play_to_the_end(page, words, "pl", rounds)

    expect(page.get_by_role("heading", name="Wygrywa Ścibor!")).to_be_visible()
    expect(page.get_by_role("link", name=words["download"])).to_be_visible()
    no_english(page)
    keep(page, "pl-finished")
    assert list(Game.objects.get().state.totals) == [22, 11, 45]
    the_picture(page, "pl")

    page.goto(words["rules"])
    expect(page.get_by_role("heading", level=1)).to_have_text(words["rules_heading"])
    expect(page.get_by_text("Każdy komar kosztuje 10")).to_be_visible()
    keep(page, "pl-rules")
