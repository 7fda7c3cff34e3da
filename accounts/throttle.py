"""Log-in throttling: after repeated failures for one account or from one address, a wait.
Password resets are counted the same way, per address asked for and per client.

Each try is counted before its password is checked, by the one limiter (common/limits.py),
so parallel tries cannot all pass the check before any of them fails: past the limit they are
refused without a check. A try that does not fail gives its place back. The account is
named as the log-in form cleans it (NFKC, stripped) and without case, so "erin ", "ｅｒｉｎ"
and "ERIN" share erin's count. The window opens at the first failure and lasts
LOGIN_LOCKOUT_SECONDS. A successful log-in clears the account's count but not the address's,
so whoever guesses at other accounts cannot start afresh by logging into their own.
"""

from functools import wraps

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.dispatch import receiver
from django.shortcuts import render
from django.utils.translation import ngettext

from common import limits


def cleaned_username(raw):
    """The name the log-in form will authenticate, cleaned by the form's own field."""
    return AuthenticationForm().fields["username"].to_python(raw)


def _account_key(username):
    return limits.key("account", username.casefold())


def _counters(request, username):
    address = limits.key("address", limits.client_address(request))
    counters = [(address, settings.LOGIN_FAILURES_PER_ADDRESS)]
    if username:
        counters.append((_account_key(username), settings.LOGIN_FAILURES_PER_ACCOUNT))
    return counters


def reserve(request, username):
    """Count a try against every counter of this request; False, counting none, if that
    would take one past its limit."""
    return limits.take(_counters(request, username), settings.LOGIN_LOCKOUT_SECONDS) is None


def reserve_reset(request, email):
    """Count a password reset asked for `email` by this client; False, counting none, past
    PASSWORD_RESETS_PER_ADDRESS for the address or PASSWORD_RESETS_PER_CLIENT for the client.
    The address is counted whether an account has it or not, so the count tells nothing."""
    counters = [
        (
            limits.key("resetby", limits.client_address(request)),
            settings.PASSWORD_RESETS_PER_CLIENT,
        ),
        (limits.key("resetto", email.casefold()), settings.PASSWORD_RESETS_PER_ADDRESS),
    ]
    return limits.take(counters, settings.PASSWORD_RESET_WINDOW_SECONDS) is None


def release(request, username):
    """Give back the tries `reserve` counted, for a try that did not fail."""
    limits.give_back([key for key, _most in _counters(request, username)])


@receiver(user_login_failed)
def note_failure(sender, credentials, request=None, **kwargs):
    if request is not None:
        request.login_failed = True


@receiver(user_logged_in)
def forget_account_failures(sender, request, user, **kwargs):
    limits.forget(_account_key(user.get_username()))


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
    message = ngettext(
        "Too many failed log-ins for this account or from this address. "
        "Wait %(minutes)s minute, then try again.",
        "Too many failed log-ins for this account or from this address. "
        "Wait %(minutes)s minutes, then try again.",
        minutes,
    ) % {"minutes": minutes}
    form = AuthenticationForm(request, initial={"username": username[:150]})
    context = {"form": form, "throttled": message, "next": request.POST.get("next", "")}
    response = render(request, "registration/login.html", context, status=429)
    response["Retry-After"] = str(settings.LOGIN_LOCKOUT_SECONDS)
    return response
