"""Log-in throttling: after repeated failures for one account or from one address, a wait.

Failures are counted in the cache (shared by every worker in production, see CACHES) in a
window that opens at the first failure and lasts LOGIN_LOCKOUT_SECONDS. A successful log-in
clears the account's count but not the address's, so whoever guesses at other accounts
cannot start afresh by logging into their own.
"""

import hashlib
from functools import wraps

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.cache import cache
from django.dispatch import receiver
from django.shortcuts import render
from django.utils.translation import gettext as _


def client_address(request):
    """The visitor's address; behind a proxy, the last one it added to CLIENT_IP_HEADER."""
    forwarded = request.META.get(settings.CLIENT_IP_HEADER or "", "")
    return forwarded.split(",")[-1].strip() or request.META.get("REMOTE_ADDR", "")


def _key(kind, value):
    return f"login-failures:{kind}:{hashlib.sha256(value.encode()).hexdigest()}"


def _account_key(username):
    return _key("account", username.casefold())


def _counters(request, username):
    counters = [(_key("address", client_address(request)), settings.LOGIN_FAILURES_PER_ADDRESS)]
    if username:
        counters.append((_account_key(username), settings.LOGIN_FAILURES_PER_ACCOUNT))
    return counters


def is_throttled(request, username):
    return any((cache.get(key) or 0) >= limit for key, limit in _counters(request, username))


@receiver(user_login_failed)
def record_failure(sender, credentials, request=None, **kwargs):
    if request is None:
        return
    for key, _limit in _counters(request, str(credentials.get("username") or "")):
        cache.add(key, 0, timeout=settings.LOGIN_LOCKOUT_SECONDS)
        try:
            cache.incr(key)
        except ValueError:  # the window closed between add and incr
            cache.set(key, 1, timeout=settings.LOGIN_LOCKOUT_SECONDS)


@receiver(user_logged_in)
def forget_account_failures(sender, request, user, **kwargs):
    cache.delete(_account_key(user.get_username()))


def refuse_when_throttled(login_view):
    """Wrap a log-in view: a throttled POST gets 429 without its password being checked."""

    @wraps(login_view)
    def guarded(request, *args, **kwargs):
        username = request.POST.get("username", "") if request.method == "POST" else ""
        if request.method == "POST" and is_throttled(request, username):
            return throttled(request, username)
        return login_view(request, *args, **kwargs)

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
