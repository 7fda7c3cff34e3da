from django.dispatch import Signal

# Sent with `job` when a job is given up because its worker is gone (killed, or silent too
# long): the app that owns its kind of work deletes what the task had written.
abandoned = Signal()

# Sent with `job` when a job whose worker is gone is queued again rather than given up (a
# deletion: Job.RESUMED): the app that owns its kind of work queues its task again.
resumed = Signal()
