"""What the writes tell the streams, each once its transaction has committed (never before:
a page that fetched on an uncommitted version would read the game as it was)."""

from django.db import transaction

from games.streams.backends import backend

CHECK = "check"  # not a version: who may follow changed (a link revoked, a log-out, a deletion)
SHUT = "shut"  # not a version: the server is stopping (hub.Hub.shut), the stream ends


def moved(pks, version):
    """The games `pks` are at `version` now (GameQuerySet.raise_version)."""
    for pk in pks:
        _on_commit(f"game:{pk} {version}")


def recheck_game(pk):
    """The doors to game `pk` changed (a link turned off, the game deleted): its streams ask
    again, and those whose door is shut end."""
    _on_commit(f"game:{pk} {CHECK}")


def recheck_account(pk):
    """Account `pk` changed what its sessions rest on (a log-out, a password, the account
    disabled): the streams of its games ask again, and those whose door is shut end (its own,
    signed out; its links', once it is closed: they are turned off with it)."""
    _on_commit(f"account:{pk} {CHECK}")


def logged_out(sender, user=None, **kwargs):
    """Django's user_logged_out, connected in games/apps.py."""
    if user is not None:
        recheck_account(user.pk)


# What django.contrib.auth.get_user checks of the account, besides its being there.
SESSION_FIELDS = frozenset({"password", "is_active"})


def account_saved(sender, instance, created=False, update_fields=None, **kwargs):
    """post_save of the user model, connected in games/apps.py. A password or `is_active` is
    set by Django's own code (its password change and reset forms, the admin's change and
    password pages, `changepassword`, a shell) with no signal of its own: this one hears them
    all. It does not compare with the row before (that would cost a query at every save):
    the account's streams ask again, and get_user decides, as at every request. A save
    that names its fields and none of these (the last log-in's date) tells nobody."""
    if not created and (update_fields is None or SESSION_FIELDS & update_fields):
        recheck_account(instance.pk)


def _on_commit(message):
    # robust: a broker that is away never turns a save into an error (the streams fall back to
    # checking the version meanwhile: hub.py).
    transaction.on_commit(lambda: backend().publish(message), robust=True)
