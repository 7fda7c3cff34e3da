"""The reader switches the app to French and back."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect


def language_switch(page):
    """Whatever its look, a language switch posts to Django's set_language view."""
    return page.locator(f"form[action='{reverse('set_language')}']")


def choose(page, code):
    """One form per language (a hidden `language` field), one button per language, or a select."""
    switch = language_switch(page)
    form = switch.filter(has=page.locator(f"input[name=language][value={code}]"))
    if form.count():
        form.first.locator("button, input[type=submit]").first.click()
        return
    button = switch.locator(f"button[value={code}]")
    if button.count():
        button.first.click()
        return
    switch.locator("select").select_option(code)
    submit = switch.locator("button[type=submit], input[type=submit]")
    if submit.count() and submit.first.is_visible():
        submit.first.click()


def test_it_switches_to_french_and_back(page, transactional_db):
    page.goto("/")
    if language_switch(page).count() == 0:
        pytest.skip("no language switch in this tree yet (it is built on the i18n branch)")
    expect(page.locator("html")).to_have_attribute("lang", "en")

    choose(page, "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("link", name="Sign up", exact=True)).to_have_count(0)

    choose(page, "en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("link", name="Sign up", exact=True).first).to_be_visible()
