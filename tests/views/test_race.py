"""Two phones saving at the same moment, as real requests racing on a real server.

The server is gunicorn with four worker processes on a database of its own, SQLite or
PostgreSQL as the suite runs (tests/helpers/live.py), so the two requests really run at once.
"""

import json
import uuid

import pytest

from tests.helpers.live import Phone, at_once, round_post
from tests.helpers.pagetext import tags, texts
from tests.helpers.worker import wait_for

pytestmark = pytest.mark.engine

RACES = 8


@pytest.fixture
def table(live_app):
    """One account signed in on two phones, and a fresh game of three."""
    username = f"racer-{uuid.uuid4().hex[:8]}"
    first = Phone(live_app).sign_up(username)
    second = Phone(live_app).log_in(username)
    return first, second, first.start_game("Ana", "Ben", "Cleo")


def undo_post(phone, game, number):
    page = phone.get(f"/games/{game}/undo/")
    data = {"csrfmiddlewaretoken": page.csrf_token(), "round_number": number}
    return lambda: phone.post(f"/games/{game}/undo/", data)


def stored_rounds(phone, game):
    return phone.get(f"/games/{game}.json").json()["rounds"]


def test_two_phones_saving_the_same_round_record_it_once(table):
    first, second, game = table
    for number in range(1, RACES + 1):
        htmx = number % 2 == 0
        entries = ([1, 2, 1], [2, 1, 1])
        posts = [round_post(phone, game, number, typed, htmx) for phone, typed in
                 zip((first, second), entries, strict=True)]  # fmt: skip
        responses = at_once(*posts)
        saved = 200 if htmx else 302
        assert sorted(response.status for response in responses) == sorted([saved, 409])
        winner = [response.status for response in responses].index(saved)
        loser = responses[1 - winner]
        assert f"Round {number} was already saved" in loser.text
        fresh = tags(loser.text, "input", name="round_number", value=str(number + 1))
        assert fresh  # the fresh sheet
        rounds = stored_rounds(first, game)
        assert [r["number"] for r in rounds] == list(range(1, number + 1))
        assert list(rounds[-1]["entries"].values()) == entries[winner]


def test_an_undo_and_the_next_round_at_the_same_moment_leave_no_gap(table):
    first, second, _game = table
    for _race in range(RACES):
        game = first.start_game("Ana", "Ben")
        assert round_post(first, game, 1, [1, 2], htmx=False)().status == 302
        responses = at_once(undo_post(first, game, 1), round_post(second, game, 2, [2, 1], True))
        statuses = [response.status for response in responses]
        numbers = [r["number"] for r in stored_rounds(first, game)]
        # Either the undo went first and the new round found its sheet stale, or the reverse.
        assert (statuses, numbers) in [([302, 409], []), ([409, 200], [1, 2])]


def import_post(phone, backup):
    token = phone.get("/history/import/").csrf_token()
    content = json.dumps(backup).encode()
    data = {"csrfmiddlewaretoken": token}
    return lambda: phone.post_file("/history/import/", data, "backup", content)


def games_held(phone):
    """The account's games, as its history counts them (exports are limited per hour)."""
    heading = texts(phone.get("/history/").text, "h2", id="results-title")
    return int(heading[0].split()[0]) if heading else 0


def test_one_backup_posted_twice_at_once_is_imported_once(table):
    """One import at a time per account: the second upload is refused while the first one's
    job runs, or, if that was over already, its games are found held. Two races: each takes
    one or two of the account's few imports an hour (IMPORTS_PER_HOUR)."""
    first, second, _game = table
    for race in range(1, 3):
        game = {"uuid": str(uuid.uuid4()), "players": ["Ana", "Ben"],
                "rounds": [{"entries": {"Ana": race, "Ben": 0}}]}  # fmt: skip
        held = games_held(first)

        responses = at_once(import_post(first, [game]), import_post(second, [game]))

        assert sorted(response.status for response in responses) in ([302, 302], [302, 422])
        for response in responses:
            if response.status == 422:
                assert "An import of yours is still running" in response.text
            else:
                wait_for(lambda job=response.location: "imported" in first.get(job).text)
        assert games_held(first) == held + 1
