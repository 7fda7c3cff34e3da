"""The app installs on a phone's home screen: a manifest and its icons."""

import struct
from pathlib import Path

from django.conf import settings
from django.urls import reverse

from tests.helpers.pagetext import tags

STATIC = Path(settings.BASE_DIR) / "static"


def png_size(path):
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", header[16:24])


def test_the_manifest_is_served_with_its_content_type(client, db):
    response = client.get(reverse("manifest"))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["short_name"] == "Scorekeeper"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == reverse("home")
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512", "any"}


def test_the_icons_exist_at_their_sizes():
    assert png_size(STATIC / "icon-192.png") == (192, 192)
    assert png_size(STATIC / "icon-512.png") == (512, 512)
    assert (STATIC / "icon.svg").read_text().startswith("<svg")


def test_every_page_links_the_manifest_and_a_theme_colour(client, db):
    response = client.get(reverse("home"))

    assert tags(response.text, "link", rel="manifest", href="/manifest.webmanifest")
    assert tags(response.text, "meta", name="theme-color")


def test_the_manifest_reads_in_the_browsers_language(client, db):
    # The JSON's human-readable fields: German names the game as Amigo prints it, L.A.M.A.
    german = client.get(reverse("manifest"), headers={"accept-language": "de"}).json()
    polish = client.get(reverse("manifest"), headers={"accept-language": "pl"}).json()
    assert (german["lang"], german["name"]) == ("de", "Scorekeeper für L.A.M.A. und Llama Llama")
    assert (polish["lang"], polish["name"]) == ("pl", "Scorekeeper do L.A.M.A. i Llama Llama")
    assert polish["description"].startswith("Zapisuj przy stole, na telefonie, wyniki L.A.M.A.")
