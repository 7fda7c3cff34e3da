"""The rows behind what both apps use: the limiter's counters and each account's time zone.
They were made by the accounts app, and keep its tables."""

import zoneinfo
from functools import cache
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


class Counter(models.Model):
    """How often one thing was tried in a window: log-in failures per account and per address,
    password resets per address and per client, sign-ups per client, imports and exports per
    account. One table and one function for every limit (common/limits.py), as healthchecks
    keeps its TokenBucket; the rates are settings.

    In the database rather than the cache: counting must be atomic across workers and nodes
    (neither the file cache's `add` nor its `incr` is), and a cache that is down must make a
    limit slower, never let it pass.
    """

    # What is counted ("login-account:", "signup:", "import:", ...) and a SHA-256 of whose:
    # neither a name nor an address is stored.
    key = models.CharField(_("counter"), max_length=96, unique=True)
    count = models.PositiveIntegerField(_("tries"), default=0)
    window_ends = models.DateTimeField(_("window ends"), db_index=True)

    class Meta:
        db_table = "accounts_counter"  # made when the accounts app held it
        verbose_name = _("rate counter")
        verbose_name_plural = _("rate counters")

    def __str__(self):
        return self.key


# In the time zone database, but no place: the server's own zone, and a zone of nowhere.
NOT_PLACES = frozenset({"localtime", "posixrules", "Factory"})


@cache  # read from the disk's time zone database, which changes only with an upgrade
def available_zones():
    """The IANA names an account may choose ("Pacific/Auckland")."""
    return frozenset(zoneinfo.available_timezones()) - NOT_PLACES


@cache
def canonical_zones():
    """The zones a person chooses from: one name per place, as the time zone database's
    zone.tab lists them (every country's zones, "Africa/Asmara" and not its old alias
    "Asmera", "America/Adak" and not "Atka", nor "US/Pacific" or "Japan"), and UTC. Read
    beside the database zoneinfo reads; without a zone.tab there, every zone it has."""
    for folder in zoneinfo.TZPATH:
        table = Path(folder) / "zone.tab"
        if table.is_file():
            rows = (line.split("\t") for line in table.read_text().splitlines())
            listed = {row[2] for row in rows if len(row) > 2 and not row[0].startswith("#")}
            return frozenset(listed | {"UTC"}) & available_zones()
    return available_zones()


def validate_time_zone(name):
    if name and name not in available_zones():
        raise ValidationError(_("Choose a time zone from the list."), code="unknown_zone")


class Preferences(models.Model):
    """What an account chose for itself: its time zone, in which it reads every date and time
    and the day each night falls on (common/zones.py). Blank, or no row at all: the site's
    (settings.TIME_ZONE). Read with the account itself (accounts/backends.py), so that
    following it costs no query."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, models.CASCADE, primary_key=True, related_name="preferences"
    )
    # An IANA name ("Pacific/Auckland"), the longest some 32 characters.
    time_zone = models.CharField(
        _("time zone"), max_length=64, blank=True, validators=[validate_time_zone]
    )

    class Meta:
        db_table = "accounts_preferences"  # made when the accounts app held it
        verbose_name = _("account preferences")
        verbose_name_plural = _("account preferences")

    def __str__(self):
        return self.time_zone
