"""A 20,000-game account's export, run as the worker runs it (its task, in a process of its own,
with the production settings), stays under a ceiling of resident memory, its newest 5,000 games
in one night as an import of an old history makes them (bench/exports.py, docs/benchmarks.md).
The suite proves small that an export's memory does not grow with the games:
tests/history/test_export_memory.py."""

import importlib.util
import tempfile

import pytest

from tests.helpers.live import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.server]

GAMES = 20_000
NIGHT = 5_000
CEILING_MB = 250


def bench():
    spec = importlib.util.spec_from_file_location("bench_exports", ROOT / "bench" / "exports.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_worker_exports_20000_games_under_its_memory_ceiling():
    exports = bench()
    with tempfile.TemporaryDirectory() as folder:
        # a SQLite file of its own, whatever the run's engine
        env = exports._environment(folder) | {"DATABASE_URL": f"sqlite:///{folder}/x.sqlite3"}
        exports._script(env, "migrate")
        seeded = exports._script(env, "seed", "--games", str(GAMES), "--night", str(NIGHT))
        assert seeded["games"] == GAMES
        peaks = {
            extension: exports._script(env, "measure", "--how", "task", "--format", extension)
            for extension in ("json", "csv")
        }

    for extension, found in peaks.items():
        assert found["bytes"] > GAMES * 500, (extension, found)
        # VmHWM: the process's whole peak, Django and the export together
        assert found["idle_mb"] + found["peak_mb"] < CEILING_MB, (extension, found)
