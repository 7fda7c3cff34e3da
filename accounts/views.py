"""Sign-up, log-in and password reset: django.contrib.auth's views, where they need a change."""

import logging

from django.contrib.auth import login as log_in
from django.contrib.auth import views as auth_views
from django.core.mail import mailers
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.forms import SignupForm

logger = logging.getLogger(__name__)


class LoginView(auth_views.LoginView):
    """Django's log-in view, refusing with 422 like every form; urls.py adds the throttle."""

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=422)


login = LoginView.as_view()


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
