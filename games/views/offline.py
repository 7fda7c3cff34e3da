"""The phone without a signal: the service worker that keeps the app and the pages opened, and
the page it shows for a page it does not have.

The worker is served by a view, at the site's root, so that its scope is the whole site and its
list of files names them as collectstatic hashed them. Its version is a hash of what it keeps:
a release that changes a static file, or the worker, gives it a new version, which the browser
installs at the next visit (templates/sw.js takes over at once and drops the old files).
"""

import hashlib
import json
import re
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpResponse
from django.shortcuts import render
from django.template import engines
from django.template.loader import get_template, render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import condition, require_GET, require_safe

from games.keeping import ACCOUNT_HEADER

# What the worker runs besides its own code: the outbox of rounds saved with no signal, which it
# sends by Background Sync, and the CSRF helper the outbox imports. A service worker cannot
# import modules in every browser (Firefox), so their text is included in it, each module's
# one-line imports and its `export` words taken out (templates/sw.js).
WORKER_MODULES = ["js/csrf.js", "js/outbox-store.js"]
IMPORT_LINE = re.compile(r"^import [^\n]*;\n", re.MULTILINE)
EXPORT_WORD = re.compile(r"^export (?=(?:async function|function|const|let|class) )", re.MULTILINE)
# The app shell: what every page loads (templates/base.html: app.js, which imports every module
# of static/js/) and the home-screen icons.
SHELL_FILES = ["app.css", "history.css", "app.js", "icon.svg", "icon-192.png", "icon-512.png"]


def modules():
    """Every module of static/js/: app.js imports them all, so the worker keeps them all."""
    folder = Path(finders.find("app.js")).parent / "js"
    return [f"js/{path.name}" for path in sorted(folder.glob("*.js"))]


def shell_files():
    return SHELL_FILES + modules()


def worker_code():
    """The text of WORKER_MODULES, one after the other, as a classic script's statements."""
    parts = []
    for name in WORKER_MODULES:
        with open(finders.find(name), encoding="utf-8") as file:
            parts.append(EXPORT_WORD.sub("", IMPORT_LINE.sub("", file.read())))
    return "\n".join(parts)


def htmx_files():
    """The files {% htmx_script %} loads (htmx, and django-htmx's own script when DEBUG)."""
    tag = engines["django"].from_string("{% load django_htmx %}{% htmx_script %}").render({})
    return re.findall(r'src="([^"]+)"', tag)


def offline_pages():
    """The offline page in each language: the worker keeps them all and shows the reader's."""
    pages = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            pages[code] = reverse("offline")
    return pages


def worker_config():
    shell = [static(name) for name in shell_files()] + htmx_files() + [reverse("manifest")]
    return {
        "shell": shell + list(offline_pages().values()),
        "offline": offline_pages(),
        "language": settings.LANGUAGE_CODE,
        "static": settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/static/",
        "accountHeader": ACCOUNT_HEADER,
    }


def shell_version(config):
    """Changes with the worker's code, its list of files, and those files' contents: in
    production collectstatic's manifest names them all; in development their bytes do."""
    digest = hashlib.sha256(get_template("sw.js").template.source.encode())
    digest.update(worker_code().encode())
    digest.update(json.dumps(config, sort_keys=True).encode())
    manifest_hash = getattr(staticfiles_storage, "manifest_hash", "")
    if manifest_hash:
        digest.update(manifest_hash.encode())
    else:
        for name in shell_files():
            with open(finders.find(name), "rb") as file:
                digest.update(file.read())
    return digest.hexdigest()[:16]


def _etag(request):
    return shell_version(worker_config())


@require_safe
@condition(etag_func=_etag)
def service_worker(request):
    """/sw.js. Never stored by the browser's own cache (no-cache): each visit asks whether it
    changed, and gets a 304 while it has not (its ETag is its version)."""
    config = worker_config()
    config["version"] = shell_version(config)
    script = render_to_string("sw.js", {"config": json.dumps(config), "outbox_code": worker_code()})
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline(request):
    """What the worker shows for a page it has no copy of, when the server cannot be reached. It
    fetches it without cookies, so the copy holds nobody's data and serves every account."""
    return render(request, "offline.html")
