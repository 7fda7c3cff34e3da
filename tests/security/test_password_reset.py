"""Password reset (django.contrib.auth's pages under /accounts/) when mail cannot be sent."""

import json
import logging
import socket
import subprocess

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core import mail
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from tests.helpers.live import PYTHON, ROOT

pytestmark = pytest.mark.django_db

SMTP = "django.core.mail.backends.smtp.EmailBackend"


@pytest.fixture
def carol(db):
    return get_user_model().objects.create_user("carol", "carol@example.org", "llama-chips-40")


@pytest.fixture
def no_mail_server(settings):
    """The SMTP backend aimed at a loopback port that nothing listens on (connection refused)."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))  # bound, never listening: the port stays closed and ours
        port = taken.getsockname()[1]
        settings.MAILERS = {
            "default": {"BACKEND": SMTP, "OPTIONS": {"host": "127.0.0.1", "port": port}}
        }
        yield port


def test_the_reset_form_is_under_accounts(client):
    assert client.get("/accounts/password_reset/").status_code == 200


def test_it_sends_the_reset_link_when_mail_works(client, carol):
    response = client.post("/accounts/password_reset/", {"email": "carol@example.org"})

    assert response.status_code == 302
    assert response["Location"] == "/accounts/password_reset/done/"
    assert [message.to for message in mail.outbox] == [["carol@example.org"]]


def test_without_a_mail_server_it_says_so_and_logs_it(client, carol, no_mail_server, caplog):
    with caplog.at_level(logging.ERROR):
        response = client.post("/accounts/password_reset/", {"email": "carol@example.org"})

    assert response.status_code == 503
    html = response.content.decode()
    assert "The reset e-mail cannot be sent right now" in html
    assert "emailed you instructions" not in html
    failures = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert failures and f"127.0.0.1:{no_mail_server}" in failures[0].getMessage()
    assert failures[0].exc_info is not None


def test_an_unknown_address_gets_the_same_answer(client, no_mail_server):
    """Else the answer would tell which addresses have an account."""
    response = client.post("/accounts/password_reset/", {"email": "nobody@example.org"})

    assert response.status_code == 503
    assert "The reset e-mail cannot be sent right now" in response.content.decode()


def test_the_answer_is_in_french_too(client, carol, no_mail_server):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"

    response = client.post("/accounts/password_reset/", {"email": "carol@example.org"})

    assert "L’e-mail de réinitialisation ne peut pas être envoyé" in response.content.decode()


def in_a_fresh_process(code, **env):
    """What `code` prints, run after django.setup() with `env` beside a clean environment."""
    env = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"} | env
    done = subprocess.run([PYTHON, "-c", f"import django; django.setup(); {code}"], cwd=ROOT,
                          env=env, capture_output=True, text=True, check=True)  # fmt: skip
    return done.stdout


def mailers(**env):
    """settings.MAILERS as the app reads it from `env`."""
    code = "import json; from django.conf import settings; "
    code += "print(json.dumps([settings.MAILERS, settings.DEFAULT_FROM_EMAIL]))"
    return json.loads(in_a_fresh_process(code, **env))


def test_development_prints_mails_on_the_console():
    """No mail server set, as on a developer's machine: a mail is printed, not sent."""
    code = "from django.core.mail import send_mail; "
    code += "send_mail('Reset your password', 'The link.', None, ['carol@example.org'])"
    printed = in_a_fresh_process(code)
    assert "Subject: Reset your password" in printed
    assert "From: webmaster@localhost" in printed
    assert "To: carol@example.org" in printed


def test_the_mail_server_is_read_from_the_environment():
    env = {
        "EMAIL_HOST": "smtp.example.org",
        "EMAIL_PORT": "587",
        "EMAIL_HOST_USER": "scores",
        "EMAIL_HOST_PASSWORD": "s3cret",
        "EMAIL_USE_TLS": "1",
        "DEFAULT_FROM_EMAIL": "Scorekeeper <scores@example.org>",
    }
    default, sender = mailers(**env)
    assert default["default"]["BACKEND"] == SMTP
    assert default["default"]["OPTIONS"] == {
        "host": "smtp.example.org",
        "port": 587,
        "username": "scores",
        "password": "s3cret",
        "use_tls": True,
        "use_ssl": False,
        "timeout": 10,
    }
    assert sender == "Scorekeeper <scores@example.org>"


def test_the_log_in_page_links_to_the_password_reset(client):
    assert 'href="/accounts/password_reset/"' in client.get("/accounts/login/").text


@pytest.mark.parametrize(
    "path",
    ["/accounts/password_reset/", "/accounts/password_reset/done/", "/accounts/reset/done/"],
)
def test_the_reset_pages_have_the_sites_look_not_the_admins(client, path):
    html = client.get(path).text
    assert 'class="topbar"' in html and "/static/app.css" in html
    assert "admin/css" not in html


def test_a_reset_link_leads_to_the_sites_own_form_and_sets_the_password(client, carol):
    uid = urlsafe_base64_encode(force_bytes(carol.pk))
    token = default_token_generator.make_token(carol)
    form = client.get(f"/accounts/reset/{uid}/{token}/", follow=True)
    assert 'class="topbar"' in form.text and "Choose a new password" in form.text
    data = {"new_password1": "a-new-long-pass-42", "new_password2": "a-new-long-pass-42"}
    done = client.post(form.redirect_chain[-1][0], data, follow=True)
    assert "Your new password is set." in done.text
    carol.refresh_from_db()
    assert carol.check_password("a-new-long-pass-42")
