"""A big import on a real server holds up no other account, and shows its progress as it goes.

gunicorn with four workers on a database of its own (tests/helpers/live.py): on SQLite, every
write of every account needs its one write lock, which the import takes batch by batch.
Nothing is timed (the machine is shared): what counts is the order things happen in, the
other account's saves completing between the import's steps.
"""

import contextlib
import http.client
import json
import threading
import time
import uuid

import pytest

from tests.helpers.live import Phone, multipart, round_post
from tests.helpers.pagetext import text

pytestmark = pytest.mark.engine

GAMES = 3000  # some 150,000 rows: a second or more of writing, in many batches
PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
MAX_SAVES = 150  # rounds of one game, far from any limit of its length


def quiet_game(index):
    """A valid game of 8 rounds: one hand emptied each round, 1 to 3 points for the others."""
    rounds = []
    for number in range(8):
        entries = {name: 1 + (index + seat + number) % 3 for seat, name in enumerate(PLAYERS)}
        entries[PLAYERS[number % 4]] = 0
        rounds.append({"entries": entries})
    return {"uuid": str(uuid.uuid4()), "players": PLAYERS, "rounds": rounds}


@contextlib.contextmanager
def posted_import(phone, content):
    """The import page as it comes (an http.client response), its connection closed after."""
    token = phone.get("/history/import/").csrf_token()
    body, headers = multipart({"csrfmiddlewaretoken": token}, "backup", content)
    headers["Cookie"] = "; ".join(f"{key}={value}" for key, value in phone.cookies.items())
    connection = http.client.HTTPConnection("127.0.0.1", phone.server.port, timeout=60)
    connection.request("POST", "/history/import/", body=body, headers=headers)
    response = connection.getresponse()
    try:
        yield response
    finally:
        response.close()  # the socket stays open while the response holds it
        connection.close()


def read_import(phone, content, saved, lines):
    """POST the file; its status. Each line of the page goes to `lines` as it comes, with
    the number of rounds `saved` (by another thread) by then."""
    with posted_import(phone, content) as response:
        while line := response.readline():
            lines.append((len(saved), line.decode()))
        return response.status


def steps_in(lines):
    return sum(f" of {GAMES} games written" in line for _count, line in lines)


def save_until(done, phone, game, saved, lines):
    """Rounds that never end the game (a hand emptied returns the point just taken), saved one
    after the other until `done` is set. Each goes to `saved` once the server said so, as the
    number of the import's steps that came while it was under way."""
    totals = [0, 0]
    while not done.is_set() and len(saved) < MAX_SAVES:
        emptier = len(saved) % 2
        entries = [1, 1]
        entries[emptier] = -1 if totals[emptier] >= 1 else 0
        totals = [max(0, total + entry) for total, entry in zip(totals, entries, strict=True)]
        before = steps_in(lines)
        response = round_post(phone, game, len(saved) + 1, entries)()
        assert response.status == 302, response.text
        saved.append(steps_in(lines) - before)
        time.sleep(0.03)


@pytest.fixture
def accounts(live_app):
    tag = uuid.uuid4().hex[:6]
    importer = Phone(live_app).sign_up(f"importer-{tag}")
    player = Phone(live_app).sign_up(f"player-{tag}")
    return importer, player, player.start_game("Zoé", "Léon")


def test_a_big_import_shows_its_steps_and_holds_up_no_other_accounts_save(accounts):
    importer, player, game = accounts
    content = json.dumps([quiet_game(index) for index in range(GAMES)]).encode()
    done, status, saved, lines = threading.Event(), [], [], []

    def run_import():
        try:
            status.append(read_import(importer, content, saved, lines))
        finally:
            done.set()

    thread = threading.Thread(target=run_import)
    thread.start()
    save_until(done, player, game, saved, lines)
    thread.join(timeout=60)

    assert status == [200]
    # The rounds saved when each step of the import came. An import holding the write lock
    # to its end would let no save through between its first step and its last; steps kept
    # back to the end would all come at once, most saves coming before the first of them.
    steps = [count for count, line in lines if f" of {GAMES} games written" in line]
    end = lines[-1][0]
    assert len(steps) > 5, steps
    assert steps[-1] - steps[0] >= 10, f"rounds saved by the time of each step: {steps}"
    assert steps[-1] - steps[0] > (end - steps[0]) / 2, (steps, end)
    # Nor did a save wait while batch after batch was written (each about 50 ms of writing,
    # restore.BATCH_SECONDS): it got the lock within a few of them.
    assert max(saved) <= 10, f"steps of the import while each round was being saved: {saved}"
    page = "".join(line for _count, line in lines)
    assert f"{GAMES} games imported." in page, text(page)[-200:]
    assert len(player.get(f"/games/{game}.json").json()["rounds"]) == len(saved)
    assert len(importer.get("/history/export.json").json()) == GAMES


def test_a_reader_gone_during_a_big_import_leaves_nothing(accounts):
    importer, _player, _game = accounts
    content = json.dumps([quiet_game(index) for index in range(GAMES)]).encode()

    with posted_import(importer, content) as response:
        while f" of {GAMES} games written" not in response.readline().decode():
            pass
    # The phone went away: the server finds out at its next step, and undoes the import.
    deadline, held = time.monotonic() + 30, None
    while time.monotonic() < deadline and held != 0:
        time.sleep(0.5)
        held = len(importer.get("/history/export.json").json())
    time.sleep(2)

    assert len(importer.get("/history/export.json").json()) == 0
    assert "Ana" not in importer.get("/history/").text
