"""What every page needs to offer itself in the other languages.

Nothing here asks the request for its host unless a view answers it: the 400 page of a request
whose Host is not in ALLOWED_HOSTS renders through here too, and asking would raise again
(a 500 instead of the 400).
"""

from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.urls import reverse, translate_url
from django.utils.translation import get_language, get_language_from_path, get_language_info

from common import zones


def languages(request):
    """The language switch, and the hreflang alternates of pages with a language prefix.

    Each choice carries its own `next`: set_language can only translate a prefixed URL
    in the language it is posted in, so /en/rules/ must already say /fr/rules/ when a
    French browser picks French there.
    """
    prefixed = get_language_from_path(request.path_info) is not None
    here = _page_to_return_to(request)
    choices = [
        {
            "code": code,
            "name": get_language_info(code)["name_local"],
            "next": translate_url(here, code) if prefixed else here,
            "current": code == get_language(),
        }
        for code, _name in settings.LANGUAGES
    ]
    alternates = []
    # Only on a page a view answered: the middleware checked its Host before any view ran
    # (CommonMiddleware), while an error page may be about that very Host.
    if prefixed and request.resolver_match is not None:
        alternates = [
            {"code": choice["code"], "url": request.build_absolute_uri(choice["next"])}
            for choice in choices
        ]
        unprefixed = "/" + request.path.lstrip("/").partition("/")[2]
        alternates.append({"code": "x-default", "url": request.build_absolute_uri(unprefixed)})
    # The `next` every choice shares (a page without a language in its address), or None.
    shared = None if prefixed else here
    return {"language_choices": choices, "language_alternates": alternates, "language_next": shared}


def _page_to_return_to(request):
    """After a refused POST the page's own URL may not answer a GET: go back where it came from,
    when that is one of the site's own hosts (ALLOWED_HOSTS, not the request's Host)."""
    if request.method == "GET":
        return request.get_full_path()
    try:
        parts = urlsplit(request.META.get("HTTP_REFERER", ""))
    except ValueError:  # e.g. "http://[::1": a header anyone can send
        return request.get_full_path()
    domain, _port = split_domain_port(parts.netloc)
    ours = domain and validate_host(domain, settings.ALLOWED_HOSTS)
    if ours and parts.path.startswith("/") and not parts.path.startswith("//"):
        return parts.path + (f"?{parts.query}" if parts.query else "")
    return request.get_full_path()


def phone_zone(request):
    """Where a page sends the phone's time zone, while the account has none (common/zones.py),
    else nothing. Asked only by a page that renders it: a callable, so that a page that never
    reads the account (a link's poll) reads nothing for it."""

    def url():
        user = getattr(request, "user", None)  # none on a page answered before the middleware
        if user is None or not user.is_authenticated or not zones.unset(user):
            return ""
        return reverse("phone_zone")

    return {"phone_zone_url": url}
