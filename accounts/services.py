"""The account's own writes that more than a form makes."""

from django.db import transaction

from common.signals import account_deleting


@transaction.atomic
def delete_account(user):
    """The account with everything in it: what would stop its deletion goes first, by each app
    that holds some (games: services.delete_games_of, which locks the account's row first, then
    its games), then the account with what cascades from it (its players and jobs)."""
    account_deleting.send(sender=type(user), user=user)
    user.delete()
