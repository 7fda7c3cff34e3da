"""The group's table of an account, counted from its stored games and kept in the database.

Nothing here is typed by anyone: the places are the rules' verdicts, stored with each game as
it ends (Game.places, by Game.settle), the ratings from games/reports/ratings.py. The table is
kept (KeptTable, as JSON of games/reports/kept.py's FORMAT) with the key of the games it
counted (`table_key`: one aggregate query) and each kind's rating to go on from; counting it
reads one row per game and seat, no round, and rates only the games after those rated before.

Who counts when is decided above: a page (games/reports/table.py, in the request for a small
account) or the worker (games/reports/recount.py); both come here, which imports neither.
"""

import logging
from collections import defaultdict
from itertools import groupby
from operator import itemgetter

from django.conf import settings
from django.db.models import Count, F, Max, Sum
from django.db.models.functions import Mod

from games import rules
from games.models import Game, KeptTable, Seat
from games.reports import folds, kept, ratings
from games.reports.kept import Tables

logger = logging.getLogger(__name__)

FINGERPRINT = folds.fingerprint((*folds.DERIVING, "games.reports.ratings", __name__))
# Versions are random 63-bit numbers: summed whole they overflow SQLite's integers, so two
# residues of them are summed, each small enough for 20,000 games.
PARTS = (1_048_573, 1_048_571)


def table_key(owner):
    return marker(owner)[0]


def marker(owner):
    """(a key that changes with the account's finished games, how many they are): every write
    draws the game a new version (a rename and a merge too: services.py), an end or a deletion
    changes the count, a new game the largest pk. One aggregate query."""
    finished = Game.objects.filter(owner=owner).finished()
    sums = {f"v{n}": Sum(Mod(F("version"), part)) for n, part in enumerate(PARTS)}
    found = finished.aggregate(n=Count("pk"), top=Max("pk"), **sums)
    parts = [found[name] or 0 for name in sorted(found)]
    key = f"table:{FINGERPRINT}:{settings.RANKED_AFTER_GAMES}:{owner.pk}:" + ":".join(
        map(str, parts)
    )
    return key, found["n"]


def kept_tables(owner) -> tuple[str, Tables] | None:
    """(the key of the games it counted, the tables) last kept for the account; None when none
    was, or it was kept by another release (kept.FORMAT), or it cannot be read as this one's:
    then it is counted again, as if it had never been kept."""
    yours = KeptTable.objects.filter(owner=owner, format=kept.FORMAT)
    row = yours.values_list("key", "tables").first()
    if row is None or row[1] is None:
        return None
    try:
        return row[0], kept.loads_tables(row[1])
    except kept.Unreadable as refused:
        logger.warning("The kept table of %s is unreadable (%s): counted again", owner.pk, refused)
        return None


def current(owner, store=True) -> Tables:
    """The account's tables counted up to its games now, whatever its size: for the worker's
    work (a recount; an export, in a read-only transaction: `store` False), never a page's."""
    key = table_key(owner)
    found = kept_tables(owner)
    if found is not None and found[0] == key:
        return found[1]
    return keep(owner, key) if store else _counted(owner)[0]


def keep(owner, key=None) -> Tables:
    """Count the account's tables now, going on from the ratings kept, and keep them."""
    key = key or table_key(owner)
    found, progress = _counted(owner)
    fields = {
        "key": key,
        "as_of": found.as_of,
        "format": kept.FORMAT,
        "tables": kept.dumps_tables(found),
        "progress": kept.dumps_progress(progress),
    }
    KeptTable.objects.bulk_create(
        [KeptTable(owner=owner, **fields)],
        update_conflicts=True, unique_fields=["owner"], update_fields=list(fields),
    )  # fmt: skip
    return found


def _counted(owner):
    """compute(), going on from the ratings kept (none when they cannot be read)."""
    yours = KeptTable.objects.filter(owner=owner, format=kept.FORMAT, progress__isnull=False)
    earlier = yours.values_list("progress", flat=True).first()
    try:
        progress = kept.loads_progress(earlier) if earlier is not None else {}
    except kept.Unreadable:  # rated by other code, or not readable: rated from the start
        progress = {}
    return compute(owner, progress)


def compute(owner, earlier=None) -> tuple[Tables, dict[str, ratings.Progress]]:
    """Each kind's table from the places stored with each finished game (Game.places, as the
    rules decided them), and its rating to go on from next time: only the matches after those
    rated in `earlier` ({kind: ratings.Progress}, taken over) are rated."""
    earlier = earlier or {}
    matches, dates = defaultdict(list), defaultdict(list)
    for kind, started, players, places in _finished_games(owner):
        matches[kind].append(ratings.Match(players, places))
        dates[kind].append(started)
    rated = {
        kind: ratings.progress(matches[kind], earlier.get(kind))
        for kind in rules.RULESETS
        if kind in matches
    }
    ranked_after = settings.RANKED_AFTER_GAMES
    found = Tables({kind: done.table(ranked_after) for kind, done in rated.items()}, dict(dates))
    return found, rated


def _finished_games(owner):
    """(kind, start, players in seat order, places) of each finished game, in the order
    played, read in one statement: a game that ends while the table is read is in it whole or
    not at all. (Read as two, seats then games, a game ended between them had places and no
    players, and the table answered 500.)"""
    finished = Game.objects.filter(owner=owner, places__isnull=False).finished()
    seats = (
        Seat.objects.filter(game__in=finished)
        .order_by("game__created_at", "game", "position")
        .values_list("game", "game__kind", "game__created_at", "game__places", "player")
    )
    for _pk, game_seats in groupby(seats, key=itemgetter(0)):
        game_seats = list(game_seats)
        _pk, kind, started, places, _player = game_seats[0]
        yield kind, started, tuple(seat[-1] for seat in game_seats), tuple(places)
