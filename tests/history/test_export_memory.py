"""An export's memory does not grow with the account: it holds one chunk of games at a time.
(A 20,000-game account's figures: docs/benchmarks.md, bench/exports.py; its ceiling of
resident memory, 5,000 of its games in one night, is checked by `make bench`:
bench/full_size/test_export_ceiling.py.)"""

import tempfile
import tracemalloc

import pytest

from games.archive import backup, export
from games.models import Game
from games.reports import counting
from tests.helpers import seeding

pytestmark = [pytest.mark.engine, pytest.mark.slow]


def peak_of(owner, extension):
    """The most memory Python held while `owner`'s export was written to a file, in bytes."""
    with tempfile.TemporaryFile("w+", encoding="utf-8", newline="") as file:
        tracemalloc.start()
        try:
            export.write(owner, extension, file, "en")
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert file.tell() > 0
    return peak


def weight_of(games):
    """The memory that holding `games` whole takes, as an export built at once would."""
    tracemalloc.start()
    try:
        held = [(game, backup.game_json(game)) for game in games.with_rounds()]
        return tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
        del held


@pytest.mark.parametrize("extension", ["json", "csv"])
def test_the_memory_of_an_export_does_not_grow_with_the_games(alice, extension, monkeypatch):
    monkeypatch.setattr(export, "CHUNK", 20)
    # The group's table is counted by the worker after each change (counting.keep), and the export
    # reads it kept; bulk seeding skips that recount, so it is done here as the worker would.
    seeding.finished_games(alice, seeding.tables(80))
    counting.keep(alice)
    peak_of(alice, extension)  # what is allocated once (the translations, the queries' SQL)
    few = peak_of(alice, extension)
    added = seeding.finished_games(alice, seeding.tables(240, seed=7))
    counting.keep(alice)
    many = peak_of(alice, extension)

    # 240 games more cost the export a small part of what they weigh held at once (a chunk
    # can be heavier than the ones before; a few bytes a game stay in Django's caches)
    weight = weight_of(Game.objects.filter(pk__in=[game.pk for game in added]))
    assert many - few < weight / 4, (few, many, weight)
