"""gunicorn's worker for the ASGI application (gunicorn.conf.py): uvicorn's."""

import inspect
import sys

from gunicorn.arbiter import Arbiter
from gunicorn.errors import AppImportError
from uvicorn_worker import UvicornWorker

from scorekeeper.servers import CONNECTIONS, LOOP, Protocol, Server

ASGI_APP = "scorekeeper.asgi"


class Worker(UvicornWorker):
    # Past this many open connections (streams included) a new one is answered 503 and closed
    # at once (servers.Protocol), so a worker never runs out of file descriptors (accept()
    # failing with EMFILE, in a loop): docs/deploy.md's systemd unit gives LimitNOFILE room for
    # it, the database's and the logs'.
    CONFIG_KWARGS = UvicornWorker.CONFIG_KWARGS | {
        "limit_concurrency": CONNECTIONS,
        "http": Protocol,
        "loop": LOOP,  # servers.EventLoop: out of file descriptors, one try a second
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A restart gives the requests under way gunicorn's graceful_timeout (gunicorn.conf.py),
        # after which the master kills the worker anyway. The streams do not wait: they end as
        # the stop begins (scorekeeper/servers.py), and their pages open them on new workers.
        self.config.timeout_graceful_shutdown = self.cfg.graceful_timeout

    async def _serve(self):
        # uvicorn_worker's, with this project's server.
        self.config.app = self.wsgi
        server = Server(config=self.config)
        self._install_sigquit_handler()
        await server.serve(sockets=self.sockets)
        if not server.started:
            sys.exit(Arbiter.WORKER_BOOT_ERROR)

    def load_wsgi(self):
        # uvicorn takes any other callable for an ASGI 2 app and answers 500 to every request
        # (`gunicorn scorekeeper.wsgi` did so): the app is refused before the first request,
        # and gunicorn stops, printing why ("App failed to load", exit status 4).
        super().load_wsgi()
        if not is_asgi(self.wsgi):
            raise AppImportError(
                f"{self.app.app_uri} is not an ASGI application, and gunicorn.conf.py's worker "
                f"(uvicorn's) serves ASGI only: run `gunicorn {ASGI_APP}`."
            )


def is_asgi(app):
    """Whether uvicorn would call `app` as an ASGI 3 application (uvicorn.config's test)."""
    return inspect.iscoroutinefunction(app) or inspect.iscoroutinefunction(type(app).__call__)
