"""The app's own cap on what a request may send: refused by its size, before it is read."""

import contextlib
import re
import socket
import uuid

from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.helpers.live import ROOT, Phone

MB = 1024 * 1024


def test_a_request_over_the_limit_is_refused_before_its_body_is_read(live_app):
    """A signed-in import claiming 200 MB, of which only the start is ever sent: an answer
    at all means it came before the body (a server reading the body first would wait for the
    rest, and this socket's timeout would end the test)."""
    phone = Phone(live_app).sign_up(f"uploader-{uuid.uuid4().hex[:6]}")
    token = phone.get("/history/import/").csrf_token()
    cookies = "; ".join(f"{key}={value}" for key, value in phone.cookies.items())
    start_of_body = (
        f'--x\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n{token}\r\n'
    )
    with socket.create_connection(("127.0.0.1", live_app.port), timeout=10) as connection:
        connection.sendall(
            b"POST /history/import/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: multipart/form-data; boundary=x\r\n"
            + f"Cookie: {cookies}\r\nContent-Length: {200 * MB}\r\n\r\n".encode()
            + start_of_body.encode()
        )
        answer = connection.recv(65536).decode(errors="replace")

    assert answer.startswith("HTTP/1.1 413 "), answer[:200]


def test_a_body_sent_without_a_length_stops_being_read_at_the_limit(live_app):
    """Chunked, with no Content-Length: the ASGI handler would read it whole before any
    middleware (scorekeeper/asgi.py stops it at UPLOAD_MAX_BYTES)."""
    chunk = b"x" * MB
    with socket.create_connection(("127.0.0.1", live_app.port), timeout=10) as connection:
        connection.sendall(
            b"POST /history/import/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        with contextlib.suppress(OSError):  # the answer may come before the last chunks
            for _ in range(settings.UPLOAD_MAX_BYTES // MB + 2):
                connection.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
        answer = connection.recv(65536).decode(errors="replace")

    assert answer.startswith("HTTP/1.1 413 "), answer[:200]


def test_an_upload_over_the_limit_is_told_so_with_413(alice_client, settings):
    settings.UPLOAD_MAX_BYTES = 2 * MB
    backup = SimpleUploadedFile("backup.json", b"[" + b" " * (2 * MB) + b"]")

    response = alice_client.post("/history/import/", {"backup": backup})

    assert response.status_code == 413
    assert "This request is too big: at most 2 MB can be sent at once." in response.text
    assert ">Account</a>" in response.text  # the page knows who is asking
    assert "Content-Security-Policy" in response.headers


def test_an_upload_within_the_limit_reaches_the_form(alice_client, settings):
    settings.UPLOAD_MAX_BYTES = 2 * MB
    backup = SimpleUploadedFile("backup.json", b"[" + b" " * (MB) + b"]")

    response = alice_client.post("/history/import/", {"backup": backup})

    assert response.status_code == 302


def test_the_proxy_in_the_deployment_notes_allows_what_the_app_allows():
    notes = (ROOT / "docs" / "deploy.md").read_text()
    proxy = re.search(r"client_max_body_size (\d+)m;", notes)
    assert proxy is not None
    assert int(proxy.group(1)) * MB == settings.UPLOAD_MAX_BYTES
