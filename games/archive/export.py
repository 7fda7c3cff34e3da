"""An account's games written out, as a backup (JSON) or for a spreadsheet (CSV).

Two promises, whatever happens to the account meanwhile:
- consistent: every game is read in one snapshot of the database (`snapshot`), so a game
  deleted or imported while the file is written is in it whole, or not at all;
- bounded: the games are read and written `CHUNK` at a time (`account_games`), so the memory
  an export takes does not grow with the account.
The writers take a text file; `json_document` and `csv_parts` give the same text piece by
piece for a response streamed as it is written.

The JSON backup is one object: its "games" (backup.game_json, each with its night), which an
import reads back, then what the app derives from them, which an import ignores and computes
again: "nights" (each night's games and standings, as /nights/N.json gives them) and
"standings" (the group's table, as /standings.json). Its key "derived" names those two.
The CSV holds the games only.
"""

import csv
import io
from contextlib import contextmanager

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models import Q
from django.utils import formats, translation

from games.archive import backup
from games.models import Game, Night, Round
from games.nights import shown
from games.reports import counting, table

# Games read at a time: what an export holds in memory, whatever the size of the account.
CHUNK = 100
# CSV rows gathered before they are handed on as one piece of a stream.
CSV_ROWS_PER_PART = 500


@contextmanager
def snapshot(using=DEFAULT_DB_ALIAS):
    """One read-only transaction, in which every query sees the database as it stood at the
    first one, whatever other connections write meanwhile."""
    connection = connections[using]
    if connection.in_atomic_block:
        # Already inside a transaction (a test's): its view of the database is the one there
        # is, and its isolation cannot change after its first query.
        yield
        return
    if connection.vendor == "sqlite":
        with _deferred(connection), transaction.atomic(using):
            yield
        return
    with transaction.atomic(using):
        # Read committed, PostgreSQL's default, would show each query the rows committed
        # before it, and a game deleted between two chunks would be half written. A setting
        # of this transaction only: the connection's next ones are as before.
        isolation = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"
        connection.cursor().execute(isolation)
        yield


@contextmanager
def _deferred(connection):
    """SQLite's transactions of this site begin IMMEDIATE, taking the write lock at once
    (settings.py): a reader holding it would stop every save for as long as the export runs.
    A DEFERRED one reads a snapshot (WAL) and lets writers go on; the connection's own mode
    is put back as soon as the transaction has begun."""
    connection.ensure_connection()  # connecting sets transaction_mode from the settings
    mode = connection.transaction_mode
    connection.transaction_mode = "DEFERRED"
    try:
        yield
    finally:
        connection.transaction_mode = mode


def account_games(owner, progress=None):
    """`owner`'s games, the newest first as the history lists them, each with its seats and
    rounds, read `CHUNK` at a time from where the last chunk ended (in the order of the index
    game_owner_newest): no cursor stays open between chunks, and only one chunk is held.
    `progress`, if given, is told how many games were handed on after each chunk."""
    games = Game.objects.filter(owner=owner).select_related("night").order_by("-created_at", "-pk")
    batch, done = list(games[:CHUNK].with_rounds()), 0
    while batch:
        yield from batch
        done += len(batch)
        if progress:
            progress(done)
        if len(batch) < CHUNK:
            return
        last = batch[-1]
        older = Q(created_at__lt=last.created_at) | Q(created_at=last.created_at, pk__lt=last.pk)
        batch = list(games.filter(older)[:CHUNK].with_rounds())


def account_nights(owner):
    """`owner`'s nights, the newest first, read CHUNK at a time as account_games reads games;
    each with its summary (games/reports/table.py)."""
    nights = shown(Night.objects.filter(owner=owner)).order_by("-start", "-pk")
    batch = list(nights[:CHUNK])
    while batch:
        summaries = table.night_summaries(batch)
        yield from ((night, summaries[night.pk]) for night in batch)
        if len(batch) < CHUNK:
            return
        last = batch[-1]
        older = Q(start__lt=last.start) | Q(start=last.start, pk__lt=last.pk)
        batch = list(nights.filter(older)[:CHUNK])


# The parts of the backup that an import ignores: the app derives them from the games.
DERIVED = ("nights", "standings")


def json_document(owner, games):
    """The backup: `games` (owner's, read a chunk at a time), then what is derived from them,
    a night at a time, each part one level deeper in the document's object."""
    names = table.roster_names(owner)
    yield '{\n "games": '
    yield from _nested(json_parts(games))
    yield ',\n "nights": '
    nights = (backup_night(night, summary, names) for night, summary in account_nights(owner))
    yield from _nested(backup.json_list(nights))
    standings = table.standings_json(counting.current(owner, store=False), names)
    yield ',\n "standings": '
    yield from _nested([backup.encoder().encode(standings)])
    yield ',\n "derived": ' + backup.encoder().encode(DERIVED).replace("\n", "\n ") + "\n}"


def json_parts(games):
    return backup.json_list(backup.game_json(game) for game in games)


def backup_night(night, summary, names):
    """A night in the backup: its games by id, and its standings as its own JSON gives them."""
    return {
        "id": night.pk,
        "start": night.start.isoformat(),
        "label": night.label,
        "games": [game.pk for game in summary.games],
        "standings": table.night_standings_json(summary, names),
    }


def _nested(parts):
    """JSON text one level deeper (its only line breaks are indentation: JSON escapes those
    of its strings)."""
    return (part.replace("\n", "\n ") for part in parts)


def csv_parts(games, delimiter):
    """The CSV as a spreadsheet opens it: a byte-order mark first (or Excel reads UTF-8 as
    Latin-1), then the rows, a few hundred at a time."""
    yield "\ufeff"
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=delimiter)
    for number, row in enumerate(backup.csv_rows(games), start=1):
        writer.writerow(row)
        if number % CSV_ROWS_PER_PART == 0:
            yield _emptied(buffer)
    yield _emptied(buffer)


def _emptied(buffer):
    text = buffer.getvalue()
    buffer.seek(0)
    buffer.truncate()
    return text


def csv_delimiter():
    """Where decimals take a comma (French), spreadsheets split fields on semicolons."""
    return ";" if formats.get_format("DECIMAL_SEPARATOR") == "," else ","


# Each export's pieces, from `owner`'s games read in one snapshot.
def json_text(owner, progress=None):
    with snapshot():
        yield from json_document(owner, account_games(owner, progress))


def csv_text(owner, progress=None):
    with snapshot():
        yield from csv_parts(account_games(owner, progress), csv_delimiter())


FORMATS = {"json": json_text, "csv": csv_text}


def write(owner, extension, file, language):
    """Write `owner`'s export as `extension` into the text `file`, in `language` (the CSV's
    header, the names of the games, its separator)."""
    with translation.override(language):
        file.writelines(FORMATS[extension](owner))


def too_big_to_stream(owner):
    """Whether `owner` has more than EXPORT_STREAM_MAX_ROUNDS rounds (counted no further)."""
    limit = settings.EXPORT_STREAM_MAX_ROUNDS
    return Round.objects.filter(game__owner=owner)[: limit + 1].count() > limit


def streamed(owner, extension):
    """The export's pieces for a response that sends them as they are written: in the language
    of the request, which is over by the time most of them are."""
    return _in_language(translation.get_language(), FORMATS[extension], owner)


def _in_language(language, text, owner):
    with translation.override(language):
        yield from text(owner)
