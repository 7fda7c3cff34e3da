"""The group's table as a family reads it at 320 px, in English and French: after two nights,
each row's rating labelled in words and never negative, the provisional mark of the newcomer,
the arrows of the places moved tonight, a streak, and why someone with fewer wins is above;
every word whole and every box holding its content (small_screens.PROBLEMS).

Screenshots go to TABLE_SHOTS, when it is set."""

import re
from datetime import timedelta

import pytest
from django.db.models import F
from playwright.sync_api import expect

from games import nights
from games.models import Game, Night
from tests.browser.small_screens import problems
from tests.helpers.browser import keep

# A L.L.A.M.A. game's two rounds by each seat's final place (1: the lowest total, who wins).
LAMA = {1: (12, -10), 2: (0, 3), 3: (20, 25), 4: (31, 20)}
# A Llama Llama game's two rounds by place (1: the highest total).
LLAMA = {1: (60, 44), 2: (10, 20), 3: (5, 8)}


def played(make_game, places, kind="lama"):
    """A finished game whose seats (names) end at `places` ({name: place})."""
    by_place = LAMA if kind == "lama" else LLAMA
    names = tuple(places)
    rounds = [tuple(by_place[places[name]][number] for name in names) for number in (0, 1)]
    return make_game(names=names, rounds=rounds, kind=kind)


@pytest.fixture
def two_nights(make_game):
    """Last week four L.L.A.M.A. games; tonight two more with Grand-père, new, and two of
    Llama Llama."""
    last_week = [
        played(make_game, {"Maman": 2, "Papa": 1, "Léa": 3, "Zoé": 4}),
        played(make_game, {"Maman": 2, "Papa": 1, "Léa": 4, "Zoé": 3}),
        played(make_game, {"Maman": 1, "Papa": 2, "Léa": 3, "Zoé": 4}),
        played(make_game, {"Maman": 3, "Papa": 2, "Léa": 4, "Zoé": 1}),
    ]
    earlier = timedelta(days=7)
    Game.objects.filter(pk__in=[g.pk for g in last_week]).update(
        created_at=F("created_at") - earlier, finished_at=F("finished_at") - earlier
    )
    nights.refresh(Night.objects.all())
    played(make_game, {"Léa": 1, "Grand-père": 2, "Papa": 3, "Zoé": 4})
    played(make_game, {"Léa": 1, "Grand-père": 3, "Maman": 4, "Zoé": 2})
    played(make_game, {"Léa": 1, "Papa": 4, "Maman": 3, "Zoé": 2})
    played(make_game, {"Zoé": 1, "Papa": 2, "Léa": 3}, kind="llama_llama")
    played(make_game, {"Zoé": 2, "Papa": 1, "Léa": 3}, kind="llama_llama")


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_the_table_reads_without_help_at_320_px(page, signed_in, two_nights, locale):
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto("/table/")
    keep(page, f"table-320-{locale[:2]}", "TABLE_SHOTS")
    french = locale == "fr-FR"
    lama = page.locator("section", has=page.locator("#table-lama"))
    rows = lama.locator(".table-rows > li")
    expect(rows).to_have_count(5)
    for index in range(5):
        rating = rows.nth(index).locator(".table-rating")
        expect(rating).to_contain_text("Cote" if french else "Rating")
        assert re.fullmatch(r"\d[\d\s,\u00a0]*", rating.locator("strong").inner_text())

    def row(name):
        return rows.filter(has=page.get_by_role("link", name=name, exact=True))

    grandpa = row("Grand-père")
    expect(grandpa.locator(".provisional")).to_be_visible()
    expect(grandpa.locator(".moved")).to_contain_text("nouveau" if french else "new")
    expect(lama.locator(".moved.up").first).to_be_visible()
    expect(lama.locator(".moved.down").first).to_be_visible()
    expect(row("Léa")).to_contain_text("3 victoires d’affilée" if french else "3 wins in a row")
    assert problems(page) == []
    assert page.evaluate(SEPARATORS_OPENING_A_LINE) == []


# A row's figures wrap between two of them, each separator staying at the end of its line
# ("2 wins ·" / "average place 1.3"), never at the start of the next.
SEPARATORS_OPENING_A_LINE = """() => [...document.querySelectorAll(".table-figures")].flatMap(p => {
  const found = [], range = document.createRange();
  const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/·/g)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + 1);
      const dot = range.getBoundingClientRect();
      if (dot.left - p.getBoundingClientRect().left < 2 * dot.width) {
        found.push(p.textContent.trim().replace(/\\s+/g, " "));
      }
    }
  }
  return found;
})"""
