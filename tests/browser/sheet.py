"""Steps on the scoresheet that several browser tests share."""

import base64
import io
import re

from PIL import Image
from playwright.sync_api import Page, expect

# The picture as the phone downloads it: fetched by the page, with the phone's Accept-Language.
FETCH_PNG = """async (url) => {
  const response = await fetch(url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return [response.status, btoa(text)];
}"""


def downloaded_picture(page: Page, game):
    """The game's result picture as the page fetches it (answered 200)."""
    status, data = page.evaluate(FETCH_PNG, f"/games/{game.pk}/result.png")
    assert status == 200
    return Image.open(io.BytesIO(base64.b64decode(data)))


def mark_document(page: Page):
    """Leave a marker on the window: it survives htmx swaps and dies with a page load."""
    page.evaluate("window.sameDocument = true")


def assert_same_document(page: Page):
    assert page.evaluate("typeof window.htmx") == "object", "htmx did not load"
    assert page.evaluate("window.sameDocument") is True, "the page reloaded instead of htmx"


def points_field(page: Page, name: str):
    return page.get_by_role("spinbutton", name=name, exact=True)


def type_round(page: Page, values: dict):
    for name, value in values.items():
        points_field(page, name).fill(str(value))


def save_round(page: Page, values: dict):
    """Type a round and save it through htmx; the sheet then asks for the next round."""
    number = int(re.search(r"\d+", page.locator("legend").first.inner_text())[0])
    mark_document(page)
    type_round(page, values)
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Round {number + 1}")
    assert_same_document(page)


def totals(page: Page):
    return [int(cell) for cell in page.locator("tfoot td strong").all_inner_texts()]


def tap_quitter(page: Page, name: str):
    """One tap on a name in "who quit last" (its label: the radio button is drawn as the name)."""
    page.get_by_role("group", name="who quit last").get_by_text(f"{name} quit last").click()
