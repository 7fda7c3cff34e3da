"""The account's work done off the request path: the password-reset mail."""

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.tasks import task
from django.utils import translation


@task
def send_password_reset(email, language):
    """Mail a reset link to each active account with this address, if there is one.

    The accounts are looked up here rather than in the request, which then does the same
    work for every address and so tells nobody which ones have an account. The link is built
    from SITE_URL. Django's form logs a mail that the server refuses.
    """
    form = PasswordResetForm({"email": email})
    if not form.is_valid():  # the view checked it: only a rule changed since could refuse it
        return
    site = urlsplit(settings.SITE_URL)
    with translation.override(language):
        form.save(domain_override=site.netloc, use_https=site.scheme == "https")
