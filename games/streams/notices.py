"""What the writes tell the streams, each once its transaction has committed (never before:
a page that fetched on an uncommitted version would read the game as it was)."""

from django.db import transaction

from games.streams.backends import backend

CHECK = "check"  # not a version: who may follow changed (a link revoked, a log-out, a deletion)


def moved(pks, version):
    """The games `pks` are at `version` now (GameQuerySet.raise_version)."""
    for pk in pks:
        _on_commit(f"game:{pk} {version}")


def recheck_game(pk):
    """The doors to game `pk` changed (a link turned off, the game deleted): its streams ask
    again, and those whose door is shut end."""
    _on_commit(f"game:{pk} {CHECK}")


def recheck_account(pk):
    """Account `pk` logged out somewhere: its streams ask again whether their session holds."""
    _on_commit(f"account:{pk} {CHECK}")


def logged_out(sender, user=None, **kwargs):
    """Django's user_logged_out, connected in games/apps.py."""
    if user is not None:
        recheck_account(user.pk)


def _on_commit(message):
    # robust: a broker that is away never turns a save into an error (the streams fall back to
    # checking the version meanwhile: hub.py).
    transaction.on_commit(lambda: backend().publish(message), robust=True)
