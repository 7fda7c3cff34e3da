"""A night of four games: its winner, its picture and its share, and a rematch of an old
imported game that stays tonight's. That the night's pages fit a phone, every word whole, is
test_every_page.py's: it loads the night, the nights, the group's table with ranked players, a
player, two compared and the move to another night in every language at 390 and 320 px."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from games import nights
from games.models import Game
from games.reports import night_picture
from games.wording import and_list
from tests.browser.small_screens import problems
from tests.browser.test_share_result import SHARE_STAND_IN
from tests.helpers.browser import PHONE, keep, kept_file, sign_in
from tests.history.test_backup_import import upload

NAMES = ("Bartholomew", "Anne-Laure", "Maximiliane")
CLEO_WINS = [(31, 0, 12), (20, 3, -10)]  # the third player wins
ANA_WINS = [(12, 31, 0), (-10, 20, 3)]  # the first player wins
PHONES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}
LOCALES = {"en": "en-GB", "fr": "fr-FR"}


@pytest.fixture
def night(make_game, settings):
    settings.RANKED_AFTER_GAMES = 2
    games = [make_game(names=NAMES, rounds=r) for r in (CLEO_WINS, ANA_WINS, CLEO_WINS, CLEO_WINS)]
    make_game(names=(NAMES[0], "Dan"))  # in progress
    return games


def test_a_night_of_four_games_at_390_px_names_its_winner_and_gives_its_picture(
    page, signed_in, night
):
    page.goto(reverse("night", args=[night[0].night_id]))
    expect(page.get_by_text("Winner of the night: Maximiliane")).to_be_visible()
    link = page.get_by_role("link", name="Download the picture of the night")
    expect(link).to_be_visible()
    response = page.request.get(link.get_attribute("href"))
    assert response.status == 200 and response.headers["content-type"] == "image/png"
    assert response.body().startswith(b"\x89PNG")
    kept_file("night-picture-en.png", response.body(), "NIGHT_SHOTS")
    assert night_picture.SIZE == (1080, 1350)


def test_the_night_is_shared_as_a_picture_with_its_own_button(page, signed_in, night):
    page.add_init_script(SHARE_STAND_IN)
    page.goto(reverse("night", args=[night[0].night_id]))
    page.get_by_role("link", name="Share the night").click()
    page.wait_for_function("() => window.shared !== null")
    shared = page.evaluate("window.shared")
    assert shared["type"] == "image/png"
    assert (shared["width"], shared["height"]) == night_picture.SIZE
    assert shared["text"].startswith("Winners of the night: L.L.A.M.A.: Maximiliane")


# An evening where the old rule (ties on wins broken by the sum of final totals) named one
# winner: in L.L.A.M.A., Grand-père won his only game, Papa one of two, Léa one of three.
FAMILY = ("Grand-père", "Papa", "Léa")
EVENING = [
    (("Léa", "Grand-père"), [(31, 0), (20, 3)], "lama"),  # Grand-père 3
    (("Léa", "Papa"), [(0, 31), (3, 20)], "lama"),  # Léa 3
    (("Papa", "Léa"), [(0, 31), (10, 20)], "lama"),  # Papa 10
    (("Papa", "Léa"), [(25, 5)] * 4, "llama_llama"),  # Papa 100
]


@pytest.fixture
def evening_and_an_old_import(make_game, bob, alice):
    """Four games tonight; before them, a game of weeks ago imported from a backup, in a night
    of its own named "Soirée chez Mamie"."""
    old = make_game(owner=bob, names=("Léa", "Papa"), rounds=[(31, 0), (20, 3)])
    weeks_ago = old.created_at - timedelta(weeks=4)
    Game.objects.filter(pk=old.pk).update(created_at=weeks_ago)
    old.rounds.update(created_at=weeks_ago)
    old.settle()  # ended weeks ago too, as the rules decide it
    nights.refresh(type(old.night).objects.filter(pk=old.night_id))
    nights.name(old.night, "Soirée chez Mamie")
    bob_client, alice_client = Client(), Client()
    bob_client.force_login(bob)
    alice_client.force_login(alice)
    assert upload(alice_client, bob_client.get("/history/export.json").getvalue()).imported
    imported = alice.games.get()
    games = [make_game(names=n, rounds=r, kind=k) for n, r, k in EVENING]
    return imported, games


@pytest.mark.parametrize("language", LOCALES)
def test_an_evening_then_a_rematch_of_an_old_imported_game_keeps_tonight(
    browser, live_server, alice, evening_and_an_old_import, watch, language
):
    imported, games = evening_and_an_old_import
    phone = browser.new_context(
        base_url=live_server.url, locale=LOCALES[language], **(PHONE | {"viewport": PHONES["320"]})
    )
    phone.on("page", watch.attach)
    sign_in(phone, live_server.url, alice)
    page = phone.new_page()
    words = {
        "en": ("Rematch with the same players", "Tonight", "Winners of the night, tied: "),
        "fr": (
            "Revanche avec les mêmes joueurs",
            "Ce soir",
            "Victoire partagée de la soirée\u00a0: ",
        ),
    }[language]
    try:
        page.goto(reverse("game", args=[imported.pk]))
        page.get_by_role("button", name=words[0]).click()
        page.wait_for_url(lambda url: f"/games/{imported.pk}/" not in url)
        rematch = alice.games.exclude(pk=imported.pk).order_by("-pk").first()
        assert rematch.night_id == games[0].night_id != imported.night_id  # tonight's, not 5 Nov's
        with translation.override(language):
            page.goto(reverse("home"))
        tonight = page.locator("section.tonight")
        expect(tonight.get_by_role("heading", name=words[1])).to_be_visible()
        expect(tonight).not_to_contain_text("Soirée chez Mamie")
        with translation.override(language):  # L.L.A.M.A.: one win each, in the order played
            shared = words[2] + and_list(["Léa", "Grand-père", "Papa"])
        expect(tonight.locator(".night-winner").first).to_have_text(shared)
        page.goto(reverse("night", args=[games[0].night_id]))
        found = problems(page)
        keep(page, f"night-320-{language}", "FAMILY_SHOTS")
        picture = page.goto(reverse("night_png", args=[games[0].night_id]))  # in its language
        kept_file(f"night-picture-{language}.png", picture.body(), "FAMILY_SHOTS")
        keep(page, f"night-picture-320-{language}", "FAMILY_SHOTS")
    finally:
        phone.close()
    assert not found, "\n".join(found)
