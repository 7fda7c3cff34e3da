"""What one account may ask of the worker: the limits are settings (scorekeeper/settings.py)."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common import limits
from games.services.games import held_at_most
from jobs.models import Job, this_worker

HOUR = 60 * 60


def claim_import(owner, language):
    """The account's turn to import, taken before its upload is read: (a job receiving the
    file, None), or (None, why not in words). Three uploads at once cost one body read: the
    others are refused unread. The hour's count is taken first, by the one limiter; the
    account's row is then locked so that two claims see each other's job."""
    if (again := limits.take([(_imports(owner), settings.IMPORTS_PER_HOUR)], HOUR)) is not None:
        return None, _too_many(again)
    with transaction.atomic():
        get_user_model()._default_manager.select_for_update().get(pk=owner.pk)
        if (refusal := import_refusal(owner)) is None:
            job = Job.objects.create(
                owner=owner, kind=Job.Kind.IMPORT, language=language, state=Job.State.RECEIVING,
                heartbeat=timezone.now(), worker=this_worker(),
            )  # fmt: skip
            return job, None
    limits.give_back([_imports(owner)])
    return None, refusal


def release(job):
    """Forget a claim whose upload was not received whole (a refused form, a broken request):
    it never counted."""
    if job.release():
        limits.give_back([_imports(job.owner)])


def _imports(owner):
    return limits.key("import", owner.pk)


def _too_many(again):
    message = ngettext(
        "An account may import %(count)s file an hour: try again after %(time)s.",
        "An account may import %(count)s files an hour: try again after %(time)s.",
        settings.IMPORTS_PER_HOUR,
    )
    return message % {
        "count": settings.IMPORTS_PER_HOUR,
        "time": formats.time_format(timezone.localtime(again), "TIME_FORMAT"),
    }


def import_refusal(owner):
    """Why `owner` may not start an import now, besides the hour's count, in words for them;
    None when they may."""
    if owner.jobs.filter(kind=Job.Kind.IMPORT).active().exists():
        return _("An import of yours is still running: this one can start once it has ended.")
    held = held_at_most(owner)
    if held:
        message = ngettext(
            "Your history holds %(count)s game, the most an account can hold: delete it "
            "before importing more.",
            "Your history holds %(count)s games, the most an account can hold: delete some "
            "before importing more.",
            held.count,
        )
        return message % {"count": held.words}
    return None
