"""An account's games when it goes: its links stopped once it is disabled (account_disabled),
its games deleted in chunks by the worker (account_emptying), the rest in the account's own
transaction (account_deleting). Connected when the app is ready (games/apps.py)."""

import time

from django.conf import settings
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone

from common.signals import account_deleting, account_disabled, account_emptying
from games.locks import lock_account
from games.models import Game, ScorerLink, ShareLink
from games.streams import notices


@receiver(account_deleting)
def delete_games_of(sender, user, **kwargs):
    """An account's games (with their seats, rounds and live links), in the transaction that
    deletes it (accounts/tasks.py), since a seat protects its player; the account then goes
    with its players and jobs. Its games include those an import is still writing
    (`Game.importing`): the account's row is locked first, which waits for the import's batch
    and stops the next one (the job goes with the account, and its task finds it gone), then
    every game's row, as delete_game."""
    lock_account(user)
    games = Game.including_imports.select_for_update().filter(owner=user)
    for pk in games.values_list("pk", flat=True):  # locks them (PostgreSQL); their streams end
        notices.recheck_game(pk)
    games.delete()


@receiver(account_disabled)
def stop_links_of(sender, user, **kwargs):
    """A disabled account's scorer links stop and its live links go, at once."""
    ScorerLink.objects.filter(game__owner=user, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    ShareLink.objects.filter(game__owner=user).delete()
    notices.recheck_account(user.pk)  # its streams end at once, its links' included


# The games of a deleted account's first chunk, and the fewest and the most of any chunk
# (between them, the size follows the time the last chunk took).
FIRST_CHUNK, LEAST_CHUNK, MOST_CHUNK = 50, 10, 2000


@receiver(account_emptying)
def delete_games_in_chunks(sender, user, progress, **kwargs):
    """A disabled account's games, a chunk at a time, each chunk its own transaction that
    holds its games' rows only, and lasts about DELETION_CHUNK_SECONDS: the chunk's size
    follows the time the last one took."""
    games = Game.including_imports.filter(owner=user)
    total, done, size = games.count(), 0, FIRST_CHUNK
    while pks := list(games.values_list("pk", flat=True)[:size]):
        started = time.monotonic()
        with transaction.atomic():
            Game.including_imports.select_for_update().filter(pk__in=pks).delete()
        done += len(pks)
        progress(min(done, total), total)
        took, aim = time.monotonic() - started, settings.DELETION_CHUNK_SECONDS
        if took > aim:
            size = max(LEAST_CHUNK, size // 2)
        elif took < aim / 3:
            size = min(MOST_CHUNK, size * 2)
