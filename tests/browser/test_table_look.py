"""The sheet looks like the table: black chips dark and white chips light in both themes (and
under forced colours), each total's chips in even rows; and the French menu on one line on a
390 px phone."""

import pytest
from playwright.sync_api import expect

# Five players, so that the columns are narrow; totals with many chips of both colours.
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
ROUNDS = [(11, 6, 16, 5, 21), (9, 9, 9, 13, 8), (7, 12, 5, 3, 7)]

# The relative luminance of each chip's fill, and the chips' rows in each total's cell.
CHIPS = """() => {
  const luminance = (color) => {
    const [r, g, b] = color.match(/[\\d.]+/g).slice(0, 3).map((c) => {
      const v = c / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const fill = (selector) => [...document.querySelectorAll(selector)].map(
    (chip) => luminance(getComputedStyle(chip).backgroundColor));
  const rows = [...document.querySelectorAll("tfoot .chips")].map((cell) => {
    const tops = {};
    for (const chip of cell.querySelectorAll(".chips > *")) {
      const box = chip.getBoundingClientRect();
      const middle = Math.round(box.top + box.height / 2);
      tops[middle] = (tops[middle] || 0) + 1;
    }
    return Object.keys(tops).sort((a, b) => a - b).map((top) => tops[top]);
  });
  const tray = getComputedStyle(document.querySelector(".chips")).backgroundColor;
  const page = getComputedStyle(document.body).backgroundColor;
  return {black: fill(".chips > b"), white: fill(".chips > i"), rows: rows,
          black_edge: [...document.querySelectorAll(".chips > b")].map(
            (chip) => luminance(getComputedStyle(chip).borderTopColor)),
          tray: luminance(tray === "rgba(0, 0, 0, 0)" ? page : tray)};
}"""


@pytest.mark.parametrize("forced_colors", ["none", "active"])
@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_black_chips_are_dark_and_white_chips_light(
    page, signed_in, make_game, color_scheme, forced_colors
):
    game = make_game(names=NAMES, rounds=ROUNDS)
    # Forced colours (a contrast theme) painted every chip's fill as the page's background:
    # in the dark theme a white chip was a hollow ring like the black ones.
    page.emulate_media(forced_colors=forced_colors)
    page.goto(game.get_absolute_url())
    chips = page.evaluate(CHIPS)
    assert chips["black"] and chips["white"]
    # Dark through and through: no coloured ring around a dark middle.
    assert all(fill < 0.05 for fill in chips["black"] + chips["black_edge"]), chips
    # And they show: a black chip stands out from what it lies on (3:1 at least).
    assert (chips["tray"] + 0.05) / (max(chips["black"]) + 0.05) >= 3, chips
    assert all(fill > 0.7 for fill in chips["white"]), chips["white"]


@pytest.mark.parametrize("width", [320, 390])
def test_each_total_has_its_chips_in_even_rows(page, signed_in, make_game, width):
    game = make_game(names=NAMES, rounds=ROUNDS)
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(game.get_absolute_url())
    rows = page.evaluate(CHIPS)["rows"]
    assert any(len(cell) > 1 for cell in rows), rows  # the test would prove nothing otherwise
    for cell in rows:
        assert max(cell) - min(cell) <= 2 and (cell[-1] > 1 or len(cell) == 1), rows


@pytest.mark.parametrize("locale", ["fr-FR", "en-GB"])
def test_the_menu_is_one_line_at_390_px(page, signed_in, locale):
    page.goto("/history/")
    tops = page.locator("nav[aria-label] a, nav[aria-label] button").evaluate_all(
        "items => items.map((item) => Math.round(item.getBoundingClientRect().top))"
    )
    assert len(tops) == 4 and len(set(tops)) == 1, tops


def test_a_table_wider_than_the_phone_says_more_players_lie_to_the_right(
    page, signed_in, make_game
):
    wide = make_game(names=("Jean-Éric", "Maximiliane", "Zoé", "Anne-Laure", "Bartholomew"))
    narrow = make_game(names=("Ana", "Ben", "Cleo"))
    page.set_viewport_size({"width": 320, "height": 640})
    hint = page.get_by_text("More players to the right: swipe the table")

    page.goto(wide.get_absolute_url())
    expect(hint).to_be_visible()
    page.locator(".sheet-scroll").evaluate("box => box.scrollTo({left: box.scrollWidth})")
    expect(hint).to_be_hidden()  # the last column is in view

    page.goto(narrow.get_absolute_url())
    expect(page.locator("table.sheet")).to_be_visible()
    expect(hint).to_be_hidden()
