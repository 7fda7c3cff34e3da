"""Sign-up, log-in, password reset and change: django.contrib.auth's views, where they need
a change; the account page, its e-mail address, and the account's deletion."""

import logging

from django.contrib import messages
from django.contrib.auth import login as log_in
from django.contrib.auth import logout as log_out
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.messages.views import SuccessMessageMixin
from django.core.mail import mailers
from django.db.models import Count
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from accounts.forms import AccountDeleteForm, EmailChangeForm, SignupForm
from games import services
from games.wording import collation_key

logger = logging.getLogger(__name__)


class LoginView(auth_views.LoginView):
    """Django's log-in view, refusing with 422 like every form; urls.py adds the throttle."""

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=422)


login = LoginView.as_view()

# Also asks the browser to drop what it keeps in its HTTP cache and back/forward cache for the
# site. The service worker's kept pages go when the next page comes for nobody, or at once
# when the log-out button tells it (app.js, data-forget-offline).
CLEAR_SITE_DATA = '"cache"'


class LogoutView(auth_views.LogoutView):
    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = CLEAR_SITE_DATA
        return response


logout = LogoutView.as_view()


@require_http_methods(["GET", "POST"])
def signup(request):
    form = SignupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        log_in(request, form.save())
        return redirect("home")
    status = 422 if form.errors else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)


class PasswordResetView(auth_views.PasswordResetView):
    """Says so when no e-mail can leave, instead of "We've emailed you instructions".

    The mail server is tried before the address is looked up, so the answer is the same
    for every address and tells nobody which ones have an account. (Django itself logs a
    mail refused later on, and still shows its usual page.)
    """

    def form_valid(self, form):
        connection = mailers.default
        try:
            with connection:  # opens the connection, then closes it
                pass
        except OSError:  # refused, timed out, TLS or login failure (SMTPException is one)
            where = f"{getattr(connection, 'host', '?')}:{getattr(connection, 'port', '?')}"
            logger.exception("Password reset: no e-mail can be sent through %s", where)
            message = _(
                "The reset e-mail cannot be sent right now: the mail server does not answer. "
                "Try again later, or ask the person who runs Scorekeeper to reset your password."
            )
            form.add_error("email", message)
            return self.render_to_response(self.get_context_data(form=form), status=503)
        return super().form_valid(form)


@login_required
@require_GET
def account(request):
    players = request.user.players.seated().annotate(played=Count("seats"))
    context = {"players": sorted(players, key=lambda player: collation_key(player.name))}
    return render(request, "registration/account.html", context)


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
        services.delete_account(request.user)
        log_out(request)
        messages.success(request, _("Your account and all its games are deleted."))
        response = redirect("home")
        response["Clear-Site-Data"] = CLEAR_SITE_DATA
        return response
    status = 422 if form.errors else 200
    return render(request, "registration/account_delete.html", {"form": form}, status=status)
