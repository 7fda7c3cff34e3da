"""A 20,000-game account is deleted whole, by the request and then the worker's chunks (which
grow to their most, 2,000 games, on the way). The suite proves the chunks small:
tests/views/test_account_deletion.py."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Entry
from games.services import deletion
from tests.helpers import seeding
from tests.views.test_account_deletion import (
    PASSWORD,
    games_deleted_by_transaction,
    nothing_left_of,
    run,
)

GAMES = 20_000


def test_an_account_of_20000_games_is_deleted(alice_client, alice, queue, settings):
    settings.DELETION_CHUNK_SECONDS = 3600  # every chunk quick: they reach their most
    seeding.finished_games(alice, seeding.tables(GAMES))
    assert alice_client.post("/accounts/delete/", {"password": PASSWORD}).status_code == 302
    assert Entry.objects.exists()

    with CaptureQueriesContext(connection) as captured:
        run(queue)

    # Every delete inside a chunk's transaction (Django splits a big chunk's into several
    # statements); most chunks at their most.
    chunks = games_deleted_by_transaction(captured)
    assert len(chunks) < GAMES / deletion.MOST_CHUNK + 8, chunks
    nothing_left_of(alice.pk)
    assert not Entry.objects.exists()
