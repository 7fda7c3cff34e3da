"""A big import on a real server holds up no other account, and shows its progress as it goes.

gunicorn with four workers on a database of its own (tests/helpers/live.py): on SQLite, every
write of every account needs its one write lock, which the import takes batch by batch.
"""

import contextlib
import http.client
import json
import threading
import time
import uuid

import pytest

from tests.helpers.live import Phone, multipart
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


def import_lines(phone, content):
    """POST the file; the status and each line of the page with the second it arrived at."""
    start, lines = time.monotonic(), []
    with posted_import(phone, content) as response:
        while line := response.readline():
            lines.append((time.monotonic() - start, line.decode()))
        return response.status, lines


def save_round(phone, game, number, entries):
    """Save a round as the sheet's form does; the seconds the POST took."""
    sheet = phone.get(f"/games/{game}/")
    data = {"csrfmiddlewaretoken": sheet.csrf_token(), "round_number": number,
            "idempotency_key": uuid.uuid4()}  # fmt: skip
    data |= {f"seat_{seat}": value for seat, value in enumerate(entries)}
    start = time.monotonic()
    response = phone.post(f"/games/{game}/rounds/", data)
    assert response.status == 302, response.text
    return time.monotonic() - start


def saves_until(done, phone, game):
    """Rounds that never end the game (a hand emptied returns the point just taken), saved one
    after the other until `done` is set; the seconds each save took."""
    totals, seconds = [0, 0], []
    while not done.is_set() and len(seconds) < MAX_SAVES:
        emptier = len(seconds) % 2
        entries = [1, 1]
        entries[emptier] = -1 if totals[emptier] >= 1 else 0
        totals = [max(0, total + entry) for total, entry in zip(totals, entries, strict=True)]
        seconds.append(save_round(phone, game, len(seconds) + 1, entries))
        time.sleep(0.03)
    return seconds


@pytest.fixture
def accounts(live_app):
    tag = uuid.uuid4().hex[:6]
    importer = Phone(live_app).sign_up(f"importer-{tag}")
    player = Phone(live_app).sign_up(f"player-{tag}")
    return importer, player, player.start_game("Zoé", "Léon")


def test_a_big_import_shows_its_steps_and_holds_up_no_other_accounts_save(accounts):
    importer, player, game = accounts
    content = json.dumps([quiet_game(index) for index in range(GAMES)]).encode()
    done, outcome = threading.Event(), {}

    def run_import():
        try:
            outcome["status"], outcome["lines"] = import_lines(importer, content)
        finally:
            done.set()

    thread = threading.Thread(target=run_import)
    thread.start()
    seconds = saves_until(done, player, game)
    thread.join(timeout=60)

    assert outcome["status"] == 200
    assert len(seconds) >= 10, "the import ended before the saves could be measured"
    assert max(seconds) < 0.5, sorted(seconds)[-5:]
    steps = [at for at, line in outcome["lines"] if f" of {GAMES} games written" in line]
    end, page = outcome["lines"][-1][0], "".join(line for _at, line in outcome["lines"])
    # Each step came as it was written: kept back to the end, they would all come at once.
    assert len(steps) > 5 and steps[-1] - steps[0] > (end - steps[0]) / 2, (steps, end)
    assert f"{GAMES} games imported." in page, text(page)[-200:]
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
