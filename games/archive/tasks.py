"""The import of a backup, as a task (django.tasks) run by the worker, off the request.

The request saved the file with the job (jobs.models.Chunk) and answered at once; this reads
it back as a stream (games/archive/stream.py) twice: counted first, refused at the first limit
crossed before any game is replayed; then a game at a time, each checked by its rules and, while
none is refused, written out of sight (games/archive/restore.py). At the end, either every game
of the file is shown in one UPDATE, in the transaction that ends the job, or none is.
"""

import logging

from django.conf import settings
from django.db import DatabaseError, transaction
from django.dispatch import receiver
from django.tasks import task
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.archive import backup, restore, stream
from games.archive.backup import Refused
from games.locks import AccountGone
from games.services.players import SamePlayer
from jobs import priorities
from jobs.cleanup import abandon
from jobs.models import Chunk, Job
from jobs.signals import abandoned

logger = logging.getLogger(__name__)
STEP = 20  # games checked between two reports of progress


class Undone(Exception):
    """Ends an import that keeps nothing: `message`, and its reasons one a line."""

    def __init__(self, message, details=()):
        super().__init__(message)
        self.message, self.details = message, list(details)


@task(priority=priorities.BIG)
def import_backup(job_id):
    job = Job.objects.select_related("owner").filter(pk=job_id).first()
    if job is None:  # deleted with its account before it ran
        return
    with translation.override(job.language):
        if not job.start():
            return
        # One import at a time per account: another left unfinished had lost its worker. (One
        # still receiving its file is another request's, which ends it or leaves it to fall silent.)
        others = job.owner.jobs.filter(kind=Job.Kind.IMPORT).unfinished().exclude(pk=job.pk)
        abandon(others.exclude(state=Job.State.RECEIVING))
        writer = restore.Writer(job)
        try:
            _write_all(job, writer)
            with transaction.atomic():
                restore.publish(job)
                if not job.finish(imported_message(writer.added, job.total - writer.added)):
                    raise Undone("")  # given up meanwhile as abandoned: it said so already
        except Undone as undone:
            _undo(job, writer, undone.message, undone.details)
        except AccountGone:  # deleted meanwhile, with this job and the games it wrote
            _undo(job, writer, "")
        except SamePlayer as same:
            message = _("%(name)s and another name of one game are one player of your roster.")
            _undo(job, writer, message % {"name": same.name})
        except DatabaseError:
            logger.exception("Import job %s failed and was undone", job.pk)
            _undo(job, writer, _("the database refused a write. Try again later."))
        except Exception:  # a bug: the job still ends, and says so, rather than hang running
            logger.exception("Import job %s failed and was undone", job.pk)
            _undo(job, writer, _("something went wrong on the server. Try again later."))
        finally:
            job.drop_file(Chunk.Part.UPLOAD)


def _write_all(job, writer):
    """Check every game of the file and give them to `writer`, which writes them out of sight."""
    with job.open_file(Chunk.Part.UPLOAD) as upload:
        counted = _count(job, upload)
    job.advance(0, total=counted.games)
    problems = []
    with job.open_file(Chunk.Part.UPLOAD) as upload:
        for index, item in enumerate(stream.games(upload), start=1):
            try:
                game = backup.read_game(item)
            except Refused as refused:
                problems += [backup.in_game(index, item, message) for message in refused.args]
            else:
                if not problems:  # once one is refused, the others are only checked
                    writer.add(game)
            if index % STEP == 0:
                job.advance(index)
    if problems:
        raise Undone(_("some games of the file break the rules."), list(dict.fromkeys(problems)))
    writer.flush()
    job.advance(counted.games)


def _count(job, upload):
    """The file's counts, or Undone at the first limit it crosses (the account's too)."""
    try:
        counted = stream.count(upload)
    except Refused as refused:
        raise Undone(str(refused)) from None
    held, most = job.owner.games.count(), settings.ACCOUNT_MAX_GAMES
    if held + counted.games > most:
        message = ngettext(
            "your history holds %(held)s game, and with the %(count)s of this file it would "
            "hold more than %(max)s, the most an account can hold.",
            "your history holds %(held)s games, and with the %(count)s of this file it would "
            "hold more than %(max)s, the most an account can hold.",
            held,
        )
        raise Undone(message % {"held": held, "count": counted.games, "max": most})
    return counted


def _undo(job, writer, message, details=()):
    restore.undo(job, writer.players)
    if message:
        job.fail(message, details)


@receiver(abandoned)
def undo_abandoned_import(sender, job, **kwargs):
    """An import whose worker died: its hidden games go (the players it added stay, unseated,
    out of the roster until a game takes their names again)."""
    if job.kind == Job.Kind.IMPORT:
        restore.undo(job)


def imported_message(added, held):
    if not held:
        return ngettext("%(count)s game imported.", "%(count)s games imported.", added) % {
            "count": added
        }
    if not added:
        return ngettext(
            "Nothing imported: this file holds %(count)s game, already in your history.",
            "Nothing imported: this file holds %(count)s games, all already in your history.",
            held,
        ) % {"count": held}
    imported = ngettext("%(count)s game imported", "%(count)s games imported", added)
    already = ngettext(
        "%(count)s was already in your history", "%(count)s were already in your history", held
    )
    # Translators: "3 games imported, 2 were already in your history."
    return _("%(imported)s, %(already)s.") % {
        "imported": imported % {"count": added},
        "already": already % {"count": held},
    }
