import zoneinfo
from functools import cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


class Counter(models.Model):
    """How often one thing was tried in a window: log-in failures per account and per address,
    password resets per address and per client, sign-ups per client, imports and exports per
    account. One table and one function for every limit (accounts/limits.py), as healthchecks
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
        verbose_name = _("rate counter")
        verbose_name_plural = _("rate counters")

    def __str__(self):
        return self.key


class Skeleton(models.Model):
    """What an account's name looks like (games/names.py's skeleton), unique: a new name is
    checked against the others by one look-up on this index (accounts/usernames.py), not by
    comparing it with every account's. Updated whenever an account is saved.

    Empty (NULL) for an account whose name already looked like an older one's when it was
    made outside the forms (a shell, createsuperuser) or before this index: the older keeps
    the skeleton, and both can still be edited."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, models.CASCADE, primary_key=True, related_name="skeleton"
    )
    # A SHA-256 of the skeleton: a name of 150 letters can unfold (NFKC) into thousands,
    # more than an index entry holds.
    skeleton = models.CharField(_("looks like"), max_length=64, unique=True, null=True)

    class Meta:
        verbose_name = _("username skeleton")
        verbose_name_plural = _("username skeletons")

    def __str__(self):
        return self.skeleton or ""


# In the time zone database, but no place: the server's own zone, and a zone of nowhere.
NOT_PLACES = frozenset({"localtime", "posixrules", "Factory"})


@cache  # read from the disk's time zone database, which changes only with an upgrade
def available_zones():
    """The IANA names an account may choose ("Pacific/Auckland")."""
    return frozenset(zoneinfo.available_timezones()) - NOT_PLACES


def validate_time_zone(name):
    if name and name not in available_zones():
        raise ValidationError(_("Choose a time zone from the list."), code="unknown_zone")


class Preferences(models.Model):
    """What an account chose for itself: its time zone, in which it reads every date and time
    and the day each night falls on (accounts/zones.py). Blank, or no row at all: the site's
    (settings.TIME_ZONE). Its sessions carry a copy, so that following it costs no query."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, models.CASCADE, primary_key=True, related_name="preferences"
    )
    # An IANA name ("Pacific/Auckland"), the longest some 32 characters.
    time_zone = models.CharField(
        _("time zone"), max_length=64, blank=True, validators=[validate_time_zone]
    )

    class Meta:
        verbose_name = _("account preferences")
        verbose_name_plural = _("account preferences")

    def __str__(self):
        return self.time_zone
