"""An account's time zone: every date and time it reads, and the day each night falls on, in
the zone it chose on its account page (Preferences.time_zone), else the site's
(settings.TIME_ZONE); until it chooses, the zone its phone calls its own, sent once by
static/js/phone-zone.js (`offer`).

It is read with the account itself, in the same query (accounts/backends.py), when a request
first asks whose it is (scorekeeper/middleware.py activates the zone then): no copy lives in
the session, so a change made on one phone, or by staff in the admin, is followed by every
phone's next page."""

import zoneinfo

from django.core.signals import request_finished
from django.dispatch import receiver
from django.utils import timezone

from common.models import Preferences, available_zones


def chosen(user_id):
    """The account's zone, "" for the site's."""
    zone = Preferences.objects.filter(user=user_id).values_list("time_zone", flat=True).first()
    return zone or ""


def of_user(user):
    """The zone `user` reads in, from the preferences read with it ("" for the site's). A name
    the time zone database dropped since (an upgrade): the site's, never a 500."""
    try:
        zone = user.preferences.time_zone
    except Preferences.DoesNotExist:  # none chosen yet: no row
        return ""
    return zone if zone in available_zones() else ""


def unset(user):
    """Whether `user` never chose a zone, nor was given the phone's (no Preferences row): read
    with the account, no query. Choosing the site's zone on the account page is a choice."""
    try:
        user.preferences  # noqa: B018 (read with the account: raises when there is no row)
    except Preferences.DoesNotExist:
        return True
    return False


def offer(user, zone):
    """The phone's own zone, kept only while the account has none (`unset`): what the account
    page saves, at any time, always wins over it."""
    Preferences.objects.get_or_create(user=user, defaults={"time_zone": zone})


def choose(user, zone):
    """The account's zone from now on ("" for the site's)."""
    Preferences.objects.update_or_create(user=user, defaults={"time_zone": zone})


def of_account(user_id):
    """The zone to read `user_id`'s dates in, off a request (a worker's task): timezone.override
    takes it, None for the site's."""
    zone = chosen(user_id)
    return zoneinfo.ZoneInfo(zone) if zone in available_zones() else None


def activate(user):
    zone = of_user(user)
    if zone:
        timezone.activate(zoneinfo.ZoneInfo(zone))
    else:
        timezone.deactivate()


@receiver(request_finished)
def _forget(**kwargs):
    """Back to the site's zone once the answer is sent: a streamed answer (an export) is
    written after the middleware returned, still in the account's zone; what the process does
    next (another request, a test) is not."""
    timezone.deactivate()
