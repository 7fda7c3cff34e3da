"""uvicorn's server, as gunicorn's worker (scorekeeper/workers.py) and `make run` (bin/serve)
run it: a stop ends the pages' streams at once and gives every other request its grace.

uvicorn, told to stop, waits for every response under way (until its graceful timeout, then
it cancels them all): a stream lasts as long as its page, so a stop waited for the phones
(`make run`, with no timeout, until their browsers closed). Here the streams end as the stop
begins, each page opening its stream again on the next process; the other requests finish.

    python -m scorekeeper.servers HOST PORT    (bin/serve: reloaded on code changes)
"""

import sys

from uvicorn import Config
from uvicorn import Server as UvicornServer
from uvicorn.supervisors import ChangeReload

from games.streams.hub import hub

APP = "scorekeeper.asgi:application"
# `make run`: a request under way when it stops gets this long, as gunicorn's graceful_timeout.
GRACE_SECONDS = 30


class Server(UvicornServer):
    async def shutdown(self, sockets=None):
        hub().shut()
        await super().shutdown(sockets)


def serve(host, port):
    """uvicorn's `--reload`, as `uvicorn.run` does it, with this server."""
    config = Config(
        APP, host=host, port=port, reload=True, log_level="warning",
        timeout_graceful_shutdown=GRACE_SECONDS,
    )  # fmt: skip
    ChangeReload(config, target=Server(config).run, sockets=[config.bind_socket()]).run()


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]))
