"""The account's own writes that more than a form makes, in the request (what follows off it,
the deletion itself: tasks.py)."""

from django.contrib.auth import get_user_model
from django.db import transaction

from accounts.tasks import delete_account_job
from common.signals import account_disabled
from jobs.models import Job


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
    job.queued_as(delete_account_job.enqueue(job.pk))
    return job
