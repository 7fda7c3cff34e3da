"""The account's work done off the request path: the password-reset mail, the deletion."""

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.db import transaction
from django.dispatch import receiver
from django.tasks import task
from django.utils import translation

from common.signals import account_deleting, account_emptying
from jobs import priorities
from jobs.models import Job
from jobs.signals import resumed


@task(priority=priorities.SMALL)
def send_password_reset(email, language):
    """Mail a reset link to each active account with this address, if there is one.

    The accounts are looked up here rather than in the request, which then does the same
    work for every address and so tells nobody which ones have an account. The link is built
    from SITE_URL. Django's form logs a mail that the server refuses.
    """
    form = PasswordResetForm({"email": email})
    if not form.is_valid():  # the view checked it: only a rule changed since could refuse it
        return
    site = urlsplit(settings.SITE_URL)
    with translation.override(language):
        form.save(domain_override=site.netloc, use_https=site.scheme == "https")


@task
def delete_account_job(job_id):
    """Delete a disabled account (services.disable_account): what is big in chunks, each its
    own transaction (account_emptying: the games), then the rest with the account, in one. The
    job goes with the account."""
    job = Job.objects.select_related("owner").filter(pk=job_id, kind=Job.Kind.DELETION).first()
    if job is None or not job.start():  # done already, or run twice
        return
    user = job.owner
    account_emptying.send(sender=type(user), user=user, progress=job.advance)
    delete_account(user)


@transaction.atomic
def delete_account(user):
    """The account with everything in it: what would stop its deletion goes first, by each app
    that holds some (games: delete_games_of, which locks the account's row first, then its
    games), then the account with what cascades from it (its players and jobs)."""
    account_deleting.send(sender=type(user), user=user)
    user.delete()


@receiver(resumed)
def resume_deletion(sender, job, **kwargs):
    """A deletion whose worker died: queued again, to go on where it stopped."""
    if job.kind == Job.Kind.DELETION:
        job.queued_as(delete_account_job.enqueue(job.pk))
