"""Narrow phones and large text: what a page shows cut, and a browser set to a larger font.

`large_font_phone` opens a phone whose Chromium profile says 24 px for the default font
size: the setting behind chrome://settings/fonts, written in the profile's Preferences, as
a person who reads better with larger text sets it (not a zoom, not a style injected).
"""

import json

from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, PHONE

LANDSCAPE = {"width": 844, "height": 390}

# What the page shows cut or too wide: the page scrolling sideways, a word broken across two
# lines, an element whose content is wider than its box (a name shortened to "J." or "Jea…"),
# an element past the screen's edges, a picker's card outside its border. Only a box made to
# scroll sideways (the sheet with many long names) may hold wider content; visually hidden
# texts and form controls' own insides aside.
#
# A word broken across lines shows as two or more rects from `Range.getClientRects()` that sit
# on different lines; a word may still wrap after a real hyphen ("Anne-|Laure"), or after the
# plus of a sum ("1+2+3+4+5+6+10" may wrap between its numbers), or at a soft hyphen (U+00AD,
# which German compounds carry where they may break: "Standard-|einstellungen").
PROBLEMS = r"""() => {
  const found = [];
  // The layout viewport: a phone zooms out (innerWidth grows) to show a page that is too wide.
  const screen = document.documentElement.clientWidth;
  const hidden = ".sr-only, svg, select, option, script, style, template";
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
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(hidden) || !parent.checkVisibility()) continue;
    for (const match of node.data.matchAll(/[^\s\-\u2010\u00ad+]+[\-\u2010\u00ad+]?/gu)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      let rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      // After a soft hyphen the line broke at, Chromium gives the fragment that follows the
      // hyphen drawn at the end of the line before: a rect narrower than a letter, not a cut.
      const hyphen = parseFloat(getComputedStyle(parent).fontSize) * 0.6;
      if (node.data[match.index - 1] === "\u00ad" && rects.length > 1 && rects[0].width < hyphen) {
        rects = rects.slice(1);
      }
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
  for (const card of document.querySelectorAll(".picker button")) {
    if (!card.checkVisibility()) continue;
    const border = card.closest("fieldset").getBoundingClientRect();
    const box = card.getBoundingClientRect();
    if (box.right > border.right || box.left < border.left) {
      found.push(`${describe(card)} outside its border`);
    }
  }
  return found;
}"""


def problems(page):
    return page.evaluate(PROBLEMS)


def large_font_phone(browser, live_server, folder, font_size=24, **options):
    """A persistent Chromium context whose profile's default font size is `font_size` px."""
    profile = folder / "profile"
    (profile / "Default").mkdir(parents=True, exist_ok=True)
    preferences = {"webkit": {"webprefs": {"default_font_size": font_size}}}
    (profile / "Default" / "Preferences").write_text(json.dumps(preferences))
    context = browser.browser_type.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        base_url=live_server.url,
        **(PHONE | options),
    )
    context.set_default_timeout(5000)
    return context
