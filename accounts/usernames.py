"""Usernames that look like another account's are refused, by the rule that keeps two
look-alike players from one table (games/names.py): "rооt" with Cyrillic o's beside "root"
would pass for it in a list of accounts, in the admin or in a shared game.

Each account's name is compared with the new one (one query, a skeleton each): sign-ups
and renames are rare, and the skeletons are cheap beside the password's hashing."""

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from games.names import skeleton

LOOKS_LIKE_ANOTHER = _(
    "This name looks just like %(other)s, another account’s: choose one that tells them apart."
)


def refuse_look_alike(username, account=None):
    """Refuse `username` if it looks like the name of an account other than `account`."""
    key = skeleton(username)
    others = get_user_model().objects.values_list("username", flat=True)
    if account is not None and account.pk is not None:
        others = others.exclude(pk=account.pk)
    # Uncached: every account's name would push the players' names out of skeleton's cache.
    uncached = skeleton.__wrapped__
    other = next((name for name in others.iterator() if uncached(name) == key), None)
    if other is not None:
        raise ValidationError(LOOKS_LIKE_ANOTHER, code="look_alike", params={"other": other})
