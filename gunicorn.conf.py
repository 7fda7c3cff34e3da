"""gunicorn reads this file from the working folder: `gunicorn scorekeeper.asgi`.

Every value can be overridden on the command line or with GUNICORN_CMD_ARGS.
"""

import multiprocessing
import os

# Served by gunicorn means production: DEBUG off unless said otherwise, so the settings
# refuse to start without a real SECRET_KEY and ALLOWED_HOSTS.
os.environ.setdefault("DEBUG", "0")

bind = os.environ.get("BIND", "127.0.0.1:8000")
# ASGI, under uvicorn's worker: the pages' streams (games/views/streams.py) each hold a socket
# for hours, which costs an event loop next to nothing and a sync worker a whole process.
# Every other request runs as under WSGI, on one of ASGI_THREADS threads (scorekeeper/asgi.py).
wsgi_app = "scorekeeper.asgi:application"
worker_class = "scorekeeper.workers.Worker"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
# A phone on a weak network must not hold a worker: the reverse proxy buffers slow clients.
timeout = 30
# A restart (an upgrade, a HUP) waits this long for the requests under way: as long as the
# longest one may last (timeout), so that none of them is cut off in the middle.
graceful_timeout = timeout
# Load the app before forking: a bad setting stops the master at once, and workers share memory.
preload_app = True
accesslog = os.environ.get("ACCESS_LOG", "-") or None
# X-Forwarded-* headers are believed only from the proxy on this machine.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
