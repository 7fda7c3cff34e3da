"""Log-in throttling: after repeated failures for one account or from one address, a wait.
Password resets are counted the same way, per address asked for and per client.

Each try is counted before its password is checked, atomically (accounts/models.py), so
parallel tries cannot all pass the check before any of them fails: past the limit they are
refused without a check. A try that does not fail gives its place back. The account is
named as the log-in form cleans it (NFKC, stripped) and without case, so "erin ", "ｅｒｉｎ"
and "ERIN" share erin's count. The window opens at the first failure and lasts
LOGIN_LOCKOUT_SECONDS; each try first removes every window that has ended, so the table
holds only the names and addresses tried in the last window. A successful log-in clears the
account's count but not the address's, so whoever guesses at other accounts cannot start
afresh by logging into their own.
"""

import hashlib
from datetime import timedelta
from functools import wraps

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.db import IntegrityError, transaction
from django.db.models import F
from django.dispatch import receiver
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import LoginFailures


def client_address(request):
    """The visitor's address; behind a proxy, the last one it added to CLIENT_IP_HEADER."""
    forwarded = request.META.get(settings.CLIENT_IP_HEADER or "", "")
    return forwarded.split(",")[-1].strip() or request.META.get("REMOTE_ADDR", "")


def cleaned_username(raw):
    """The name the log-in form will authenticate, cleaned by the form's own field."""
    return AuthenticationForm().fields["username"].to_python(raw)


def _key(kind, value):
    return f"{kind}:{hashlib.sha256(value.encode()).hexdigest()}"


def _account_key(username):
    return _key("account", username.casefold())


def _counters(request, username):
    counters = [(_key("address", client_address(request)), settings.LOGIN_FAILURES_PER_ADDRESS)]
    if username:
        counters.append((_account_key(username), settings.LOGIN_FAILURES_PER_ACCOUNT))
    return counters


class _OverLimit(Exception):
    pass


def reserve(request, username):
    """Count a try against every counter of this request; False, counting none, if that
    would take one past its limit."""
    return _reserve(_counters(request, username), settings.LOGIN_LOCKOUT_SECONDS)


def reserve_reset(request, email):
    """Count a password reset asked for `email` by this client; False, counting none, past
    PASSWORD_RESETS_PER_ADDRESS for the address or PASSWORD_RESETS_PER_CLIENT for the client.
    The address is counted whether an account has it or not, so the count tells nothing."""
    counters = [
        (_key("resetby", client_address(request)), settings.PASSWORD_RESETS_PER_CLIENT),
        (_key("resetto", email.casefold()), settings.PASSWORD_RESETS_PER_ADDRESS),
    ]
    return _reserve(counters, settings.PASSWORD_RESET_WINDOW_SECONDS)


def _reserve(counters, window_seconds):
    now = timezone.now()
    prune(now)  # apart: its locks on others' rows are no part of this try's transaction
    try:
        with transaction.atomic():
            for key, limit in counters:
                if _count_try(key, now, window_seconds) > limit:
                    raise _OverLimit
    except _OverLimit:
        return False
    return True


def prune(now):
    """Forget every window that has ended, whoever's it was: without this, each name or
    address ever tried would keep its row (one query, on the index of window_ends)."""
    LoginFailures.objects.filter(window_ends__lte=now).delete()


def _count_try(key, now, window_seconds):
    """The count of `key` with this try, opening a new window if the last one has ended."""
    LoginFailures.objects.filter(key=key, window_ends__lte=now).delete()
    counter = LoginFailures.objects.filter(key=key)
    if not counter.update(count=F("count") + 1):
        window_ends = now + timedelta(seconds=window_seconds)
        try:
            with transaction.atomic():
                LoginFailures.objects.create(key=key, count=1, window_ends=window_ends)
            return 1
        except IntegrityError:  # a parallel try opened the window first: count in it
            counter.update(count=F("count") + 1)
    return counter.values_list("count", flat=True).get()


def release(request, username):
    """Give back the tries `reserve` counted, for a try that did not fail."""
    keys = [key for key, _limit in _counters(request, username)]
    LoginFailures.objects.filter(key__in=keys, count__gt=0).update(count=F("count") - 1)


@receiver(user_login_failed)
def note_failure(sender, credentials, request=None, **kwargs):
    if request is not None:
        request.login_failed = True


@receiver(user_logged_in)
def forget_account_failures(sender, request, user, **kwargs):
    LoginFailures.objects.filter(key=_account_key(user.get_username())).delete()


def refuse_when_throttled(login_view):
    """Wrap a log-in view: a try past a limit gets 429 without its password being checked."""

    @wraps(login_view)
    def guarded(request, *args, **kwargs):
        if request.method != "POST":
            return login_view(request, *args, **kwargs)
        username = cleaned_username(request.POST.get("username", ""))
        if not reserve(request, username):
            return throttled(request, username)
        response = login_view(request, *args, **kwargs)
        if not getattr(request, "login_failed", False):
            release(request, username)
        return response

    return guarded


def throttled(request, username):
    minutes = max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)
    message = _(
        "Too many failed log-ins for this account or from this address. "
        "Wait %(minutes)s minutes, then try again."
    ) % {"minutes": minutes}
    form = AuthenticationForm(request, initial={"username": username[:150]})
    context = {"form": form, "throttled": message, "next": request.POST.get("next", "")}
    response = render(request, "registration/login.html", context, status=429)
    response["Retry-After"] = str(settings.LOGIN_LOCKOUT_SECONDS)
    return response
