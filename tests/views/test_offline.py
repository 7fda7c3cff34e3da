"""What the server gives the service worker: the worker itself at the site's root, the offline
page, the name of the account each page belongs to, and the log-out's request to forget."""

import json
import posixpath
import re
import shutil
import subprocess

import pytest
from django.core.management import call_command
from django.templatetags.static import static

from games.keeping import ACCOUNT_HEADER, ANONYMOUS
from games.views import offline
from tests.helpers.pagetext import tags


def worker_config(response):
    return json.loads(re.search(r"^const CONFIG = (.*);$", response.text, re.M)[1])


def test_the_worker_is_served_at_the_root_and_asked_for_at_each_visit(client, db):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    config = worker_config(response)
    assert response["ETag"] == f'"{config["version"]}"'
    assert set(config["offline"]) == {"en", "fr", "de", "pl"}  # one offline page a language
    for url in config["shell"]:  # every file it keeps at install exists
        file = client.get(url)
        file.close()
        assert file.status_code == 200, url


def test_an_unchanged_worker_costs_a_304(client, db):
    etag = client.get("/sw.js")["ETag"]

    assert client.get("/sw.js", headers={"If-None-Match": etag}).status_code == 304


def test_a_new_release_is_a_new_version(client, db, monkeypatch):
    before = worker_config(client.get("/sw.js"))["version"]
    monkeypatch.setattr(offline, "SHELL_FILES", [*offline.SHELL_FILES[:-1]])

    assert worker_config(client.get("/sw.js"))["version"] != before


IMPORTED = re.compile(r"""^import ?(?:[^"]*? from ?)?"(\.[^"]+)";""", re.MULTILINE)


def imported_scripts(url, read):
    """Every module a page's script brings, by its address, as the browser follows them."""
    found, todo = set(), [url]
    while todo:
        script = todo.pop()
        found.add(script)
        for relative in IMPORTED.findall(read(script)):
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(script), relative)))
    return found


def test_the_worker_keeps_every_module_the_pages_import(client, db):
    shell = worker_config(client.get("/sw.js"))["shell"]
    modules = imported_scripts(static("app.js"), lambda url: b"".join(client.get(url)).decode())

    assert len(modules) > 10
    assert modules <= set(shell)


def test_the_worker_runs_the_outbox_as_a_classic_script(client, db):
    """Firefox runs no module in a service worker: the outbox's modules are in it as text."""
    script = client.get("/sw.js").text

    assert "indexedDB.open(" in script and "function tokenIn(" in script
    assert not re.search(r"^\s*(import|export)\b", script, re.MULTILINE)
    if shutil.which("node"):  # Debian's Node: the browser tests run the worker in any case
        checked = subprocess.run(["node", "--check"], input=script, text=True, capture_output=True)
        assert checked.returncode == 0, checked.stderr


def test_a_production_release_is_versioned_by_its_static_manifest(settings, tmp_path, db):
    settings.DEBUG = False
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = settings.STORAGES | {
        "staticfiles": {"BACKEND": "scorekeeper.storage.StaticFilesStorage"}
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    config = offline.worker_config()
    version = offline.shell_version(config)
    manifest = json.loads((tmp_path / "staticfiles.json").read_text())
    # The modules import each other by their hashed names, the ones the worker keeps.
    read = lambda url: (tmp_path / url.removeprefix("/static/")).read_text()  # noqa: E731
    assert imported_scripts(config["shell"][2], read) <= set(config["shell"])
    manifest["paths"]["icon.svg"] = "icon.0123456789ab.svg"  # a file not in the shell changed
    (tmp_path / "staticfiles.json").write_text(json.dumps(manifest))
    settings.STORAGES = settings.STORAGES | {}  # read the manifest again

    assert re.fullmatch(r"/static/app\.[0-9a-f]{12}\.js", config["shell"][2])
    assert offline.shell_version(offline.worker_config()) != version


@pytest.mark.parametrize(("language", "heading"), [("en", "No connection"), ("fr", "Pas de")])
def test_the_offline_page_holds_no_account(alice_client, language, heading):
    response = alice_client.get(f"/{language}/offline/")

    assert response.status_code == 200
    assert heading in response.text
    assert "alice" not in response.text
    assert "csrfmiddlewaretoken" not in response.text  # no form: nothing to send offline


def test_pages_name_their_account_for_the_worker(client, alice, bob, make_game):
    game = make_game()
    anonymous = client.get("/en/rules/")[ACCOUNT_HEADER]
    client.force_login(alice)
    alices = client.get(f"/games/{game.pk}/")[ACCOUNT_HEADER]
    assert client.get("/en/")[ACCOUNT_HEADER] == alices
    client.force_login(bob)
    bobs = client.get("/en/")[ACCOUNT_HEADER]

    assert len({anonymous, alices, bobs}) == 3
    assert str(alice.pk) not in {alices} and anonymous == ANONYMOUS


def test_only_whole_pages_are_copied(alice_client, make_game, admin_client):
    game = make_game()
    htmx_part = alice_client.get(f"/games/{game.pk}/", headers={"HX-Request": "true"})
    refused = alice_client.post(f"/games/{game.pk}/rounds/", {"round_number": 1})
    missing = alice_client.get("/games/999999/")

    assert ACCOUNT_HEADER not in htmx_part
    assert ACCOUNT_HEADER not in refused
    assert ACCOUNT_HEADER not in missing
    assert ACCOUNT_HEADER not in alice_client.get(f"/games/{game.pk}.json")
    assert ACCOUNT_HEADER not in admin_client.get("/admin/")


def test_logging_out_asks_the_browser_to_forget(alice_client):
    response = alice_client.post("/accounts/logout/")

    assert response.status_code == 302
    assert response["Clear-Site-Data"] == '"cache"'


def test_the_log_out_button_tells_the_worker(alice_client):
    page = alice_client.get("/accounts/").text

    assert tags(page, "form", action="/accounts/logout/", data_forget_offline=True)


def test_the_csp_lets_only_our_own_worker_run(client, db):
    policy = client.get("/en/")["Content-Security-Policy"]

    assert "worker-src 'self';" in policy
    assert "unsafe" not in policy
