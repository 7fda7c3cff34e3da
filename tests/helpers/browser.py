"""What the browser tests share: Debian's Chromium at phone size, a signed-in phone, axe-core."""

import os
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from django.test import Client

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
AXE = Axe()
# What a change of colours alone can break: the rest of axe's rules (names, labels, roles)
# read the markup, the same in every colour scheme.
COLOUR_RULES = ("color-contrast", "link-in-text-block")


def sign_in(context, url, user):
    """Give the browser `user`'s session cookie, as if they had logged in on this phone."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"]
    context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": url}])


def violations(page, name, rules=None):
    """What axe-core finds on `page`, named `name` in the report; nothing if it finds nothing.
    `rules`: only these of axe's rules (all of them by default)."""
    options = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": list(rules)}
    results = AXE.run(page, options=options)
    if results.violations_count:
        return [f"{name} ({page.url}):\n{results.generate_report()}"]
    return []


def keep(page, name, where="SCREENSHOTS_DIR", **options):
    """A screenshot of the whole page, into the folder that the environment variable `where`
    names; none unless it is set: they are for a person to look at, and cost a second each."""
    if folder := os.environ.get(where):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True, **options)


def kept_file(name, content, where="SCREENSHOTS_DIR"):
    """A picture the app made (bytes), kept as `keep` keeps a screenshot."""
    if folder := os.environ.get(where):
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / name).write_bytes(content)
