"""The group's table and the nights' standings, derived from the stored games.

Nothing here is typed by anyone: the places are the rules' verdicts, stored with each game as
it ends (Game.places, by Game.settle), the ratings from games/reports/ratings.py. The table of
an account is computed once per change of its finished games and kept in the database
(KeptTable) with the key of the games it counted (`table_key`: one aggregate query) and each
kind's rating to go on from; computing it reads one row per game and seat, no round, and rates
only the games after those rated before. A big account's is computed by the worker, never in a
page's request (games/reports/recount.py). A night's standings are derived from its games'
folds, kept in the cache under each game's version (night_summaries).
"""

from __future__ import annotations

import pickle
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from importlib import metadata
from itertools import batched, groupby
from operator import itemgetter

from django.conf import settings
from django.db.models import Count, F, Max, Sum
from django.db.models.functions import Mod
from django.utils.translation import gettext as _

from games import rules
from games.models import Game, KeptTable, Kind, Seat
from games.reports import charts, folds, ratings, rows, summaries

FINGERPRINT = folds.fingerprint((*folds.DERIVING, "games.reports.ratings", "games.reports.table"))
# A kept rating depends on its matches (stored places) and on the code that rates them only:
# a release that changes other code (the rules, the pages) finds it still, in a shared cache.
RATING = f"{folds.fingerprint(('games.reports.ratings',))}-{metadata.version('openskill')}"
# Versions are random 63-bit numbers: summed whole they overflow SQLite's integers, so two
# residues of them are summed, each small enough for 20,000 games.
PARTS = (1_048_573, 1_048_571)


@dataclass
class Tables:
    """The table of each game kind played (rules.RULESETS order), and when each match was."""

    kinds: dict[str, ratings.Table] = field(default_factory=dict)
    dates: dict[str, list[datetime]] = field(default_factory=dict)
    # Set on the way out, not kept: a newer table is being counted (this one is the last kept,
    # up to the game that started at `as_of`, or None when nothing was counted yet).
    pending: bool = False

    def of(self, kind):
        return self.kinds.get(kind)

    @property
    def as_of(self) -> datetime | None:
        """When the newest game counted started."""
        return max((found[-1] for found in self.dates.values() if found), default=None)


def table_key(owner):
    return _marker(owner)[0]


def _marker(owner):
    """(a key that changes with the account's finished games, how many they are): every write
    draws the game a new version (a rename and a merge too: services.py), an end or a deletion
    changes the count, a new game the largest pk. One aggregate query."""
    finished = Game.objects.filter(owner=owner).finished()
    sums = {f"v{n}": Sum(Mod(F("version"), part)) for n, part in enumerate(PARTS)}
    marker = finished.aggregate(n=Count("pk"), top=Max("pk"), **sums)
    parts = [marker[name] or 0 for name in sorted(marker)]
    key = f"table:{FINGERPRINT}:{settings.RANKED_AFTER_GAMES}:{owner.pk}:" + ":".join(
        map(str, parts)
    )
    return key, marker["n"]


def tables(owner) -> Tables:
    """The account's tables, at once: the kept ones (KeptTable) while they counted the games
    there are now. Otherwise a small account's are counted in the request (it takes under
    50 ms: TABLE_IN_REQUEST_GAMES); a bigger one's are counted by the worker (one recount queued
    per account, however many changes: games/reports/recount.py), and meanwhile the last kept
    are shown, marked pending."""
    key, count = _marker(owner)
    kept = _kept(owner)
    if kept is not None and kept[0] == key and (found := _loads(kept[1], Tables)):
        return found
    if count <= settings.TABLE_IN_REQUEST_GAMES:
        return keep(owner, key)
    if recount_queued(owner):  # the queue ran it already (tests run each task at once)
        kept = _kept(owner)
    found = (kept and _loads(kept[1], Tables)) or Tables()
    found.pending = kept is None or kept[0] != key
    return found


def current(owner, store=True) -> Tables:
    """The account's tables counted up to its games now, whatever its size: for the worker's
    work (a recount; an export, in a read-only transaction: `store` False), never a page's."""
    key = table_key(owner)
    kept = _kept(owner)
    if kept is not None and kept[0] == key and (found := _loads(kept[1], Tables)):
        return found
    return keep(owner, key) if store else _counted(owner)[0]


def _kept(owner):
    return KeptTable.objects.filter(owner=owner).values_list("key", "tables").first()


def recount_queued(owner):
    """Queue a recount of the account's table, unless one is waiting already: True if it ran
    at once. A recount waiting longer than a job may stay silent was lost with its worker."""
    from games.reports.recount import queue  # which imports this module

    return queue(owner)


def keep(owner, key=None) -> Tables:
    """Count the account's tables now, going on from the ratings kept, and keep them."""
    key = key or table_key(owner)
    found, progress = _counted(owner)
    fields = {
        "key": key,
        "as_of": found.as_of,
        "tables": pickle.dumps(found, pickle.HIGHEST_PROTOCOL),
        "progress": pickle.dumps((RATING, progress), pickle.HIGHEST_PROTOCOL),
    }
    KeptTable.objects.bulk_create(
        [KeptTable(owner=owner, **fields)],
        update_conflicts=True, unique_fields=["owner"], update_fields=list(fields),
    )  # fmt: skip
    return found


def _counted(owner):
    """compute(), going on from the ratings kept."""
    earlier = KeptTable.objects.filter(owner=owner).values_list("progress", flat=True).first()
    return compute(owner, _loads(earlier, dict, RATING) or {})


def _loads(data, kind, version=None):
    """What `pickle.dumps` kept in `data`, if it is a `kind` (and of the code `version`): None
    when nothing was kept or a release changed what it was."""
    if data is None:
        return None
    try:
        found = pickle.loads(data)
    except Exception:  # kept by another release, whose classes differ: counted again
        return None
    if version is not None:
        kept_version, found = found if isinstance(found, tuple) and len(found) == 2 else (0, 0)
        if kept_version != version:
            return None
    return found if isinstance(found, kind) else None


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


# The rating chart shows a player's last games: a phone's width holds some thirty points.
CHART_GAMES = 30


def rating_chart(found: ratings.Table, dates, player) -> charts.Chart:
    """`player`'s rating (the table's number) after each of their last games, oldest first."""
    history = found.history.get(player, [])[-CHART_GAMES:]
    line = charts.Line(_("Rating"), [rows.shown_rating(ordinal) for _index, ordinal in history])
    labels = [summaries.short_date(dates[index]) for index, _ordinal in history]
    return charts.line_chart([line], labels, x_room=3, from_lowest=True)


# ------------------------------------------------------------------------------ nights


@dataclass(frozen=True)
class NightGame:
    pk: int
    kind: str
    started: datetime
    players: tuple[int, ...]  # player pks in seat order
    finished: bool
    winners: tuple[int, ...]  # player pks
    totals: tuple[int, ...]

    @property
    def label(self):
        return Kind(self.kind).label


@dataclass
class NightRow:
    player: int
    games: int = 0
    sole: int = 0
    shared: int = 0
    finals: int = 0
    place: int = 0

    @property
    def wins(self):
        return self.sole + self.shared


@dataclass(frozen=True)
class NightStandings:
    kind: str
    highest_wins: bool
    rows: tuple[NightRow, ...]

    @property
    def label(self):
        return Kind(self.kind).label

    @property
    def winners(self):
        return [row.player for row in self.rows if row.place == 1 and row.wins]


@dataclass(frozen=True)
class NightSummary:
    games: tuple[NightGame, ...]  # in the order played
    standings: tuple[NightStandings, ...]  # per game kind, in rules.RULESETS order


# Games whose rounds are read and folded at once for the nights' summaries.
FOLD_CHUNK = 200


def night_summary(night) -> NightSummary:
    """A night's games and standings (night_summaries)."""
    return night_summaries([night])[night.pk]


def night_summaries(nights):
    """{night pk: its summary} for `nights` at once, whatever their number: one statement reads
    their games with their seats, versions and starts (one snapshot, so a game deleted or moved
    meanwhile is wholly in or wholly out), then their folds come from the cache under those
    versions, FOLD_CHUNK games at a time (folds.states: one more statement for those not kept,
    which reads each game as it is then: the page shows a game's last round saved meanwhile,
    or not, never half)."""
    rows = (
        Seat.objects.filter(game__night__in=nights, game__importing__isnull=True)
        .order_by("game__created_at", "game", "position")
        .values_list("game", "game__version", "game__night", "game__created_at", "player")
    )
    games = {}  # pk: (version, night, start, [players])
    for pk, version, night, started, player in rows.iterator(chunk_size=2000):
        games.setdefault(pk, (version, night, started, []))[3].append(player)
    by_night = defaultdict(list)
    # Folded FOLD_CHUNK games at a time, each chunk's rounds and states let go before the next:
    # an imported night can hold thousands of games, and what is kept of each is a few numbers.
    for chunk in batched(games.items(), FOLD_CHUNK):
        states = folds.states((pk, game[0]) for pk, game in chunk)
        for pk, (_version, night, started, players) in chunk:
            state = states.get(pk)
            if state is not None:  # None: a game the rules refuse
                winners = tuple(players[seat] for seat in state.winners)
                by_night[night].append(
                    NightGame(pk, state.kind, started, tuple(players), state.finished, winners,
                              state.totals)
                )  # fmt: skip
    return {
        night.pk: NightSummary(tuple(by_night[night.pk]), night_standings(by_night[night.pk]))
        for night in nights
    }


def night_standings(games) -> tuple[NightStandings, ...]:
    """Per game kind, over the night's finished games of it: the most wins first (a shared win
    is a win); players with as many wins share the place, as a tied game is shared. Nothing
    breaks a tie on wins: a sum of final totals favours whoever played fewer games of
    L.L.A.M.A. (lowest best) or more of Llama Llama (highest best)."""
    found = []
    for kind, ruleset in rules.RULESETS.items():
        played = [game for game in games if game.kind == kind and game.finished]
        if not played:
            continue
        rows = {}
        for game in played:
            for player, total in zip(game.players, game.totals, strict=True):
                row = rows.setdefault(player, NightRow(player))
                row.games += 1
                row.finals += total
                if player in game.winners:
                    if len(game.winners) > 1:
                        row.shared += 1
                    else:
                        row.sole += 1
        ordered = sorted(rows.values(), key=lambda row: -row.wins)
        for position, row in enumerate(ordered, start=1):
            before = ordered[position - 2] if position > 1 else None
            row.place = before.place if before and before.wins == row.wins else position
        found.append(NightStandings(kind, ruleset.highest_wins, tuple(ordered)))
    return tuple(found)


# ------------------------------------------------------------------------------ as JSON
# For other programs (/standings.json, /nights/N.json) and in the backup, from one code:
# derived, so an import ignores them and the app computes them again from the games.


def roster_names(owner):
    """{player pk: name}, the account's whole roster: how the JSON names the players."""
    return dict(owner.players.values_list("pk", "name"))


def standings_json(tables, names):
    """Per game kind, each ranked player, best ordinal first."""
    return {
        kind: [
            {"name": names[row.player], "rating": rows.shown_rating(row.ordinal),
             "provisional": rows.provisional(row), "mu": row.mu, "sigma": row.sigma,
             "ordinal": row.ordinal, "games": row.games, "wins": row.wins}
            for row in found.ranked
        ]
        for kind, found in tables.kinds.items()
    }  # fmt: skip


def night_json(night, summary, names):
    """A night for other programs: its games in order and its standings per game."""
    return {
        "id": night.pk,
        "start": night.start.isoformat(),
        "label": night.label,
        "games": [
            {"id": game.pk, "game": game.kind, "started_at": game.started.isoformat(),
             "players": [names[p] for p in game.players], "finished": game.finished,
             "winners": [names[p] for p in game.winners]}
            for game in summary.games
        ],
        "standings": night_standings_json(summary, names),
    }  # fmt: skip


def night_standings_json(summary, names):
    """A night's standings per game kind, as its JSON and the backup give them."""
    return {
        standings.kind: [
            {"place": row.place, "name": names[row.player], "games": row.games,
             "sole_wins": row.sole, "shared_wins": row.shared, "sum_of_finals": row.finals}
            for row in standings.rows
        ]
        for standings in summary.standings
    }  # fmt: skip
