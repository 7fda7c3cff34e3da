"""A download read slowly holds neither a thread nor a transaction (scorekeeper/asgi.py gives a
FileResponse's thread back once its view returns; common/downloads.py writes the file first).
Before, a job's file and a history's export were pulled a chunk at a time on the request's
thread, the export inside its snapshot's transaction, for as long as the reader took."""

import json
import socket
import time

import pytest
from django.db import connection

from tests.helpers.live import Phone
from tests.helpers.worker import running_server, shell

FILE_BYTES = 8 * 1024 * 1024  # far more than the socket buffers hold: the sender must wait

A_FILE = """
from django.contrib.auth import get_user_model
from jobs.models import Chunk, Job
owner = get_user_model().objects.get(username="reader")
job = Job.objects.create(owner=owner, kind=Job.Kind.EXPORT, state=Job.State.DONE,
    result_name="scorekeeper.json", result_type="application/json")
job.save_file(Chunk.Part.RESULT, b"x" * %d)
print(job.pk)
"""


def slow_reader(phone, path):
    """A GET of `path` with `phone`'s cookies that reads its first bytes, then nothing more."""
    reader = socket.socket()
    reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    reader.connect(("127.0.0.1", phone.server.port))
    cookies = "; ".join(f"{key}={value}" for key, value in phone.cookies.items())
    reader.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookies}\r\n\r\n".encode())
    reader.settimeout(10)
    assert reader.recv(1024).startswith(b"HTTP/1.1 200")
    return reader


@pytest.mark.server
def test_a_slow_download_leaves_the_only_thread_to_the_others(tmp_path):
    with running_server(
        tmp_path, workers=1, ASGI_THREADS="1", ASGI_THREAD_WAIT_SECONDS="1"
    ) as server:
        phone = Phone(server).sign_up("reader")
        job = shell(server.env, A_FILE % FILE_BYTES).strip()
        reader = slow_reader(phone, f"/jobs/{job}/file/")
        try:
            time.sleep(0.5)  # the sender has filled the buffers and waits for the reader
            started = time.monotonic()
            answered = Phone(server).get("/accounts/login/")
            assert answered.status == 200  # not 503: the thread was free
            assert time.monotonic() - started < 1
        finally:
            reader.close()


@pytest.mark.django_db(transaction=True)
def test_an_export_sent_in_the_request_is_sent_with_its_transaction_over(client, make_game):
    game = make_game(rounds=[(1, 2, 3)])
    client.force_login(game.owner)

    response = client.get("/history/export.json")
    parts = iter(response.streaming_content)
    first = next(parts)  # a reader that took this much, and waits

    assert not connection.in_atomic_block  # no snapshot left open for the rest
    assert len(json.loads(first + b"".join(parts))["games"]) == 1
    response.close()
