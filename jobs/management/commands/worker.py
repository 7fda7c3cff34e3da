"""django-tasks-db's worker (`db_worker`), after giving up the jobs of workers that died.

A job records the "host:pid" of the worker that runs it (jobs.models.this_worker): the next
worker started on a host knows a killed one's jobs are orphans at once, without waiting for
them to fall silent (JOB_STALE_SECONDS). The worker's own id in the queue is the same.
"""

from django_tasks_db.management.commands.db_worker import Command as DatabaseWorker

from jobs.cleanup import abandon_dead_jobs
from jobs.models import this_worker


class Command(DatabaseWorker):
    help = "Run the background worker: imports, exports and mail (django-tasks-db's queue)."

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.set_defaults(worker_id=None)  # db_worker's default is a random string

    def handle(self, *args, **options):
        ended = abandon_dead_jobs()
        if ended:
            self.stderr.write(f"Gave up {ended} job(s) left by a worker that is gone.")
        options["worker_id"] = options["worker_id"] or this_worker()
        return super().handle(*args, **options)
