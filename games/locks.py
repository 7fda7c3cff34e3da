"""The account's row lock: what changes who sits where in an account goes one at a time. Its
own module, below both the services and the nights, which each take it."""

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied


class AccountGone(PermissionDenied):
    """The account was deleted meanwhile (a request already under way answers 403)."""


def lock_account(owner):
    """`owner`'s row locked until the transaction ends: what changes who sits where in the
    account (a game started, two players merged, a batch of an import, the account deleted)
    goes one at a time, so a player is never seated while being merged away. AccountGone if
    the account was deleted meanwhile."""
    if not get_user_model()._default_manager.select_for_update().filter(pk=owner.pk).exists():
        raise AccountGone
