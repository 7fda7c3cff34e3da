"""An import's memory does not grow with its file, at the sizes that matter: 1.2 MB against
3.6 MB, in the real 1 MB chunks the upload is stored and read in (jobs.models.CHUNK_BYTES). The
suite proves it small (60 against 180 KB, in chunks of 16 KB): tests/history/test_import_limits.py.
"""

import pytest

from games.archive import backup, restore
from jobs.models import Job
from tests.helpers.backups import valid_backup
from tests.history.test_import_limits import MEMORY_ABOVE_IDLE, peak_memory_of_import

pytestmark = [pytest.mark.engine, pytest.mark.slow]


def test_the_memory_of_an_import_does_not_grow_with_its_file(alice, bob, monkeypatch):
    # The batches keep one size: they follow the machine's speed, and hold at most 20,000 rows.
    monkeypatch.setattr(restore, "next_size", lambda rows, seconds: rows)
    peaks = []
    for owner, size in ((alice, 1_200_000), (bob, 3_600_000)):
        content, count = valid_backup(size, most=backup.MAX_GAMES)
        peak, job = peak_memory_of_import(owner, content)
        assert job.state == Job.State.DONE, job.message
        assert owner.games.count() == count
        peaks.append(peak)

    small, big = peaks
    assert big < small * 1.5, peaks
    assert big < MEMORY_ABOVE_IDLE / 5, peaks
