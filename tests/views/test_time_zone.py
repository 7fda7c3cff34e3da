"""Each account reads every date and time in the time zone it chose on its account page, the
site's (settings.TIME_ZONE, Europe/Paris in the tests) until it chooses one."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from common.models import Preferences
from games.archive import export_job
from games.models import Game, Night
from tests.helpers.admin import change_account
from tests.helpers.pagetext import tags, text, texts

# 03:00 UTC on 15 June: 15:00 that day in Auckland, 20:00 the day before in Los Angeles,
# 05:00 in Paris.
MOMENT = datetime(2026, 6, 15, 3, 0, tzinfo=UTC)


def started_at(game, moment):
    Game.objects.filter(pk=game.pk).update(created_at=moment)
    Night.objects.filter(pk=game.night_id).update(start=moment)
    return game


def signed_in(user, zone=None):
    if zone is not None:
        Preferences.objects.create(user=user, time_zone=zone)
    client = Client()
    client.force_login(user)
    return client


def test_two_accounts_read_one_moment_on_their_own_dates(alice, bob, make_game):
    for owner in (alice, bob):
        started_at(make_game(owner=owner), MOMENT)
    auckland, los_angeles = (
        signed_in(alice, "Pacific/Auckland"),
        signed_in(bob, "America/Los_Angeles"),
    )

    assert "15 Jun 2026, 15:00" in text(auckland.get("/history/").text)
    assert "14 Jun 2026, 20:00" in text(los_angeles.get("/history/").text)
    assert "15 Jun 2026 1 game" in text(auckland.get("/nights/").text)
    assert "14 Jun 2026 1 game" in text(los_angeles.get("/nights/").text)


def test_the_home_pages_tonight_is_dated_in_the_accounts_zone(alice, bob, make_game):
    # 25 hours apart: whatever the hour, their dates differ (so one differs from Paris's).
    for owner, zone in [(alice, "Pacific/Kiritimati"), (bob, "Pacific/Pago_Pago")]:
        make_game(owner=owner)  # started now: tonight's night
        today = timezone.now().astimezone(ZoneInfo(zone)).date()

        page = signed_in(owner, zone).get("/en/").text

        [tonight] = texts(page, "section", class_="tonight")
        assert f"Tonight {today.day} {today:%b} {today.year}" in tonight


def test_the_account_page_saves_a_zone_that_the_next_pages_follow(alice_client, alice, make_game):
    started_at(make_game(), MOMENT)

    response = alice_client.post("/accounts/", {"time_zone": "America/Los_Angeles"})

    assert response.status_code == 302 and response.url == "/accounts/"
    assert Preferences.objects.get(user=alice).time_zone == "America/Los_Angeles"
    assert "Your time zone is saved." in text(alice_client.get("/accounts/").text)
    assert "14 Jun 2026, 20:00" in text(alice_client.get("/history/").text)


def test_the_sites_zone_can_be_chosen_again(alice, make_game):
    started_at(make_game(), MOMENT)
    client = signed_in(alice, "Pacific/Auckland")

    assert client.post("/accounts/", {"time_zone": ""}).status_code == 302

    assert Preferences.objects.get(user=alice).time_zone == ""
    assert "15 Jun 2026, 05:00" in text(client.get("/history/").text)


@pytest.mark.parametrize("zone", ["Mars/Olympus_Mons", "localtime", "x" * 5000])
def test_a_zone_not_in_the_list_is_refused_by_the_field(alice_client, alice, zone):
    response = alice_client.post("/accounts/", {"time_zone": zone})

    assert response.status_code == 422
    assert texts(response.text, "ul", id="id_time_zone_error") == [
        "Choose a time zone from the list."
    ]
    [select] = tags(response.text, "select", id="id_time_zone")
    assert select["aria-invalid"] == "true"
    assert not Preferences.objects.filter(user=alice).exists()


def test_the_field_has_a_label_and_every_zone_in_french_too(alice_client):
    page = alice_client.get("/accounts/", headers={"accept-language": "fr"}).text

    assert texts(page, "label", for_="id_time_zone") == ["Fuseau horaire"]
    assert tags(page, "optgroup", label="Océan Pacifique")
    assert texts(page, "option", value="Pacific/Auckland") == ["Auckland"]
    assert texts(page, "option", value="", selected=True) == ["Celui du site\u00a0: Europe/Paris"]


def test_the_list_has_one_name_per_place_by_region(alice_client):
    page = alice_client.get("/accounts/").text

    groups = [group["label"] for group in tags(page, "optgroup")]
    assert groups[:2] == ["Africa", "America"] and groups[-1] == "Other"
    values = {option["value"] for option in tags(page, "option")}
    assert {"Africa/Asmara", "America/Adak", "Europe/Amsterdam", "Asia/Kolkata", "UTC"} <= values
    assert not values & {"Africa/Asmera", "America/Atka", "US/Pacific", "Japan", "Asia/Calcutta"}
    assert 300 < len(values) < 500  # 598 with every old name


def test_an_account_on_an_older_name_sees_it_chosen(alice):
    page = signed_in(alice, "Asia/Calcutta").get("/accounts/").text

    [chosen] = tags(page, "option", selected=True)
    assert chosen["value"] == "Asia/Calcutta"


def test_a_change_on_one_phone_is_followed_by_the_others_next_page(alice, make_game):
    started_at(make_game(), MOMENT)
    phone, other = signed_in(alice), signed_in(alice)
    assert "15 Jun 2026, 05:00" in text(other.get("/history/").text)  # Paris, the site's

    phone.post("/accounts/", {"time_zone": "Pacific/Auckland"})

    assert "15 Jun 2026, 15:00" in text(other.get("/history/").text)


def test_a_change_made_in_the_admin_is_followed_by_every_phones_next_page(
    admin_client, alice, make_game
):
    started_at(make_game(), MOMENT)
    phone = signed_in(alice, "Pacific/Auckland")
    assert "15 Jun 2026, 15:00" in text(phone.get("/history/").text)

    changed = {"preferences-INITIAL_FORMS": "1", "preferences-0-time_zone": "America/Los_Angeles"}
    assert change_account(admin_client, alice, **changed).status_code == 302

    assert "14 Jun 2026, 20:00" in text(phone.get("/history/").text)


def test_the_zone_is_read_with_the_account_in_one_query(alice, make_game):
    client = signed_in(alice, "Pacific/Auckland")
    with CaptureQueriesContext(connection) as captured:
        assert client.get("/history/").status_code == 200
    reads = [q["sql"] for q in captured if "accounts_preferences" in q["sql"]]
    assert len(reads) == 1 and '"auth_user"' in reads[0].split("WHERE")[0]


def test_a_zone_the_database_no_longer_has_reads_the_sites(alice, make_game):
    started_at(make_game(), MOMENT)
    client = signed_in(alice, "Pacific/Auckland")
    Preferences.objects.filter(user=alice).update(time_zone="Europe/Atlantis")

    assert "15 Jun 2026, 05:00" in text(client.get("/history/").text)


def test_a_nights_picture_is_dated_in_the_accounts_zone(alice_client, make_game):
    game = started_at(make_game(), datetime(2026, 6, 15, 21, 30, tzinfo=UTC))  # 23:30 in Paris
    paris = alice_client.get(f"/nights/{game.night_id}/night.png").content
    alice_client.post("/accounts/", {"time_zone": "Pacific/Auckland"})  # 16 June there

    assert alice_client.get(f"/nights/{game.night_id}/night.png").content != paris


def test_an_export_written_by_the_worker_dates_the_games_in_the_accounts_zone(alice, make_game):
    started_at(make_game(owner=alice, rounds=[(3, 0, 5)]), MOMENT)
    Preferences.objects.create(user=alice, time_zone="America/Los_Angeles")
    job = export_job.queue(alice, "csv")

    export_job.write_export.call(job.pk, "csv")  # as the worker does: no request, no session

    rows = b"".join(bytes(chunk.data) for chunk in job.chunks.order_by("pk")).decode("utf-8-sig")
    assert rows.splitlines()[1].split(",")[1] == "2026-06-14"  # Paris would say the 15th


def test_staff_set_an_accounts_zone_in_the_admin_from_the_same_list(admin_client, alice):
    refused = change_account(admin_client, alice, **{"preferences-0-time_zone": "Mars/Olympus"})
    assert refused.status_code == 200
    [errors] = refused.context["inline_admin_formsets"][0].formset.errors
    assert errors["time_zone"] == ["Choose a time zone from the list."]
    assert not Preferences.objects.filter(user=alice).exists()

    saved = change_account(admin_client, alice, **{"preferences-0-time_zone": "Pacific/Auckland"})
    assert saved.status_code == 302
    assert Preferences.objects.get(user=alice).time_zone == "Pacific/Auckland"
