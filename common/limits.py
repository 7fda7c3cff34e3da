"""One limiter for every limit: log-in failures, password resets, sign-ups, imports and
exports. Each counts tries of one key (an account, an address, a client) in a window that
opens at the first try and lasts the limit's seconds; the rates are settings.

A try is counted before what it asks is done, atomically (common.models.Counter, in the
database), so that parallel tries cannot all pass the check before any of them is counted:
past the limit they are refused, and not counted. A fixed window rather than a bucket that
refills little by little: a refusal can then say one true time ("wait 15 minutes", "try
again after 14:05"). Each try first forgets every window that has ended, so the table holds
only the keys tried in the last window.
"""

import hashlib
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from common.models import Counter


def key(kind, value):
    """The counter of `kind` for `value`; a hash of it, so that no name nor address is stored."""
    return f"{kind}:{hashlib.sha256(str(value).encode()).hexdigest()}"


def client_address(request):
    """The visitor's address; behind a proxy, the last one it added to CLIENT_IP_HEADER."""
    forwarded = request.META.get(settings.CLIENT_IP_HEADER or "", "")
    return forwarded.split(",")[-1].strip() or request.META.get("REMOTE_ADDR", "")


class _Over(Exception):
    def __init__(self, key):
        self.key = key


def take(limits, seconds):
    """Count one try against each (key, most) of `limits`, in windows of `seconds`: None when
    every count stays within its most; otherwise, counting none, when the window of the first
    one past it ends."""
    now = timezone.now()
    prune(now)  # apart: its locks on others' rows are no part of this try's transaction
    try:
        with transaction.atomic():
            for counter, most in limits:
                if _count(counter, now, seconds) > most:
                    raise _Over(counter)
    except _Over as over:
        ends = Counter.objects.filter(key=over.key).values_list("window_ends", flat=True)
        return ends.first() or now + timedelta(seconds=seconds)
    return None


def give_back(keys):
    """Uncount the try `take` counted against `keys`, for a try that turned out not to count
    (a log-in that did not fail, an upload never received)."""
    Counter.objects.filter(key__in=keys, count__gt=0).update(count=F("count") - 1)


def forget(counter):
    """Start `counter` afresh (a successful log-in clears its account's failures)."""
    Counter.objects.filter(key=counter).delete()


def prune(now):
    """Forget every window that has ended, whoever's it was: without this, each key ever
    tried would keep its row (one query, on the index of window_ends)."""
    Counter.objects.filter(window_ends__lte=now).delete()


def _count(counter, now, seconds):
    """The count of `counter` with this try, opening a new window if the last one has ended."""
    Counter.objects.filter(key=counter, window_ends__lte=now).delete()
    row = Counter.objects.filter(key=counter)
    if not row.update(count=F("count") + 1):
        window_ends = now + timedelta(seconds=seconds)
        try:
            with transaction.atomic():
                Counter.objects.create(key=counter, count=1, window_ends=window_ends)
            return 1
        except IntegrityError:  # a parallel try opened the window first: count in it
            row.update(count=F("count") + 1)
    return row.values_list("count", flat=True).get()
