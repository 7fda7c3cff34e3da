"""An account that never chose a time zone reads in its phone's: every page says where to send
it (static/js/phone-zone.js) until the account has one, and the server keeps it only then."""

from datetime import UTC, datetime

import pytest

from common.models import Preferences
from games.models import Game
from tests.helpers.pagetext import tags, text

MOMENT = datetime(2026, 6, 15, 3, 0, tzinfo=UTC)  # 15:00 in Auckland, 05:00 in Paris


def body(client):
    [found] = tags(client.get("/en/").text, "body")
    return found


def test_the_phones_zone_is_kept_while_the_account_has_none(alice_client, alice, make_game):
    Game.objects.filter(pk=make_game().pk).update(created_at=MOMENT)
    assert body(alice_client)["data-phone-zone"] == "/accounts/zone/"

    response = alice_client.post("/accounts/zone/", {"time_zone": "Pacific/Auckland"})

    assert response.status_code == 204
    assert Preferences.objects.get(user=alice).time_zone == "Pacific/Auckland"
    assert "15 Jun 2026, 15:00" in text(alice_client.get("/history/").text)
    assert "data-phone-zone" not in body(alice_client)


@pytest.mark.parametrize("chosen", ["America/Los_Angeles", ""])  # "": the site's, chosen
def test_a_zone_the_account_chose_is_never_replaced(alice_client, alice, chosen):
    alice_client.post("/accounts/", {"time_zone": chosen})
    assert "data-phone-zone" not in body(alice_client)

    assert (
        alice_client.post("/accounts/zone/", {"time_zone": "Pacific/Auckland"}).status_code == 204
    )

    assert Preferences.objects.get(user=alice).time_zone == chosen


@pytest.mark.parametrize("zone", ["Mars/Olympus_Mons", "", "x" * 5000])
def test_a_zone_the_database_lacks_is_refused(alice_client, alice, zone):
    assert alice_client.post("/accounts/zone/", {"time_zone": zone}).status_code == 422
    assert not Preferences.objects.filter(user=alice).exists()


def test_an_older_name_the_phone_may_use_is_kept(alice_client, alice):
    assert alice_client.post("/accounts/zone/", {"time_zone": "Asia/Calcutta"}).status_code == 204
    assert Preferences.objects.get(user=alice).time_zone == "Asia/Calcutta"


def test_a_visitor_is_asked_nothing(client):
    assert "data-phone-zone" not in body(client)
    assert client.post("/accounts/zone/", {"time_zone": "UTC"}).status_code == 302
