"""Production settings: read from the environment, refusing to start half-configured."""

import re
import runpy
import subprocess

import pytest
from django.test import override_settings

from scorekeeper.settings import DEV_SECRET_KEY
from tests.helpers.live import PYTHON, ROOT, Phone, production_env


def run(env, *command):
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


@pytest.fixture
def prod_env(tmp_path):
    env = production_env(tmp_path / "static", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    del env["SECURE_SSL_REDIRECT"]  # the real production value: on
    return env


def test_check_deploy_reports_no_issue_with_production_values(prod_env):
    prod_env["SITE_URL"] = "https://scores.example.org"
    checked = run(prod_env, PYTHON, "manage.py", "check", "--deploy", "--fail-level", "DEBUG")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "no issues (0 silenced)" in checked.stdout


@pytest.mark.parametrize("site", ["http://127.0.0.1:8000", "https://localhost", "http://[::1]"])
def test_check_warns_of_a_loopback_site_url_in_production(prod_env, site):
    prod_env["SITE_URL"] = site
    checked = run(prod_env, PYTHON, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert checked.returncode != 0
    assert f"scorekeeper.W001) SITE_URL is a loopback address ({site})" in checked.stderr


def test_a_process_without_debug_is_production(prod_env):
    """Not only gunicorn's: a worker or a shell started without DEBUG refuses the dev key."""
    del prod_env["DEBUG"]
    prod_env["SECRET_KEY"] = DEV_SECRET_KEY
    checked = run(prod_env, PYTHON, "manage.py", "check")
    assert checked.returncode != 0
    assert "Set SECRET_KEY to a long random value in production." in checked.stderr


def test_the_worker_refuses_to_start_in_production_without_a_mail_server(prod_env):
    del prod_env["EMAIL_HOST"]
    started = run(prod_env, PYTHON, "manage.py", "worker", "--batch")
    assert started.returncode != 0
    assert "Set EMAIL_HOST to the SMTP server" in started.stderr


# Django's deploy check (security.W009) asks for 50 characters at least.
# A key made by startproject is long and varied, but starts with django-insecure-.
INSECURE = "django-insecure-" + "q7#x$2m!v9@k4p%w8z^r6t&y3u*e1o(a0s)d5f"


@pytest.mark.parametrize("secret", [DEV_SECRET_KEY, None, "short", "k3y-" * 12, INSECURE])
def test_it_refuses_to_start_without_a_real_secret_key(prod_env, secret):
    if secret is None:
        del prod_env["SECRET_KEY"]
    else:
        prod_env["SECRET_KEY"] = secret
    checked = run(prod_env, PYTHON, "manage.py", "check")
    assert checked.returncode != 0
    assert "Set SECRET_KEY to a long random value in production." in checked.stderr


def test_it_refuses_to_start_without_allowed_hosts(prod_env):
    del prod_env["ALLOWED_HOSTS"]
    checked = run(prod_env, PYTHON, "manage.py", "check")
    assert checked.returncode != 0
    assert "Set ALLOWED_HOSTS in production." in checked.stderr


def test_gunicorn_is_production_unless_told_otherwise(prod_env):
    del prod_env["DEBUG"]
    prod_env["SECRET_KEY"] = DEV_SECRET_KEY
    served = run(prod_env, PYTHON, "-m", "gunicorn", "scorekeeper.wsgi", "--bind", "127.0.0.1:0")
    assert served.returncode != 0
    assert "Set SECRET_KEY to a long random value in production." in served.stderr


def test_a_restart_lets_the_longest_request_finish(monkeypatch):
    """gunicorn kills a worker whose request outlasts `timeout`: no request lasts longer, and
    a graceful restart that waits less would cut the longest ones off."""
    monkeypatch.setenv("DEBUG", "0")  # the file sets it by default: keep it out of os.environ
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert config["graceful_timeout"] >= config["timeout"] > 0


def test_whitenoise_serves_hashed_compressed_static_files_for_a_year(live_app):
    page = Phone(live_app).get("/accounts/login/")
    hashed = re.search(r'href="(/static/app\.[0-9a-f]{12}\.css)"', page.text).group(1)
    response = Phone(live_app).get(hashed, headers={"Accept-Encoding": "gzip"})
    assert response.status == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert "max-age=315360000" in response.headers["Cache-Control"]
    assert "immutable" in response.headers["Cache-Control"]


def test_unhashed_static_files_are_not_cached_for_long(live_app):
    response = Phone(live_app).get("/static/app.css")
    assert response.status == 200
    assert "max-age=60" in response.headers["Cache-Control"]


def test_cookies_are_secure_and_hidden_from_scripts_in_production(live_app):
    phone = Phone(live_app).sign_up("cookie-monster")
    for name in ("csrftoken", "sessionid"):
        header = next(cookie for cookie in phone.set_cookies if cookie.startswith(f"{name}="))
        assert "Secure" in header
        assert "HttpOnly" in header
        assert "SameSite=Lax" in header


def test_healthz_answers_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"


@override_settings(SECURE_SSL_REDIRECT=True)
def test_healthz_is_not_redirected_to_https(client):
    assert client.get("/healthz").status_code == 200
    assert client.get("/").status_code == 301
