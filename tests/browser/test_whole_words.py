"""No word cut in two, and nothing wider than its box, on every main page: at 390 px, at 320 px
and at both with a 24 px default font, in English and in French.

A word broken across lines shows as two or more rects from `Range.getClientRects()` that sit
on different lines; a word may still wrap after a real hyphen ("Anne-|Laure"). Only a box made
to scroll sideways (the sheet with many long names) may hold wider content. Each page is loaded
once per size and language, and checked in one `page.evaluate`.
"""

import pytest
from django.urls import reverse
from django.utils import translation

from games import rulebook
from games.models import ShareLink
from tests.browser.small_screens import large_font_phone
from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, PHONE, sign_in

LONG_NAMES = ("Bartholomew", "Anne-Laure", "Maximiliane", "Jean-Éric", "Gwendolyn", "🦙 Christabel")
ROUNDS = [(11, 0, 16, 5, 21, 3), (4, 9, -10, 13, 8, 2), (-10, 12, 5, 3, 7, 6)]
# Five players to the end: Anne-Laure, Jean-Éric and Gwendolyn empty their hands on the way.
FINAL = [(11, 0, 16, 5, 21), (4, 9, -10, 13, 8), (-10, 12, 5, 3, 7), (15, 7, 0, 20, 10)]
LLAMA_ROUNDS = [(23, 31, 12, 19), (30, 22, 25, 17)]

PHONES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}
# The width, and the default font size the browser is set to (None: the browser's own, 16 px).
# 320 px with 24 px text is where the "Emptied hand" button is tightest.
SIZES = {
    "390": ("390", None),
    "320": ("320", None),
    "390, 24 px font": ("390", 24),
    "320, 24 px font": ("320", 24),
}
LOCALES = {"en": "en-GB", "fr": "fr-FR"}

# Every visible word of the page in one line, every box as wide as its content (bar the boxes
# that scroll sideways and what they hold), nothing past the screen's edges.
CHECK = r"""() => {
  const found = [];
  // The layout viewport: a phone zooms out (innerWidth grows) to show a page that is too wide.
  const screen = document.documentElement.clientWidth;
  const hidden = ".visually-hidden, svg, select, option, script, style, template";
  const describe = (element) => {
    const text = element.textContent.trim().replace(/\s+/g, " ").slice(0, 40);
    return `<${element.tagName.toLowerCase()} class="${element.className}"> "${text}"`;
  };
  const scrolls = (element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX);
  const inScroller = (element) => {
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (scrolls(up)) return true;
    }
    return false;
  };
  if (document.documentElement.scrollWidth > screen) {
    found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  }
  // Words: runs of non-spaces, each ending after a real hyphen where it has one, or after the
  // plus of a sum ("1+2+3+4+5+6+10" may wrap between its numbers).
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(hidden) || !parent.checkVisibility()) continue;
    for (const match of node.data.matchAll(/[^\s\-\u2010\u00ad+]+[\-\u2010\u00ad+]?/gu)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length < 2) continue;
      const lowestTop = Math.max(...rects.map((r) => r.top));
      const highestBottom = Math.min(...rects.map((r) => r.bottom));
      if (lowestTop >= highestBottom - 1) {
        found.push(`"${match[0]}" is cut over ${rects.length} lines in ${describe(parent)}`);
      }
    }
  }
  for (const element of document.querySelectorAll("header *, main *")) {
    if (element.closest(hidden) || element.closest("details:not([open])")) continue;
    if (!element.checkVisibility()) continue;
    if (["INPUT", "TEXTAREA"].includes(element.tagName) || scrolls(element)) continue;
    const [content, width] = [element.scrollWidth, element.clientWidth];
    if (width > 0 && content > width + 1) {
      found.push(`${describe(element)}: content ${content} px in ${width} px`);
    }
    const box = element.getBoundingClientRect();
    if ((box.right > screen + 1 || box.left < -1) && !inScroller(element)) {
      found.push(`${describe(element)} sticks out: ${box.left} to ${box.right}`);
    }
  }
  return found;
}"""


@pytest.fixture
def games(make_game):
    return {
        "sheet": make_game(names=LONG_NAMES, rounds=ROUNDS),
        "finished": make_game(names=LONG_NAMES[:5], rounds=FINAL),
        "llama": make_game(names=LONG_NAMES[:4], rounds=LLAMA_ROUNDS, kind="llama_llama"),
    }


def main_pages(games, language):
    """The sheet in play, the finished game, the live view, the history, a player, the rules."""
    sheet = games["sheet"]
    yield "sheet", sheet.get_absolute_url()
    yield "Llama Llama sheet", games["llama"].get_absolute_url()
    yield "finished game", games["finished"].get_absolute_url()
    yield "live view", ShareLink.objects.create(game=sheet).get_absolute_url()
    yield "finished live view", ShareLink.objects.create(game=games["finished"]).get_absolute_url()
    yield "history", reverse("history")
    yield "player", reverse("player", args=[sheet.seats[0].player_id])
    with translation.override(language):
        yield "rules", reverse("rules")
        for slug, _title in rulebook.lama.SECTIONS:
            yield f"rules: {slug}", reverse("rules_page", args=[slug])
        yield "rules: Lato z Komarami", reverse("rules_lato")
        yield "rules: Llama Llama", reverse("rules_llama_llama")
        for slug, _title in rulebook.llama_llama.SECTIONS:
            yield f"rules: Llama Llama {slug}", reverse("rules_llama_llama_page", args=[slug])


def phone_at(browser, live_server, size, locale, folder):
    width, font_size = SIZES[size]
    if font_size:
        return large_font_phone(
            browser, live_server, folder, font_size, locale=locale, viewport=PHONES[width]
        )
    context = browser.new_context(
        base_url=live_server.url, locale=locale, **(PHONE | {"viewport": PHONES[width]})
    )
    context.set_default_timeout(5000)
    return context


@pytest.mark.parametrize("language", LOCALES)
@pytest.mark.parametrize("size", SIZES)
def test_every_word_stays_whole_and_every_box_holds_its_content(
    browser, live_server, alice, games, tmp_path, watch, size, language
):
    assert CHROMIUM and CHROMIUM_ARGS  # the same browser as every other browser test
    phone = phone_at(browser, live_server, size, LOCALES[language], tmp_path)
    phone.on("page", watch.attach)
    sign_in(phone, live_server.url, alice)
    page = phone.new_page()
    found = []
    try:
        for name, url in main_pages(games, language):
            page.goto(url)
            assert page.evaluate("document.documentElement.lang") == language, name
            found += [f"{name}: {problem}" for problem in page.evaluate(CHECK)]
        font_size = SIZES[size][1] or 16
        assert page.evaluate("getComputedStyle(document.body).fontSize") == f"{font_size}px"
    finally:
        phone.close()
    assert not found, "\n".join(found)
