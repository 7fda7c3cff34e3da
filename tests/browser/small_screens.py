"""Narrow phones and large text: a browser set to a larger default font, and what is cut.

`large_font_phone` opens a phone whose Chromium profile says 24 px for the default font
size: the setting behind chrome://settings/fonts, written in the profile's Preferences, as
a person who reads better with larger text sets it (not a zoom, not a style injected).
"""

import json

from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, PHONE

LANDSCAPE = {"width": 844, "height": 390}

# What the page shows cut or too wide: the page scrolling sideways, an element whose content
# is wider than its box (a name shortened to "J." or "Jea…"), a picker's card outside its
# border. Scroll containers and what they hold, the visually hidden texts and form controls'
# own insides aside.
PROBLEMS = """() => {
  const found = [];
  const root = document.documentElement;
  // The layout viewport: a phone zooms out (innerWidth grows) to show a page that is too wide.
  const screen = document.documentElement.clientWidth;
  if (root.scrollWidth > screen) found.push(`the page is ${root.scrollWidth} px wide`);
  const describe = (element) => {
    const text = element.textContent.trim().slice(0, 30);
    return `<${element.tagName.toLowerCase()} class="${element.className}"> "${text}"`;
  };
  const skipped = ".visually-hidden, svg, select, details:not([open])";
  // A box made to scroll sideways (the sheet with long names) may hold more than the screen.
  const scrolls = (element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX);
  const inScroller = (element) => {
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (scrolls(up)) return true;
    }
    return false;
  };
  for (const element of document.querySelectorAll("main *, header *")) {
    if (!element.checkVisibility() || element.closest(skipped)) continue;
    if (["INPUT", "SELECT", "TEXTAREA", "OPTION"].includes(element.tagName)) continue;
    if (scrolls(element)) continue;
    const [content, width] = [element.scrollWidth, element.clientWidth];
    if (content > width + 1 && width > 0) {
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
