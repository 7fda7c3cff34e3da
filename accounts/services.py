"""The account's own writes that more than a form makes."""

from django.contrib.auth import get_user_model
from django.db import transaction

from common.signals import account_deleting, account_disabled
from jobs.models import Job


@transaction.atomic
def delete_account(user):
    """The account with everything in it: what would stop its deletion goes first, by each app
    that holds some (games: services.delete_games_of, which locks the account's row first, then
    its games), then the account with what cascades from it (its players and jobs)."""
    account_deleting.send(sender=type(user), user=user)
    user.delete()


@transaction.atomic
def disable_account(user, language):
    """The request's part of a deletion: the account disabled at once (every session of it
    signed out: Django's authentication ignores an inactive user; each app stops its links:
    account_disabled), and its deletion queued as a job (accounts/tasks.py), which a worker
    killed in the middle does not stop (the next one goes on with it: jobs/cleanup.py)."""
    get_user_model()._default_manager.filter(pk=user.pk).update(is_active=False)
    user.is_active = False
    account_disabled.send(sender=type(user), user=user)
    job = Job.objects.create(owner=user, kind=Job.Kind.DELETION, language=language)
    from accounts.tasks import delete_account_job  # which imports this module

    job.queued_as(delete_account_job.enqueue(job.pk))
    return job
