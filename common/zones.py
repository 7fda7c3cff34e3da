"""An account's time zone: every date and time it reads, and the day each night falls on, in
the zone it chose on its account page (Preferences.time_zone), else the site's
(settings.TIME_ZONE).

It is stored with the account and copied into each of its sessions at log-in, so that
following it costs no query: reading the request's account reads its session anyway
(scorekeeper/middleware.py activates the zone then). Another phone signed
in to the account follows a change at its next log-in, or when it opens the account page."""

import zoneinfo

from django.contrib.auth import SESSION_KEY as USER_KEY
from django.contrib.auth.signals import user_logged_in
from django.core.signals import request_finished
from django.dispatch import receiver
from django.utils import timezone

from common.models import Preferences, available_zones

SESSION_KEY = "time_zone"


def chosen(user_id):
    """The account's zone, "" for the site's."""
    zone = Preferences.objects.filter(user=user_id).values_list("time_zone", flat=True).first()
    return zone or ""


def choose(request, zone):
    """The signed-in account's zone from now on ("" for the site's), in this session too."""
    Preferences.objects.update_or_create(user=request.user, defaults={"time_zone": zone})
    request.session[SESSION_KEY] = zone


def follow(request, zone):
    """This session follows `zone`, the account's as just read (the account page)."""
    if request.session.get(SESSION_KEY) != zone:
        request.session[SESSION_KEY] = zone


def of_session(session):
    """The zone a request is read in: its session's copy. A session opened before accounts
    had a zone has none: it is read once, then stored in it."""
    if SESSION_KEY not in session and USER_KEY in session:
        session[SESSION_KEY] = chosen(session[USER_KEY])
    zone = session.get(SESSION_KEY, "")
    # A name the time zone database dropped since (an upgrade): the site's, never a 500.
    return zone if zone in available_zones() else ""


def of_account(user_id):
    """The zone to read `user_id`'s dates in, off a request (a worker's task): timezone.override
    takes it, None for the site's."""
    zone = chosen(user_id)
    return zoneinfo.ZoneInfo(zone) if zone in available_zones() else None


def activate(request):
    zone = of_session(request.session)
    if zone:
        timezone.activate(zoneinfo.ZoneInfo(zone))
    else:
        timezone.deactivate()


@receiver(user_logged_in)
def _copy_at_log_in(sender, request, user, **kwargs):
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = chosen(user.pk)


@receiver(request_finished)
def _forget(**kwargs):
    """Back to the site's zone once the answer is sent: a streamed answer (an export) is
    written after the middleware returned, still in the account's zone; what the process does
    next (another request, a test) is not."""
    timezone.deactivate()
