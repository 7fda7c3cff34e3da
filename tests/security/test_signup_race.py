"""Two sign-ups of look-alike names at the same moment, on two real connections: both pass
the form's check before either is saved, and the unique index of skeletons keeps one."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from accounts.forms import SignupForm

pytestmark = [pytest.mark.engine, pytest.mark.django_db(transaction=True)]

PASSWORD = "llama-chips-40"


@pytest.fixture(autouse=True)
def _two_connections_that_wait():
    # SQLite's test database is in memory, shared between threads by table locks that refuse
    # rather than wait; a real SQLite file queues the whole transaction (IMMEDIATE) anyway.
    if connection.vendor == "sqlite":
        pytest.skip("concurrent inserts that wait are PostgreSQL's")


def test_look_alike_names_signed_up_at_once_make_one_account():
    forms = [
        SignupForm({"username": name, "password1": PASSWORD, "password2": PASSWORD})
        for name in ("root", "r\u043e\u043et")  # the second with Cyrillic o's
    ]
    assert all(form.is_valid() for form in forms)  # neither account exists yet
    start, made = threading.Barrier(2), {}

    def create(form):
        try:
            start.wait()
            made[form["username"].value()] = form.create()
        finally:
            connection.close()

    threads = [threading.Thread(target=create, args=(form,)) for form in forms]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert get_user_model().objects.count() == 1
    refused = next(form for form in forms if made[form["username"].value()] is None)
    assert refused.errors["username"][0].startswith("This name looks just like")
