"""Steps on the scoresheet that several browser tests share."""

import re

from playwright.sync_api import Page, expect


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
