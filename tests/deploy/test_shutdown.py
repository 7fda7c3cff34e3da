"""A stop of gunicorn (an upgrade, a restart): the requests under way get the grace that
gunicorn.conf.py states, the pages' streams end at once (scorekeeper/servers.py)."""

import signal
import socket
import time
from urllib.parse import urlencode

import pytest

from tests.helpers.live import PASSWORD, EventStream, Phone
from tests.helpers.worker import running_server

SLOW_SECONDS = 8  # past uvicorn_worker's 5 s, well within gunicorn.conf.py's 30


def slow_log_in(phone, username):
    """A log-in whose body the phone sends over SLOW_SECONDS, once its headers are in: a
    request under way all that time. Called, it sends the rest and gives the status line."""
    token = phone.get("/accounts/login/").csrf_token()
    body = urlencode({"csrfmiddlewaretoken": token, "username": username,
                      "password": PASSWORD}).encode()  # fmt: skip
    cookies = "; ".join(f"{key}={value}" for key, value in phone.cookies.items())
    connection = socket.create_connection(("127.0.0.1", phone.server.port), timeout=60)
    connection.sendall(
        b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\n"
        + f"Content-Length: {len(body)}\r\nCookie: {cookies}\r\n\r\n".encode()
    )
    connection.sendall(body[:1])

    def finish():
        with connection:
            for byte in range(1, len(body)):
                time.sleep(SLOW_SECONDS / len(body))
                connection.sendall(body[byte : byte + 1])
            return connection.makefile("rb").readline()

    return finish


@pytest.mark.server
def test_a_stop_lets_a_request_under_way_finish_and_ends_the_streams_at_once(tmp_path):
    with running_server(tmp_path, workers=1) as server:
        phone = Phone(server).sign_up("slowpoke")
        game = phone.start_game("Ann", "Bob")
        stream = EventStream(phone, f"/games/{game}/events/")
        finish = slow_log_in(Phone(server), "slowpoke")
        server.process.send_signal(signal.SIGTERM)
        stream.reader.join(timeout=2)  # ended by the stop, not by the request's end
        assert not stream.reader.is_alive()
        assert finish().startswith(b"HTTP/1.1 302")  # logged in, 8 s after the stop began
        assert server.process.wait(timeout=10) == 0
        stream.close()
