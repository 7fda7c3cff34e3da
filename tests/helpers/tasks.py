"""A task that does nothing but end its job: what the worker's own tests queue."""

from django.tasks import task

from jobs.models import Job


@task
def ping(job_id):
    job = Job.objects.get(pk=job_id)
    if job.start(total=1):
        job.finish("pong")
