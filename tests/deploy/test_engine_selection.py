"""`make test-postgres` runs only the tests marked `engine` (pyproject.toml): the selection must
hold the tests that can tell PostgreSQL from SQLite, or that pass would check nothing.
"""

import subprocess

import pytest

from tests.helpers.live import PYTHON, ROOT

ENGINE = [
    "tests/views/test_services_concurrency.py",
    "tests/views/test_race.py",
    "tests/views/test_roster_case.py",
    "tests/views/test_query_budgets.py",
    "tests/deploy/test_migration_game_uuid.py",
    "tests/history/test_backup_import.py",
]
NOT_ENGINE = [
    "tests/rules/test_rules.py",
    "tests/browser/test_game_flow.py",
    "tests/deploy/test_catalogs.py",
    "tests/deploy/test_valid_html.py",
    # On a PostgreSQL of their own in the SQLite pass already:
    "tests/deploy/test_nodes.py",
    "tests/jobs/test_worker.py",
    "tests/jobs/test_kill_deletion.py",
    "tests/jobs/test_kill_import.py",
]

pytestmark = pytest.mark.xdist_group("engine-selection")  # one collection run, not one a core


@pytest.fixture(scope="module")
def selected():
    """The modules of both lists that `-m engine` selects tests from (a path gone fails here)."""
    listed = subprocess.run(
        [PYTHON, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-m", "engine",
         *ENGINE, *NOT_ENGINE],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert listed.returncode == 0, listed.stdout + listed.stderr
    return {line.split("::")[0] for line in listed.stdout.splitlines() if "::" in line}


def test_the_postgresql_pass_runs_the_concurrency_race_and_import_tests(selected):
    assert set(ENGINE) - selected == set()


def test_the_postgresql_pass_leaves_out_what_would_say_the_same_again(selected):
    assert selected & set(NOT_ENGINE) == set()


def test_a_group_of_modules_runs_on_one_core(request):
    """Under `--dist loadgroup` (make test), pytest-xdist sends a test marked `xdist_group` with
    its group, which it names after an "@" in the test's id; with pytest 9.2 the id kept no
    group, and the groups' worlds (two nodes, PostgreSQL, gunicorns) were built on both cores."""
    if not getattr(request.config.option, "loadgroup", False):  # set in xdist's workers
        pytest.skip("not handed out by --dist loadgroup")
    assert request.node.nodeid.endswith("@engine-selection")
