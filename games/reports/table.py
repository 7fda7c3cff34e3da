"""The group's table as the pages show it, and the nights' standings, derived from the stored
games.

The table of an account is counted once per change of its finished games and kept
(games/reports/counting.py). A page shows the kept one while it counted the games there are
now; otherwise a small account's is counted in the request, a big one's by the worker
(games/reports/recount.py), the last kept shown meanwhile. A night's standings are derived from
its games' folds, kept in the cache under each game's version (night_summaries).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from itertools import batched

from django.conf import settings
from django.utils.translation import gettext as _

from games import rules
from games.models import Kind, Seat
from games.reports import charts, counting, folds, ratings, recount, rows, summaries
from games.reports.kept import Tables


def tables(owner) -> Tables:
    """The account's tables, at once: the kept ones while they counted the games there are
    now. Otherwise a small account's are counted in the request (it takes under 50 ms:
    TABLE_IN_REQUEST_GAMES); a bigger one's are counted by the worker (one recount queued per
    account, however many changes: games/reports/recount.py), and meanwhile the last kept are
    shown, marked pending: none when they were kept by another release or cannot be read."""
    key, count = counting.marker(owner)
    found = counting.kept_tables(owner)
    if found is not None and found[0] == key:
        return found[1]
    if count <= settings.TABLE_IN_REQUEST_GAMES:
        return counting.keep(owner, key)
    if recount.queue(owner):  # the queue ran it already (tests run each task at once)
        found = counting.kept_tables(owner)
    if found is not None and found[0] == key:
        return found[1]
    shown = _on_the_roster(found[1], owner) if found is not None else Tables()
    shown.pending = True
    return shown


def _on_the_roster(found: Tables, owner) -> Tables:
    """`found` without the players gone since it was counted (merged into another): a page
    names everyone it shows, and a name looked up for a player gone answered 500."""
    players = set(owner.players.values_list("pk", flat=True))
    for kind_table in found.kinds.values():
        kind_table.ranked = [row for row in kind_table.ranked if row.player in players]
        kind_table.unranked = [row for row in kind_table.unranked if row.player in players]
        kind_table.pairs = {pair: counts for pair, counts in kind_table.pairs.items()
                            if players.issuperset(pair)}  # fmt: skip
        kind_table.history = {player: found for player, found in kind_table.history.items()
                              if player in players}  # fmt: skip
    return found


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
