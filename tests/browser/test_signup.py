from django.contrib.auth import get_user_model
from playwright.sync_api import expect


def submit(page):
    """The signup form's one button, whatever its words."""
    page.get_by_role("main").get_by_role("button").click()


def test_a_visitor_signs_up_and_lands_signed_in(page, transactional_db):
    page.goto("/")
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill("zoe")
    page.get_by_label("Password", exact=True).fill("a-long-pass-phrase-42")
    page.get_by_label("Password confirmation").fill("a-long-pass-phrase-42")
    submit(page)

    expect(page.get_by_role("link", name="Account")).to_be_visible()
    assert get_user_model().objects.filter(username="zoe").exists()


def test_it_shows_why_a_signup_is_refused(page, transactional_db):
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("zoe")
    page.get_by_label("Password", exact=True).fill("short")
    page.get_by_label("Password confirmation").fill("other")
    submit(page)

    expect(page.locator(".errors").first).to_be_visible()
    assert not get_user_model().objects.filter(username="zoe").exists()
