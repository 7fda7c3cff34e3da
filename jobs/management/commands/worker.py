"""django-tasks-db's worker (`db_worker`), giving up the jobs of workers that died: at its
start, then every so often while it runs.

A job records the "host:pid" of the worker that runs it (jobs.models.this_worker): the next
worker started on a host knows a killed one's jobs are orphans at once, without waiting for
them to fall silent (JOB_STALE_SECONDS). The worker's own id in the queue is the same. A job
whose worker was lost with its machine is given up by any other worker, once it has been
silent that long: a thread of each worker looks for such jobs (`Sweeper`).
"""

import logging
import threading
import time

from django.conf import settings
from django.core.management import CommandError
from django.db import DatabaseError, connections
from django.db.utils import OperationalError
from django_tasks_db.management.commands.db_worker import Command as DatabaseWorker
from django_tasks_db.utils import is_locked_database_exception

from jobs.cleanup import abandon_dead_jobs
from jobs.models import this_worker

logger = logging.getLogger(__name__)

# After SQLite's busy timeout ran out (a long write held the database), before trying again.
LOCKED_PAUSE_SECONDS = 1


class Command(DatabaseWorker):
    help = "Run the background worker: imports, exports and mail (django-tasks-db's queue)."

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.set_defaults(worker_id=None)  # db_worker's default is a random string

    def handle(self, *args, **options):
        if not settings.DEBUG and not settings.EMAIL_HOST_GIVEN:
            # Without it the mails (password resets) would go nowhere that was meant.
            raise CommandError(
                "Set EMAIL_HOST to the SMTP server that sends the password-reset mails"
                " (localhost for this machine's) before starting the worker in production."
            )
        ended = abandon_dead_jobs()
        if ended:
            self.stderr.write(f"Gave up {ended} job(s) left by a worker that is gone.")
        options["worker_id"] = options["worker_id"] or this_worker()
        sweeper = Sweeper()
        sweeper.start()
        try:
            return self._run(*args, **options)
        finally:
            sweeper.stopped.set()
            sweeper.join(timeout=10)

    def _run(self, *args, **options):
        while True:
            # db_worker ignores a locked database while it picks a task, but not when its
            # transaction begins: on a busy SQLite file that ended the worker, and with it
            # every import and export after, until someone restarted it.
            try:
                return super().handle(*args, **options)
            except OperationalError as error:
                if not is_locked_database_exception(error):
                    raise
                logger.warning("The database stayed locked; the worker tries again.")
                time.sleep(LOCKED_PAUSE_SECONDS)


class Sweeper(threading.Thread):
    """Gives up abandoned jobs every quarter of JOB_STALE_SECONDS while the worker runs, on a
    connection of its own (Django's are per thread). A daemon: it ends with the worker."""

    def __init__(self):
        super().__init__(name="job-sweeper", daemon=True)
        self.every = max(1, min(60, settings.JOB_STALE_SECONDS / 4))
        self.stopped = threading.Event()

    def run(self):
        while not self.stopped.wait(self.every):
            try:
                abandon_dead_jobs()
            except DatabaseError:  # locked or away: the next sweep tries again
                logger.warning("Could not look for abandoned jobs", exc_info=True)
            finally:
                connections.close_all()
