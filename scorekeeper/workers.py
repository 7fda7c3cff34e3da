"""gunicorn's worker for the ASGI application (gunicorn.conf.py): uvicorn's."""

from uvicorn_worker import UvicornWorker


class Worker(UvicornWorker):
    # A restart waits this long for the requests under way, as gunicorn's graceful_timeout,
    # and then ends the streams still open: their pages open them again on the new workers.
    CONFIG_KWARGS = UvicornWorker.CONFIG_KWARGS | {"timeout_graceful_shutdown": 5}
