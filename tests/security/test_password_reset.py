"""Password reset (django.contrib.auth's pages under /accounts/): the request counts the try
and queues the mail (accounts/tasks.py), and nothing in the answer, its work or the link
depends on whether an account has the address, or on the request's Host."""

import json
import logging
import re
import secrets
import socket
import subprocess
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core import mail
from django.core.management import call_command
from django.db import connection
from django.tasks import default_task_backend
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts.tasks import send_password_reset
from tests.helpers.live import PYTHON, ROOT
from tests.helpers.pagetext import tags

pytestmark = pytest.mark.django_db

SMTP = "django.core.mail.backends.smtp.EmailBackend"
IMMEDIATE = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
DUMMY = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
SITE = "https://scores.example.org"


@pytest.fixture
def carol(db):
    return get_user_model().objects.create_user("carol", "carol@example.org", "llama-chips-40")


@pytest.fixture
def mailed(settings):
    """Tasks run at once, as a worker would run them, with the site at SITE."""
    settings.TASKS = IMMEDIATE
    settings.SITE_URL = SITE
    return mail.outbox


@pytest.fixture
def queued(settings):
    """Tasks are only queued: what the request queued, and nothing run."""
    settings.TASKS = DUMMY
    default_task_backend.clear()
    return default_task_backend.results


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


def ask(client, email, **extra):
    return client.post("/accounts/password_reset/", {"email": email}, **extra)


def link_in(message):
    return re.search(r"https?://\S+/accounts/reset/\S+/", message.body).group(0)


def test_the_reset_form_is_under_accounts(client):
    assert client.get("/accounts/password_reset/").status_code == 200


def test_it_queues_the_mail_with_the_address_and_the_language_only(client, carol, queued):
    response = ask(client, "carol@example.org", HTTP_ACCEPT_LANGUAGE="fr")

    assert response.status_code == 302
    assert response["Location"] == "/accounts/password_reset/done/"
    (result,) = queued
    assert result.task.func is send_password_reset.func
    assert (result.args, result.kwargs) == (["carol@example.org", "fr"], {})
    assert mail.outbox == []  # the request sent nothing itself


def test_on_the_real_queue_the_worker_sends_the_mail_not_the_request(client, carol, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.SITE_URL = SITE
    ask(client, "carol@example.org")
    assert mail.outbox == []

    call_command("worker", "--batch", "--no-startup-delay")

    (message,) = mail.outbox
    assert link_in(message).startswith(f"{SITE}/accounts/reset/")


def test_the_task_mails_the_link_to_the_account(client, carol, mailed):
    response = ask(client, "carol@example.org")

    assert response["Location"] == "/accounts/password_reset/done/"
    (message,) = mailed
    assert message.to == ["carol@example.org"]
    assert link_in(message).startswith(f"{SITE}/accounts/reset/")


def test_an_unknown_address_is_mailed_nothing(client, carol, mailed):
    assert ask(client, "nobody@example.org")["Location"] == "/accounts/password_reset/done/"
    assert mailed == []


def answer(response):
    return response.status_code, sorted(response.headers.items()), response.content


def same_shape(queries):
    """The statements run, without their values (keys, addresses, times and savepoints)."""
    return [re.sub(r"'[^']*'|\"s\w+\"|\b\d+\b", "?", query["sql"]) for query in queries]


def test_a_known_and_an_unknown_address_get_the_same_answer_after_the_same_work(
    client, carol, queued
):
    answers, statements = [], []
    # Each from a client of its own, which then asks for the first time.
    for email, address in [("carol@example.org", "10.0.0.1"), ("nobody@example.org", "10.0.0.2")]:
        with CaptureQueriesContext(connection) as queries:
            answers.append(answer(ask(client, email, REMOTE_ADDR=address)))
        statements.append(same_shape(queries.captured_queries))

    assert answers[0] == answers[1]
    assert statements[0] == statements[1]
    assert not any("auth_user" in sql for sql in statements[0])  # the task looks it up
    assert [(r.task.func, r.args[0]) for r in queued] == [
        (send_password_reset.func, "carol@example.org"),
        (send_password_reset.func, "nobody@example.org"),
    ]


@pytest.mark.parametrize("host", ["testserver:6666", "evil.example", "evil.example:8080"])
def test_the_link_is_built_from_site_url_never_from_the_host(client, carol, mailed, settings, host):
    settings.ALLOWED_HOSTS = ["testserver", "evil.example"]

    ask(client, "carol@example.org", HTTP_HOST=host)

    (message,) = mailed
    link = link_in(message)
    assert link.startswith(f"{SITE}/accounts/reset/")
    around = message.body.replace(link, "")  # the link's token may hold any digits
    assert "6666" not in around and "8080" not in around
    assert "evil" not in message.body + message.subject


def test_the_link_keeps_the_port_of_site_url(client, carol, mailed, settings):
    settings.SITE_URL = "http://127.0.0.1:8000"
    ask(client, "carol@example.org", HTTP_HOST="testserver:6666")
    assert link_in(mailed[0]).startswith("http://127.0.0.1:8000/accounts/reset/")


@pytest.mark.parametrize(
    ("language", "subject", "body"),
    [
        ("fr", "Réinitialisation du mot de passe", "nouveau mot de passe"),
        ("de", "Passwort auf", "neues Passwort"),
        ("pl", "Reset hasła", "nowe hasło"),
    ],
)
def test_the_mail_is_in_the_language_of_the_page(client, carol, mailed, language, subject, body):
    ask(client, "carol@example.org", HTTP_ACCEPT_LANGUAGE=language)
    assert subject in mailed[0].subject
    assert body in mailed[0].body


def test_the_mailed_link_sets_a_new_password(client, carol, mailed):
    ask(client, "carol@example.org")
    path = link_in(mailed[0]).removeprefix(SITE)
    form = client.get(path, follow=True)
    data = {"new_password1": "a-new-long-pass-42", "new_password2": "a-new-long-pass-42"}
    client.post(form.redirect_chain[-1][0], data)
    carol.refresh_from_db()
    assert carol.check_password("a-new-long-pass-42")


def test_an_account_made_by_sign_up_can_reset_its_password(client, mailed):
    data = {"username": "dora", "email": "dora@example.org"}
    data |= {"password1": "llama-chips-40", "password2": "llama-chips-40"}
    client.post("/accounts/signup/", data)
    client.logout()

    ask(client, "dora@example.org")

    assert [message.to for message in mailed] == [["dora@example.org"]]


def test_an_address_added_on_the_account_page_can_reset_the_password(client, mailed):
    get_user_model().objects.create_user("erin", password="llama-chips-40")
    client.login(username="erin", password="llama-chips-40")
    client.post("/accounts/email/", {"email": "erin@example.org", "password": "llama-chips-40"})
    client.logout()

    ask(client, "erin@example.org")

    assert [message.to for message in mailed] == [["erin@example.org"]]


def test_a_mail_server_that_does_not_answer_is_logged_and_the_answer_is_the_same(
    client, carol, mailed, no_mail_server, caplog
):
    with caplog.at_level(logging.ERROR):
        response = ask(client, "carol@example.org")

    assert response["Location"] == "/accounts/password_reset/done/"
    failures = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert failures and "Failed to send password reset email" in failures[0].getMessage()


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("not an address", "Enter a valid email address."),
        ("", "This field is required."),
        ("carol\x00@example.org", "Null characters are not allowed."),
        ("c" * 100_000 + "@example.org", "Ensure this value has at most 254 characters"),
    ],
)
def test_a_refused_address_is_422_next_to_the_field(client, queued, typed, message):
    response = ask(client, typed)
    assert response.status_code == 422
    assert tags(response.text, aria_invalid="true")
    assert message in response.text
    assert len(response.content) < 50_000
    assert queued == []


# -------------------------------------------------------------------- how often


def test_an_address_gets_three_mails_an_hour_whoever_asks(client, carol, queued):
    answers = [
        answer(ask(client, "carol@example.org", REMOTE_ADDR=f"10.0.0.{n}")) for n in range(4)
    ]
    # Another spelling of the same address is the same address.
    answers.append(answer(ask(client, "CAROL@example.org", REMOTE_ADDR="10.0.0.9")))

    assert len(queued) == 3
    assert all(each == answers[0] for each in answers)  # the limit shows in nothing


def test_an_unknown_address_is_limited_alike(client, queued):
    for n in range(4):
        ask(client, "nobody@example.org", REMOTE_ADDR=f"10.0.0.{n}")
    assert len(queued) == 3


def test_a_client_gets_ten_resets_an_hour_whatever_the_address(client, carol, queued):
    first = answer(ask(client, "a0@example.org"))
    answers = [answer(ask(client, f"a{n}@example.org")) for n in range(1, 12)]

    assert len(queued) == 10
    assert all(each == first for each in answers)
    ask(client, "carol@example.org", REMOTE_ADDR="10.0.0.1")  # another client still can
    assert len(queued) == 11


def test_after_the_window_the_address_can_ask_again(client, carol, queued, monkeypatch):
    for _ in range(4):
        ask(client, "carol@example.org")
    later = timezone.now() + timedelta(hours=1, seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: later)

    ask(client, "carol@example.org")

    assert len(queued) == 4


def test_the_limits_are_settings(client, carol, queued, settings):
    settings.PASSWORD_RESETS_PER_ADDRESS = 1
    ask(client, "carol@example.org")
    ask(client, "carol@example.org", REMOTE_ADDR="10.0.0.1")
    assert len(queued) == 1


def in_a_fresh_process(code, **env):
    """What `code` prints, run after django.setup() with `env` beside a clean environment."""
    base = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", "DEBUG": "1"}
    env = base | env
    done = subprocess.run([PYTHON, "-c", f"import django; django.setup(); {code}"], cwd=ROOT,
                          env=env, capture_output=True, text=True, check=True)  # fmt: skip
    return done.stdout


def mailers(**env):
    """settings.MAILERS as the app reads it from `env`."""
    code = "import json; from django.conf import settings; "
    code += "print(json.dumps([settings.MAILERS, settings.DEFAULT_FROM_EMAIL]))"
    return json.loads(in_a_fresh_process(code, **env))


@pytest.mark.server
def test_development_prints_mails_on_the_console():
    """No mail server set, as on a developer's machine: a mail is printed, not sent."""
    code = "from django.core.mail import send_mail; "
    code += "send_mail('Reset your password', 'The link.', None, ['carol@example.org'])"
    printed = in_a_fresh_process(code)
    assert "Subject: Reset your password" in printed
    assert "From: webmaster@localhost" in printed
    assert "To: carol@example.org" in printed


@pytest.mark.server
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
    assert tags(client.get("/accounts/login/").text, "a", href="/accounts/password_reset/")


@pytest.mark.parametrize(
    "path",
    ["/accounts/password_reset/", "/accounts/password_reset/done/", "/accounts/reset/done/"],
)
def test_the_reset_pages_have_the_sites_look_not_the_admins(client, path):
    html = client.get(path).text
    assert tags(html, class_="topbar") and "/static/app.css" in html
    assert "admin/css" not in html


def test_a_reset_link_leads_to_the_sites_own_form_and_sets_the_password(client, carol):
    uid = urlsafe_base64_encode(force_bytes(carol.pk))
    token = default_token_generator.make_token(carol)
    form = client.get(f"/accounts/reset/{uid}/{token}/", follow=True)
    assert tags(form.text, class_="topbar") and "Choose a new password" in form.text
    data = {"new_password1": "a-new-long-pass-42", "new_password2": "a-new-long-pass-42"}
    done = client.post(form.redirect_chain[-1][0], data, follow=True)
    assert "Your new password is set." in done.text
    carol.refresh_from_db()
    assert carol.check_password("a-new-long-pass-42")


def site_url(**env):
    """settings.SITE_URL as the app reads it from `env`, or why it refuses to start."""
    code = "from django.conf import settings; print(settings.SITE_URL)"
    try:
        return in_a_fresh_process(code, **env).strip()
    except subprocess.CalledProcessError as refused:
        return refused.stderr.strip().splitlines()[-1]


PRODUCTION = {"DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50)}


@pytest.mark.server
def test_in_development_links_go_to_make_runs_address():
    assert site_url() == "http://127.0.0.1:8000"


@pytest.mark.server
@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"ALLOWED_HOSTS": "scores.example.org,10.0.0.11"}, "https://scores.example.org"),
        ({"ALLOWED_HOSTS": "scores.example.org", "SITE_URL": "https://scores.example.org:8443/"},
         "https://scores.example.org:8443"),
    ],
)  # fmt: skip
def test_in_production_links_go_to_site_url_or_the_first_allowed_host(env, expected):
    assert site_url(**PRODUCTION, **env) == expected


@pytest.mark.server
@pytest.mark.parametrize(
    "env",
    [
        {"ALLOWED_HOSTS": ".example.org"},
        {"ALLOWED_HOSTS": "*"},
        {"ALLOWED_HOSTS": "scores.example.org", "SITE_URL": "scores.example.org"},
        {"ALLOWED_HOSTS": "scores.example.org", "SITE_URL": "ftp://scores.example.org"},
        {"ALLOWED_HOSTS": "scores.example.org", "SITE_URL": "https://scores.example.org/app"},
    ],
)
def test_it_refuses_to_start_with_no_site_address_to_build_links_from(env):
    assert "SITE_URL" in site_url(**PRODUCTION, **env)
