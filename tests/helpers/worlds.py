"""Data made once for all the tests of a module, for the sweeps that send every URL of the app
hundreds of requests against the same objects (tests/security/).

The module's transaction is rolled back after its last test; each test runs inside it, in a
savepoint of its own (pytest-django's `db`), so what a test writes goes with the test. A
module's world is made once per xdist worker that runs some of its tests."""

from contextlib import contextmanager

from django.contrib.auth import get_user_model
from django.db import transaction

from games.rules import Round
from games.services.games import start_game
from games.services.rounds import add_round

PASSWORD = "correct-horse-9"


@contextmanager
def for_the_module(django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)


def users(*names):
    return [get_user_model().objects.create_user(name, password=PASSWORD) for name in names]


def game(owner, names, rounds=()):
    """As tests/conftest.py's make_game makes one."""
    made = start_game(owner, list(names), 0, "lama")
    for number, entries in enumerate(rounds, start=1):
        add_round(made, Round(tuple(entries)), number)
    return type(made).objects.get(pk=made.pk)
