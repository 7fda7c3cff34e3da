"""What every page needs to offer itself in the other languages."""

from urllib.parse import urlsplit

from django.conf import settings
from django.urls import translate_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, get_language_from_path, get_language_info


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
    if prefixed:
        alternates = [
            {"code": choice["code"], "url": request.build_absolute_uri(choice["next"])}
            for choice in choices
        ]
        unprefixed = "/" + request.path.lstrip("/").partition("/")[2]
        alternates.append({"code": "x-default", "url": request.build_absolute_uri(unprefixed)})
    return {"language_choices": choices, "language_alternates": alternates}


def _page_to_return_to(request):
    """After a refused POST the page's own URL may not answer a GET: go back where it came from."""
    if request.method == "GET":
        return request.get_full_path()
    referer = request.META.get("HTTP_REFERER", "")
    if url_has_allowed_host_and_scheme(referer, {request.get_host()}, request.is_secure()):
        parts = urlsplit(referer)
        return parts.path + (f"?{parts.query}" if parts.query else "")
    return request.get_full_path()
