"""The account page offers the phone's time zone to an account that chose none
(static/js/time-zone.js); the server's list decides, and nothing is saved until the form is."""

import pytest
from playwright.sync_api import expect

from common.models import Preferences
from tests.browser.conftest import wait_for_connections
from tests.helpers.browser import PHONE, sign_in


@pytest.fixture(params=["Pacific/Auckland"])
def phone_in_auckland(browser, live_server, watch, alice, request):
    """A phone in Auckland, or in the zone a test gives as its param."""
    context = browser.new_context(
        base_url=live_server.url, locale="en-GB", timezone_id=request.param, **PHONE
    )
    context.set_default_timeout(5000)
    context.on("page", watch.attach)
    sign_in(context, live_server.url, alice)
    yield context.new_page()
    context.close()
    wait_for_connections()  # its streams end before the database is emptied


def test_the_phones_zone_is_offered_then_saved(phone_in_auckland, alice):
    page = phone_in_auckland
    page.goto("/accounts/")
    field = page.get_by_label("Time zone")

    expect(field).to_have_value("Pacific/Auckland")
    expect(
        page.get_by_text("This phone’s time zone is chosen: save it to keep it.")
    ).to_be_visible()
    assert not Preferences.objects.filter(user=alice).exists()

    page.get_by_role("button", name="Save the time zone").click()

    expect(page.get_by_text("Your time zone is saved.")).to_be_visible()
    assert Preferences.objects.get(user=alice).time_zone == "Pacific/Auckland"


def test_a_chosen_zone_is_left_as_it_is(phone_in_auckland, alice):
    Preferences.objects.create(user=alice, time_zone="Europe/Lisbon")
    page = phone_in_auckland
    page.goto("/accounts/")

    expect(page.get_by_label("Time zone")).to_have_value("Europe/Lisbon")
    expect(page.get_by_text("This phone’s time zone is chosen")).to_be_hidden()


# The list has one name per place; a phone may give an older one, which the browser's own
# engine resolves to the same zone.
@pytest.mark.parametrize(
    ("phone_in_auckland", "offered"),
    [("Asia/Calcutta", "Asia/Kolkata"), ("Europe/Kiev", "Europe/Kyiv")],
    indirect=["phone_in_auckland"],
)
def test_a_phone_calling_its_zone_by_an_older_name_is_offered_it(phone_in_auckland, offered):
    page = phone_in_auckland
    page.goto("/accounts/")

    expect(page.get_by_label("Time zone")).to_have_value(offered)
