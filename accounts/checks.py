"""System checks of the account settings (`manage.py check`, run by every command)."""

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.core import checks


@checks.register()
def site_url_is_public(app_configs=None, **kwargs):
    """In production, links in mails (the password reset) are built from SITE_URL: a loopback
    address there sends every reader to their own machine."""
    if settings.DEBUG or not is_loopback(urlsplit(settings.SITE_URL).hostname):
        return []
    return [
        checks.Warning(
            f"SITE_URL is a loopback address ({settings.SITE_URL}) in production: the links"
            " in mails would lead nowhere.",
            hint="Set SITE_URL (or ALLOWED_HOSTS' first name) to the site's public address.",
            id="scorekeeper.W001",
        )
    ]


def is_loopback(host):
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified
