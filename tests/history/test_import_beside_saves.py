"""Imports on a real server and its worker hold up no other account.

gunicorn with four workers on a database of its own, and `manage.py worker` beside it
(tests/helpers/live.py). The upload only queues the import: it is answered at once, and the
worker writes the games in short batches (on SQLite, every write of every account needs its one
write lock, which the import takes batch by batch). Little is timed (the machine is shared):
what counts is the order things happen in, the other account's saves completing while the
import goes on.
"""

import json
import os
import threading
import time
import uuid

import pytest

from tests.helpers.backups import hostile_backup
from tests.helpers.live import Phone, at_once, round_post, uploading
from tests.helpers.pagetext import tags

pytestmark = pytest.mark.engine

GAMES = 1000  # some 50,000 rows: seconds of writing, in many batches
PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
MAX_SAVES = 150  # rounds of one game, far from any limit of its length
ANSWERED_WITHIN = 2  # seconds: the upload only saves the file and queues the task
SAVED_WITHIN = 1  # seconds: another account's round, while three such uploads come


def on_this_machine(seconds):
    """`seconds` on a machine with a core free, stretched by how much busier this one is (the
    test machine may be shared: a bound of wall-clock time alone would fail for that)."""
    return seconds * max(1.0, os.getloadavg()[0] / os.cpu_count())


def quiet_game(index):
    """A valid game of 8 rounds: one hand emptied each round, 1 to 3 points for the others."""
    rounds = []
    for number in range(8):
        entries = {name: 1 + (index + seat + number) % 3 for seat, name in enumerate(PLAYERS)}
        entries[PLAYERS[number % 4]] = 0
        rounds.append({"entries": entries})
    return {"uuid": str(uuid.uuid4()), "players": PLAYERS, "rounds": rounds}


def upload(phone, content):
    """POST the file as the import form does: the response, and how long it took."""
    return uploading(phone, content)()


def progress(phone, job_url):
    """(games checked, the page's text) of the job's progress page."""
    page = phone.get(job_url).text
    bar = tags(page, "progress", id="job-bar", max=True, value=True)
    return (int(bar[0]["value"]) if bar else 0), page


class Saver(threading.Thread):
    """Another account saving rounds, one after the other, until told to stop: each save's
    status and time, and when it ended."""

    def __init__(self, phone, game):
        super().__init__()
        self.phone, self.game, self.stop = phone, game, threading.Event()
        self.saves = []  # (status, seconds, monotonic time it ended)

    def run(self):
        totals = [0, 0]
        while not self.stop.is_set() and len(self.saves) < MAX_SAVES:
            emptier = len(self.saves) % 2  # a hand emptied returns the point just taken
            entries = [1, 1]
            entries[emptier] = -1 if totals[emptier] >= 1 else 0
            totals = [max(0, total + entry) for total, entry in zip(totals, entries, strict=True)]
            post = round_post(self.phone, self.game, len(self.saves) + 1, entries)
            started = time.monotonic()
            status = post().status
            self.saves.append((status, time.monotonic() - started, time.monotonic()))
            if status != 302:
                return
            time.sleep(0.03)

    def between(self, start, end):
        return [save for save in self.saves if start <= save[2] <= end]


@pytest.fixture
def player(live_app):
    phone = Phone(live_app).sign_up(f"player-{uuid.uuid4().hex[:6]}")
    return phone, phone.start_game("Zoé", "Léon")


def importer(live_app):
    return Phone(live_app).sign_up(f"importer-{uuid.uuid4().hex[:6]}")


@pytest.mark.slow  # a backup of 1,000 games imported beside a phone's saves
def test_a_big_import_runs_off_the_request_and_holds_up_no_other_accounts_save(live_app, player):
    phone, content = importer(live_app), json.dumps([quiet_game(i) for i in range(GAMES)]).encode()
    saver = Saver(*player)
    saver.start()
    try:
        response, seconds = upload(phone, content)
        assert response.status == 302, response.text
        assert seconds < on_this_machine(ANSWERED_WITHIN), seconds
        steps, page = [], ""  # (rounds saved by then, games checked), as the page showed them
        while "games imported" not in page and "Nothing was imported" not in page:
            done, page = progress(phone, response.location)
            steps.append((len(saver.saves), done))
            time.sleep(0.1)
    finally:
        saver.stop.set()
        saver.join(timeout=60)

    assert f"{GAMES} games imported." in page
    assert [status for status, *_rest in saver.saves] == [302] * len(saver.saves)
    # Saves went on while the worker wrote: between the first step seen under way and the
    # last, the other account saved rounds (an import holding the write lock would let none).
    under_way = [saved for saved, done in steps if 0 < done < GAMES]
    assert len({done for _saved, done in steps}) > 3, steps
    assert under_way and under_way[-1] - under_way[0] >= 5, steps
    assert len(player[0].get(f"/games/{player[1]}.json").json()["rounds"]) == len(saver.saves)
    assert len(phone.get("/history/export.json").json()["games"]) == GAMES


def test_three_hostile_uploads_at_once_are_answered_at_once_and_spare_the_other_accounts(
    live_app, player
):
    content, phones = hostile_backup(), [importer(live_app) for _ in range(3)]
    saver = Saver(*player)
    saver.start()
    try:
        time.sleep(0.5)  # a few saves before, to compare with
        start = time.monotonic()
        answers = at_once(*[uploading(phone, content) for phone in phones])
        pages = []
        for phone, (response, _seconds) in zip(phones, answers, strict=True):
            page = ""
            while "Nothing was imported" not in page and "imported." not in page:
                page = progress(phone, response.location)[1]
                time.sleep(0.2)
            pages.append(page)
        end = time.monotonic()
        time.sleep(0.5)
    finally:
        saver.stop.set()
        saver.join(timeout=60)

    within = on_this_machine(ANSWERED_WITHIN)
    assert [response.status for response, _seconds in answers] == [302] * 3
    assert [seconds for _response, seconds in answers if seconds >= within] == [], within
    for page in pages:
        assert "This file holds more than 250000 numbers typed" in page
    statuses = [status for status, *_rest in saver.saves]
    assert statuses == [302] * len(statuses)
    during = saver.between(start, end)
    assert len(during) >= 3, (len(saver.saves), end - start)
    # Fast: no save while the uploads came and were refused took more than a second.
    assert max(seconds for _status, seconds, _end in during) < on_this_machine(SAVED_WITHIN)
    for phone in phones:
        assert phone.get("/history/export.json").json()["games"] == []
