import pytest
from django.contrib.auth import get_user_model

from games import services
from games.rules import Round


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    # PBKDF2 is slow on purpose; tests create many users.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def alice(db):
    return get_user_model().objects.create_user("alice", password="correct-horse-9")


@pytest.fixture
def bob(db):
    return get_user_model().objects.create_user("bob", password="correct-horse-9")


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


@pytest.fixture
def make_game(alice):
    """A game of alice's; `rounds` are lists of typed values in seat order."""

    def make(names=("Ana", "Ben", "Cleo"), rounds=(), owner=None, first_starter=0):
        game = services.start_game(owner or alice, list(names), first_starter)
        for number, entries in enumerate(rounds, start=1):
            services.add_round(game, Round(tuple(entries)), number)
        return type(game).objects.get(pk=game.pk)

    return make
