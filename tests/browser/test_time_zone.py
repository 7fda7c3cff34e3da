"""An account that never chose a time zone gets its phone's from its first page on
(static/js/phone-zone.js); one that chose the site's is offered the phone's on the account page
(static/js/time-zone.js), saved only with the form; a zone chosen is never replaced."""

import time

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


def wait_until(check, timeout=5):
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.05)


def saved_zone(alice):
    return Preferences.objects.filter(user=alice).values_list("time_zone", flat=True).first()


def test_the_phones_zone_is_saved_from_the_first_page(phone_in_auckland, alice):
    page = phone_in_auckland
    page.goto("/")

    wait_until(lambda: saved_zone(alice) == "Pacific/Auckland")
    page.goto("/accounts/")
    expect(page.get_by_label("Time zone")).to_have_value("Pacific/Auckland")
    expect(page.get_by_text("This phone’s time zone is chosen")).to_be_hidden()


def test_the_phones_zone_is_offered_to_an_account_that_chose_the_sites(phone_in_auckland, alice):
    Preferences.objects.create(user=alice, time_zone="")
    page = phone_in_auckland
    page.goto("/accounts/")
    field = page.get_by_label("Time zone")

    expect(field).to_have_value("Pacific/Auckland")
    expect(
        page.get_by_text("This phone’s time zone is chosen: save it to keep it.")
    ).to_be_visible()
    assert saved_zone(alice) == ""

    page.get_by_role("button", name="Save the time zone").click()

    expect(page.get_by_text("Your time zone is saved.")).to_be_visible()
    assert saved_zone(alice) == "Pacific/Auckland"


def test_a_chosen_zone_is_left_as_it_is(phone_in_auckland, alice):
    Preferences.objects.create(user=alice, time_zone="Europe/Lisbon")
    page = phone_in_auckland
    page.goto("/accounts/")

    expect(page.get_by_label("Time zone")).to_have_value("Europe/Lisbon")
    expect(page.get_by_text("This phone’s time zone is chosen")).to_be_hidden()
    page.goto("/")
    page.wait_for_load_state("networkidle")
    assert saved_zone(alice) == "Europe/Lisbon"


# The list has one name per place; a phone may give an older one, which the browser's own
# engine resolves to the same zone.
@pytest.mark.parametrize(
    ("phone_in_auckland", "offered"),
    [("Asia/Calcutta", "Asia/Kolkata"), ("Europe/Kiev", "Europe/Kyiv")],
    indirect=["phone_in_auckland"],
)
def test_a_phone_calling_its_zone_by_an_older_name_is_offered_it(phone_in_auckland, offered, alice):
    Preferences.objects.create(user=alice, time_zone="")  # the site's, chosen: offered only
    page = phone_in_auckland
    page.goto("/accounts/")

    expect(page.get_by_label("Time zone")).to_have_value(offered)
