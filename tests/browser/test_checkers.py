"""The checkers the sweep trusts: axe's colour rules alone still find poor contrast, and leave
the markup's rules (names, labels) to the run with all of them."""

from tests.helpers.browser import COLOUR_RULES, violations

PAGE = """<!doctype html><html lang="en"><title>t</title><main>
<p style="color:#777;background:#888">Hard to read</p><input type="text"></main></html>"""


def test_the_colour_rules_find_contrast_and_only_contrast(browser):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(PAGE)
        colours, everything = violations(page, "t", COLOUR_RULES), violations(page, "t")
    finally:
        context.close()
    assert len(colours) == 1 and "color-contrast" in colours[0]
    assert "label" not in colours[0]
    assert "label" in everything[0] and "color-contrast" in everything[0]
