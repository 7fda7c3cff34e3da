"""Sign-up, log-in, password reset and change: django.contrib.auth's views, where they need
a change; the account page with its time zone, its e-mail address, and the account's
deletion."""

import math

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login as log_in
from django.contrib.auth import logout as log_out
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.messages.views import SuccessMessageMixin
from django.db import transaction
from django.db.models import Count
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils import formats, timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts import services, tasks, throttle
from accounts.forms import (
    AccountDeleteForm,
    EmailChangeForm,
    LoginForm,
    PhoneZoneForm,
    ResetForm,
    SignupForm,
    TimeZoneForm,
)
from common import limits, zones
from common.names import collation_key
from jobs.models import Job


class LoginView(auth_views.LoginView):
    """Django's log-in view, refusing with 422 like every form; urls.py adds the throttle."""

    authentication_form = LoginForm

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=422)


login = LoginView.as_view()

# Also asks the browser to drop what it keeps in its HTTP cache and back/forward cache for the
# site. The service worker's copies of pages go when the next page comes for nobody, or at once
# when the log-out button tells it (static/js/offline.js, data-forget-offline).
CLEAR_SITE_DATA = '"cache"'


class LogoutView(auth_views.LogoutView):
    # One transaction: the notice that ends the session's streams (user_logged_out, sent
    # before Django deletes the session: games/streams/notices.py) leaves at its commit, once
    # the session's row is gone; sent at once, a stream asking first would find it signed in.
    @transaction.atomic
    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = CLEAR_SITE_DATA
        return response


logout = LogoutView.as_view()


@require_http_methods(["GET", "POST"])
def signup(request):
    """Each try is counted for its client (common/limits.py) before the form is checked:
    past SIGNUPS_PER_CLIENT in the window, 429 until the window ends."""
    if request.method == "POST" and (again := _signups_counted(request)) is not None:
        return _too_many_signups(request, again)
    form = SignupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid() and (user := form.create()):
        log_in(request, user, backend=settings.AUTHENTICATION_BACKENDS[0])
        return redirect("home")
    status = 422 if form.errors else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)


def _signups_counted(request):
    client = limits.key("signup", limits.client_address(request))
    return limits.take([(client, settings.SIGNUPS_PER_CLIENT)], settings.SIGNUP_WINDOW_SECONDS)


def _too_many_signups(request, again):
    message = _("Too many sign-ups from this address: try again after %(time)s.") % {
        "time": formats.time_format(timezone.localtime(again), "TIME_FORMAT")
    }
    form = SignupForm(initial={"username": request.POST.get("username", "")[:150]})
    context = {"form": form, "throttled": message}
    response = render(request, "registration/signup.html", context, status=429)
    response["Retry-After"] = str(max(1, math.ceil((again - timezone.now()).total_seconds())))
    return response


class PasswordResetView(auth_views.PasswordResetView):
    """Django's form; the request only counts the try and queues the mail (accounts/tasks.py).

    Whether an account has the address, and whether the address or the client has asked too
    often (accounts/throttle.py), the answer is the same redirect, after the same queries:
    neither the page nor its timing tells which addresses have an account.
    """

    form_class = ResetForm

    def form_valid(self, form):
        email = form.cleaned_data["email"]
        if throttle.reserve_reset(self.request, email):
            tasks.send_password_reset.enqueue(email, get_language())
        return HttpResponseRedirect(self.get_success_url())

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=422)


@login_required
@require_POST
def phone_zone(request):
    """The phone's own time zone, sent by static/js/phone-zone.js while the account has none:
    kept then (204), never over one it chose; a name the time zone database lacks is 422."""
    form = PhoneZoneForm(request.POST)
    if not form.is_valid():
        return HttpResponse(status=422)
    zones.offer(request.user, form.cleaned_data["time_zone"])
    return HttpResponse(status=204)


@login_required
@require_http_methods(["GET", "POST"])
def account(request):
    """The account page; its one form is the time zone's (common/zones.py)."""
    zone = zones.of_user(request.user)  # read with the account
    form = TimeZoneForm(zone, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        zones.choose(request.user, form.cleaned_data["time_zone"])
        messages.success(request, _("Your time zone is saved."))
        return redirect("account")
    players = request.user.players.seated().annotate(played=Count("seats"))
    context = {
        "players": sorted(players, key=lambda player: collation_key(player.name)),
        "zone_form": form,
    }
    status = 422 if form.errors else 200
    return render(request, "registration/account.html", context, status=status)


class PasswordChangeView(SuccessMessageMixin, auth_views.PasswordChangeView):
    """Django's own view and form; refused with 422, and back to the account page when done
    (Django keeps this session signed in and ends the others)."""

    success_url = reverse_lazy("account")
    success_message = gettext_lazy("Your new password is set.")

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=422)


@login_required
@require_http_methods(["GET", "POST"])
def email_change(request):
    form = EmailChangeForm(request.user, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        request.user.email = form.cleaned_data["email"]
        request.user.save(update_fields=["email"])
        if request.user.email:
            messages.success(request, _("Your e-mail address is saved."))
        else:
            messages.success(request, _("Your e-mail address is removed."))
        return redirect("account")
    status = 422 if form.errors else 200
    return render(request, "registration/email_change.html", {"form": form}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def account_delete(request):
    """The account with its games and players, once its password confirms it; the page
    offers a last backup first."""
    form = AccountDeleteForm(request.user, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        services.disable_account(request.user, get_language())
        log_out(request)
        messages.success(
            request, _("Your account is closed and signed out; its games are being deleted.")
        )
        response = redirect("home")
        response["Clear-Site-Data"] = CLEAR_SITE_DATA
        return response
    status = 422 if form.errors else 200
    backup = request.user.jobs.last_backup()
    context = {
        "form": form,
        "backup": backup,
        # The deletion is offered once the last backup is ready (or there is nothing to keep)
        "offer_deletion": form.is_bound
        or (backup is not None and backup.state == Job.State.DONE)
        or not request.user.games.exists(),
        "poll_seconds": 1,  # as the job pages ask again
    }
    partial = request.htmx and not request.htmx.history_restore_request
    template = "registration/account_delete.html" + ("#last-backup" if partial else "")
    return render(request, template, context, status=status)
