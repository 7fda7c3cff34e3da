"""What one account may ask of the worker: the limits are settings (scorekeeper/settings.py)."""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.services import held_at_most
from jobs.models import Job, this_worker

HOUR = timedelta(hours=1)


def claim_import(owner, language):
    """The account's turn to import, taken before its upload is read: (a job receiving the
    file, None), or (None, why not in words). Three uploads at once cost one body read: the
    others are refused unread. The account's row is locked so that two claims count in turn."""
    with transaction.atomic():
        get_user_model()._default_manager.select_for_update().get(pk=owner.pk)
        if (refusal := import_refusal(owner)) is not None:
            return None, refusal
        job = Job.objects.create(
            owner=owner, kind=Job.Kind.IMPORT, language=language, state=Job.State.RECEIVING,
            heartbeat=timezone.now(), worker=this_worker(),
        )  # fmt: skip
        return job, None


def import_refusal(owner):
    """Why `owner` may not start an import now, in words for them; None when they may."""
    imports = owner.jobs.filter(kind=Job.Kind.IMPORT)
    if imports.active().exists():
        return _("An import of yours is still running: this one can start once it has ended.")
    recent = list(imports.filter(created_at__gte=timezone.now() - HOUR).order_by("created_at"))
    if len(recent) >= settings.IMPORTS_PER_HOUR:
        again = timezone.localtime(recent[-settings.IMPORTS_PER_HOUR].created_at + HOUR)
        message = ngettext(
            "An account may import %(count)s file an hour: try again after %(time)s.",
            "An account may import %(count)s files an hour: try again after %(time)s.",
            settings.IMPORTS_PER_HOUR,
        )
        return message % {
            "count": settings.IMPORTS_PER_HOUR,
            "time": formats.time_format(again, "TIME_FORMAT"),
        }
    held = held_at_most(owner)
    if held:
        message = _(
            "Your history holds %(count)s games, the most an account can hold: delete some "
            "before importing more."
        )
        return message % {"count": held}
    return None
