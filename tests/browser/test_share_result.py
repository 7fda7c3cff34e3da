"""A finished game shared as a picture from the phone, and the live link copied.

Headless Chromium has no share menu: the page gets a stand-in `navigator.share` (an init
script) that keeps what it was given, so the test can read the file the phone would share.
"""

import io

import pytest
from PIL import Image
from playwright.sync_api import expect

from games.reports import picture
from tests.browser.sheet import points_field

# What the page shares, as the stand-in saw it: the text, the file's name and type, and the
# picture's size as the browser decodes it.
SHARE_STAND_IN = """
window.shared = null;
navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
navigator.share = async (data) => {
  const file = data.files[0];
  const bitmap = await createImageBitmap(file);
  window.shared = {
    title: data.title, text: data.text, name: file.name, type: file.type,
    width: bitmap.width, height: bitmap.height,
  };
};
"""
NO_SHARING = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"


def finish(page, make_game):
    """Ben empties his hand in the round that ends the game: he wins with 5."""
    game = make_game(rounds=[(31, 5, 20)])
    page.goto(f"/games/{game.pk}/")
    points_field(page, "Ana").fill("10")
    points_field(page, "Ben").fill("0")
    points_field(page, "Cleo").fill("3")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", name="Ben wins!")).to_be_visible()
    return game


def test_the_result_is_shared_as_a_picture_naming_the_winner(page, signed_in, make_game):
    page.add_init_script(SHARE_STAND_IN)
    finish(page, make_game)

    page.get_by_role("link", name="Share the result").click()

    page.wait_for_function("() => window.shared !== null")
    shared = page.evaluate("window.shared")
    assert shared["type"] == "image/png"
    assert (shared["width"], shared["height"]) == (picture.WIDTH, picture.HEIGHT)
    assert shared["text"].startswith("Ben wins! (L.L.A.M.A., ")
    assert shared["name"].startswith("scorekeeper-ben-") and shared["name"].endswith(".png")


@pytest.mark.parametrize("locale", ["fr-FR"])
def test_the_picture_is_shared_in_the_language_of_the_page(page, signed_in, make_game, locale):
    page.add_init_script(SHARE_STAND_IN)
    game = make_game(rounds=[(31, 5, 20), (10, 0, 3)])
    page.goto(f"/games/{game.pk}/")

    page.get_by_role("link", name="Partager le résultat").click()

    page.wait_for_function("() => window.shared !== null")
    assert page.evaluate("window.shared.text").startswith("Ben gagne\u00a0! (LAMA, ")


def test_without_sharing_the_button_downloads_the_picture(page, signed_in, make_game):
    page.add_init_script(NO_SHARING)
    finish(page, make_game)
    link = page.get_by_role("link", name="Download the result picture")

    with page.expect_download() as download:
        link.click()

    assert download.value.suggested_filename.startswith("scorekeeper-ben-")
    image = Image.open(io.BytesIO(download.value.path().read_bytes()))
    assert image.format == "PNG" and image.size == (picture.WIDTH, picture.HEIGHT)
    expect(page.get_by_role("link", name="Share the result")).to_have_count(0)


def test_the_live_link_is_copied_and_says_so(page, signed_in, make_game, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    game = make_game()
    page.goto(f"/games/{game.pk}/share/")
    page.get_by_role("button", name="Create the live link").click()
    link = page.get_by_label("Live link").input_value()

    page.get_by_role("button", name="Copy link").click()

    expect(page.get_by_role("status")).to_have_text("Link copied: paste it in your chat.")
    assert page.evaluate("navigator.clipboard.readText()") == link


def test_without_a_clipboard_the_link_is_selected_to_copy_by_hand(page, signed_in, make_game):
    page.add_init_script(
        "navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));"
    )
    game = make_game()
    page.goto(f"/games/{game.pk}/share/")
    page.get_by_role("button", name="Create the live link").click()

    page.get_by_role("button", name="Copy link").click()

    expect(page.get_by_role("status")).to_have_text(
        "The link is selected: copy it with your phone’s menu."
    )
    field = page.get_by_label("Live link")
    expect(field).to_be_focused()
    selected = field.evaluate("f => f.value.slice(f.selectionStart, f.selectionEnd)")
    assert selected == field.input_value()
