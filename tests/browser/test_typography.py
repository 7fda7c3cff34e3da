"""Polish typography on what the scripts write (static/js/typography.js): a one-letter word
never ends a line there either, bound as the server binds its pages (scorekeeper/typography.py)."""

from django.urls import reverse
from playwright.sync_api import expect

from scorekeeper.typography import bind_single_letters
from tests.helpers.browser import sign_in

NBSP = "\u00a0"
# The server's cases (tests/views/test_polish_typography.py) that are text, and the scripts'
# own sentences.
SENTENCES = [
    "Gra w karty i kości",
    "W swojej turze a potem",
    "Ana i\nBartek, o tym u nas",
    "(w domu) „z komarami”",
    "Ana i Ben, w Scorekeeperze",
    "Anne-Laure i Maximiliane!",
    "i przeliczonymi",
    "Ania ma kota",
    "L.A.M.A. Dice",
    "Ala ma psa, ąw x",
    "Zoé i 🦙 Christabel z Łodzi",
    "Odrzuć liczby z rundy 3",
    "Brak połączenia: ta strona w stanie z 20:41.",
]
BOUND = """async (sentences) => {
  const script = document.querySelector('script[src*="app"]').src;
  const { bound } = await import(new URL("js/typography.js", script));
  return sentences.map(bound);
}"""


def test_the_scripts_bind_the_sentences_as_the_server_does(page, live_server):
    page.goto(reverse("rules_page", args=["scoring"]).replace("/en/", "/pl/"))
    assert page.evaluate("document.documentElement.lang") == "pl"

    assert page.evaluate(BOUND, SENTENCES) == [bind_single_letters(s) for s in SENTENCES]


def test_a_sentence_a_script_writes_on_a_polish_page_is_bound(browser, live_server, alice, watch):
    phone = browser.new_context(base_url=live_server.url, locale="pl-PL")
    phone.set_default_timeout(5000)
    phone.on("page", watch.attach)
    sign_in(phone, live_server.url, alice)
    page = phone.new_page()
    try:
        page.goto(reverse("game_new"))
        page.locator('input[name="game"][value="lato"]').check()  # js/new-game.js writes it
        limit = page.locator("[data-players-limit]")
        expect(limit).to_contain_text("Lato z")
        assert f"z{NBSP}komarami" in limit.text_content()
        page.locator("#id_player_0").fill("Jan z Lasu")  # a value, not the page's text
        assert page.locator("#id_player_0").input_value() == "Jan z Lasu"
    finally:
        phone.close()
    assert not watch.problems, watch.problems
