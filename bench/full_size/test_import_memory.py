"""An import's memory does not grow with its file, at the sizes that matter: 1.2 MB against
3.6 MB, in the real 1 MB chunks the upload is stored and read in (jobs.models.CHUNK_BYTES). The
suite proves it small (60 against 180 KB, in chunks of 16 KB), with the same body:
tests/history/test_import_limits.py."""

import pytest

from tests.history.test_import_limits import the_same_memory_for

pytestmark = [pytest.mark.engine, pytest.mark.slow]


def test_the_memory_of_an_import_does_not_grow_with_its_file(alice, bob, monkeypatch):
    the_same_memory_for(1_200_000, 3_600_000, alice, bob, monkeypatch)
