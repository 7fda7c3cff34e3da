"""An export from the history at phone size: the button queues it, its page offers the file."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.small_screens import problems
from tests.helpers.sheet import FINISHED


@pytest.mark.parametrize(
    ("locale", "button", "link"),
    [
        ("en-GB", "Download a backup of all games (JSON)", "Download scorekeeper-"),
        ("fr-FR", "Télécharger une sauvegarde de toutes les parties (JSON)", "Télécharger"),
    ],
)
def test_the_export_button_leads_to_its_file(page, signed_in, make_game, locale, button, link):
    make_game(rounds=FINISHED)
    page.goto("/history/")
    assert problems(page) == []  # the buttons fit the phone, their names whole

    page.get_by_role("button", name=button).click()

    expect(page).to_have_url(re.compile(r"/jobs/\d+/$"))
    expect(page.locator("progress")).to_have_attribute("value", "1")
    assert problems(page) == []
    with page.expect_download() as download:
        page.get_by_role("link", name=re.compile(link)).click()
    games = json.loads(download.value.path().read_text(encoding="utf-8"))["games"]
    assert [game["players"] for game in games] == [["Ana", "Ben", "Cleo"]]
