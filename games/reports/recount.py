"""The group's table of a big account, counted again by the worker after a change, once.

A page that finds the kept table older than the account's finished games (table.tables) queues
a recount here and shows the kept one at once. One recount waits per account: a change while
it waits joins it (`KeptTable.queued_at`), and it counts every change made up to its start. An
account's recounts start at most once every TABLE_RECOUNT_SECONDS (its share of the worker, as
imports are held to theirs): a loop of edits and page loads costs the worker one recount in
that time, whatever the loop's speed.
"""

import logging
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DatabaseError
from django.db.models import Q
from django.tasks import task
from django.utils import timezone

from games.models import KeptTable
from games.reports import counting

logger = logging.getLogger(__name__)


def queue(owner):
    """Queue a recount of `owner`'s table unless one waits already; True if it ran at once
    (a backend that runs tasks in the request, as the tests')."""
    now = timezone.now()
    _row(owner)
    # A recount waiting longer than its delay and a job's silence was lost with its worker.
    lost = now - timedelta(seconds=settings.TABLE_RECOUNT_SECONDS + settings.JOB_STALE_SECONDS)
    waiting = KeptTable.objects.filter(Q(queued_at__isnull=True) | Q(queued_at__lt=lost))
    if not waiting.filter(owner=owner).update(queued_at=now):
        return False
    started = KeptTable.objects.filter(owner=owner).values_list("started_at", flat=True).get()
    recount = recount_table
    if started and recount.get_backend().supports_defer:
        turn = started + timedelta(seconds=settings.TABLE_RECOUNT_SECONDS)
        recount = recount.using(run_after=max(now, turn))
    try:
        result = recount.enqueue(owner.pk)
    except DatabaseError:  # the queue is away: the next page asks again
        logger.warning("Could not queue a recount of the table of %s", owner.pk, exc_info=True)
        KeptTable.objects.filter(owner=owner).update(queued_at=None)
        return False
    return result.is_finished


def _row(owner):
    KeptTable.objects.bulk_create([KeptTable(owner=owner)], ignore_conflicts=True)


@task
def recount_table(owner_id):
    """Count the account's table again, unless nothing changed since it was last kept. Its
    wait ends first: a change made from now on queues the next recount."""
    owner = get_user_model()._default_manager.filter(pk=owner_id, is_active=True).first()
    if owner is None:  # deleted, or being deleted, since it was queued
        return
    KeptTable.objects.filter(owner=owner).update(queued_at=None, started_at=timezone.now())
    counting.current(owner)
