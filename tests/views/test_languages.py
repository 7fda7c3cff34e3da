"""Which language a page speaks: the browser's, then the visitor's choice, which sticks."""

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tests.helpers.pagetext import parts, tags, texts


def html_lang(response):
    return tags(response.content.decode(), "html")[0]["lang"]


def switch(client, language, page):
    """Press the language button of `page`, as a browser without JavaScript would: the form's
    own `next`, or the button's formaction on a page with its language in its address."""
    html = client.get(page).content.decode()
    form = next(
        f for f in parts(html, "form") if tags(f, "button", name="language", value=language)
    )
    button = tags(form, "button", name="language", value=language)[0]
    if "formaction" in button:
        return client.post(button["formaction"], {"language": language})
    next_url = tags(form, "input", name="next")[0]["value"]
    return client.post(reverse("set_language"), {"language": language, "next": next_url})


ACCEPTED = [
    ("fr-FR,fr;q=0.9,en;q=0.5", "fr"),
    ("en-GB", "en"),
    ("de-AT,de;q=0.9,en;q=0.5", "de"),
    ("pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7", "pl"),
    ("es-ES,es;q=0.9,de;q=0.5", "de"),  # the first language offered in the browser's list
]


@pytest.mark.parametrize(("accept", "lang"), ACCEPTED)
def test_it_follows_the_browser_language(client, accept, lang):
    response = client.get("/accounts/login/", headers={"accept-language": accept})
    assert html_lang(response) == lang
    assert response.headers["Content-Language"] == lang


def test_it_falls_back_to_english_for_other_languages(client):
    response = client.get("/accounts/login/", headers={"accept-language": "es"})
    assert html_lang(response) == "en"


def test_the_root_sends_each_browser_to_its_language(client):
    for code, _name in settings.LANGUAGES:
        assert client.get("/", headers={"accept-language": code}).url == f"/{code}/"


def test_the_login_page_keeps_its_plain_address():
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            assert reverse("login") == "/accounts/login/"
            assert reverse("game_new") == "/games/new/"
            assert reverse("rules").startswith(f"/{language}/")


def test_prefixed_addresses_win_over_the_browser(client):
    response = client.get("/en/rules/", headers={"accept-language": "fr"})
    assert html_lang(response) == "en"


def test_switching_sticks_across_pages_and_visits(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    response = switch(client, "fr", "/accounts/login/")
    assert response.status_code == 302 and response.url == "/accounts/login/"
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "fr"
    assert int(cookie["max-age"]) >= 60 * 60 * 24 * 30, "the choice must outlive the session"
    assert html_lang(client.get("/accounts/login/")) == "fr"
    assert client.get("/").url == "/fr/"
    assert html_lang(client.get("/accounts/signup/")) == "fr"

    switch(client, "en", "/accounts/signup/")
    assert html_lang(client.get("/accounts/signup/")) == "en"


def test_switching_on_a_prefixed_page_goes_to_its_translation(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    response = switch(client, "fr", "/en/rules/scoring/")
    assert response.url == "/fr/rules/scoring/"
    assert html_lang(client.get(response.url)) == "fr"
    response = switch(client, "en", "/fr/rules/scoring/")
    assert response.url == "/en/rules/scoring/"


def test_after_a_refused_form_the_switch_returns_to_the_page_it_came_from(alice_client, make_game):
    game = make_game()
    sheet = game.get_absolute_url()
    html = alice_client.post(
        reverse("round_add", args=[game.pk]),
        {"round_number": 1, "seat_0": 99, "seat_1": 3, "seat_2": 4},
        headers={"referer": f"http://testserver{sheet}"},
    ).content.decode()
    assert tags(html, "input", name="next", value=sheet)


def test_every_page_offers_every_language_named_in_itself(client):
    html = client.get("/pl/").content.decode()
    switch_form = parts(html, "form", action=reverse("set_language"))[0]
    buttons = tags(switch_form, "button", name="language")
    assert [(b["value"], b["lang"]) for b in buttons] == [(c, c) for c in ("en", "fr", "de", "pl")]
    assert texts(switch_form, "button") == ["English", "Français", "Deutsch", "Polski"]
    assert texts(switch_form, aria_current="true") == ["Polski"]


def test_the_switch_is_one_form_whatever_the_number_of_languages(alice_client, make_game):
    html = alice_client.get(make_game().get_absolute_url()).content.decode()
    assert len(parts(html, "form", action=reverse("set_language"))) == 1


@pytest.mark.parametrize(
    "path", ["/en/", "/fr/rules/", "/de/rules/turn/", "/pl/rules/llama-llama/"]
)
def test_public_pages_name_their_translations(client, path):
    html = client.get(path).content.decode()
    rest = path.partition("/")[2].partition("/")[2]
    for code, _name in settings.LANGUAGES:
        href = f"http://testserver/{code}/{rest}"
        assert tags(html, "link", rel="alternate", hreflang=code, href=href)
    assert tags(html, "link", hreflang="x-default", href=f"http://testserver/{rest}")


def test_pages_without_a_prefix_name_no_translation(client):
    assert not tags(client.get("/accounts/login/").content.decode(), hreflang=True)
