"""The order the tests are handed out in (tests/conftest.py, handed_out)."""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import handed_out

ROOT = Path(__file__).resolve().parents[2]


class Item:
    def __init__(self, name, fixtures=(), slow=False, transaction=False, server=False):
        self.name, self.fixturenames = name, list(fixtures)
        self.marks = {"slow": pytest.mark.slow.mark} if slow else {}
        if server:
            self.marks["server"] = pytest.mark.server.mark
        if transaction:
            self.marks["django_db"] = pytest.mark.django_db(transaction=True).mark

    def get_closest_marker(self, name):
        return self.marks.get(name)


def test_the_tests_of_seconds_come_first_in_pytest_djangos_order():
    tests = [
        Item("in a transaction", ["db"]),
        Item("a browser's, long", ["live_server", "transactional_db", "db"], slow=True),
        Item("no database, long", ["tmp_path"], slow=True),
        Item("in a transaction, long", ["alice", "db"], slow=True),
        Item("no database"),
        Item("a server of its own", ["live_app"], server=True),
        Item("transactional", transaction=True),
    ]

    order = [test.name for test in sorted(tests, key=handed_out)]

    assert order == [
        "no database, long",  # may run anywhere: first
        "a server of its own",
        "in a transaction, long",
        "in a transaction",
        "a browser's, long",  # never before a test in a transaction
        "transactional",
        "no database",
    ]


def test_the_tests_marked_by_what_they_start_are_left_out_by_make_check():
    """tests/views/test_race.py's three start a gunicorn (`live_app`) and say nothing of it: the
    marker conftest.py gives them must be there when `-m "not server"` deselects."""
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--collect-only", "-q"]
    found = subprocess.run(
        [*command, "-m", "not server", "tests/views/test_race.py"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert "test_race.py::" not in found.stdout
    assert "(3 deselected)" in found.stdout, found.stdout
