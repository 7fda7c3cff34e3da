"""The group's table as a family reads it: each ranked row with its rating on a scale people
know, whether it is still provisional, how its place moved since the last night, its streak
when there is one, and why it is above the row below it when its wins do not say so.

Presentation only: the ratings themselves are games/reports/ratings.py's (openskill's mu,
sigma and ordinal, which /standings.json keeps), computed and kept by games/reports/counting.py.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Hashable
from dataclasses import dataclass

from django.conf import settings

from games.models import Game
from games.reports import ratings

# openskill's ordinal (mu − 3 sigma) is 0 for a new player and moves by a few points a game,
# either side of 0. Shown as 1,000 + 20 points per point of ordinal: everyone starts at 1,000,
# as in chess and most online games, a game moves a rating by tens, and the order is the
# ordinal's own. Below 0 it would take an ordinal under −50, which no game gives (a player who
# loses every game settles around −5 to −10); it is held at 0 all the same.
START, STEP = 1000, 20


def shown_rating(ordinal: float) -> int:
    """The rating a person reads for openskill's `ordinal`: never negative."""
    return max(0, round(START + STEP * ordinal))


def provisional(row: ratings.Row) -> bool:
    """Whether `row`'s rating is still settling: fewer than RATING_SETTLES_AFTER_GAMES games."""
    return row.games < settings.RATING_SETTLES_AFTER_GAMES


@dataclass(frozen=True)
class Why:
    """Why a row is above `other`: the best of those below it who won more (`more_wins`), else
    the row just below when it won as many. `reason`, tried in this order:
    "average" (a better average place, `mine` against `theirs`), "games" (more games played: a
    surer rating), "ahead" (ahead of `other` in `mine` of their `theirs` games together),
    "opponents" (the players it finished ahead of are rated `mine` on average, those `other`
    finished ahead of `theirs`), or "order" (none of these: the rating also weighs whom each
    finished ahead of, and in which order the games came)."""

    other: Hashable
    reason: str
    mine: float
    theirs: float
    more_wins: bool = True


@dataclass(frozen=True)
class TableRow:
    row: ratings.Row
    rating: int
    provisional: bool
    moved: int | None  # places gained since the last night (lost: below 0); None: new to it
    streak: int  # wins in a row, 0 when fewer than two
    why: Why | None

    @property
    def player(self):
        return self.row.player

    @property
    def up(self) -> int:
        return max(self.moved or 0, 0)

    @property
    def down(self) -> int:
        return max(-(self.moved or 0), 0)


def table_rows(found: ratings.Table, since: int) -> list[TableRow]:
    """`found`'s ranked rows, best first; `since`: how many of its matches were played before
    the last night (places moved since are counted from there)."""
    before = _places_before(found, since)
    rows = []
    for place, row in enumerate(found.ranked, start=1):
        was = before.get(row.player)
        rows.append(
            TableRow(
                row,
                shown_rating(row.ordinal),
                provisional(row),
                None if was is None else was - place,
                row.streak if row.streak >= 2 else 0,
                _why(row, found.ranked[place:], found),
            )
        )
    return rows


def _places_before(found, since):
    """{player: their place} in the table as it stood after the first `since` matches, read
    from each player's history (their ordinal after each of their games). When nobody was
    ranked then, everyone is where they were: a first table has no arrows, nobody is "new"."""
    standing = []
    for player, history in found.history.items():
        earlier = [ordinal for index, ordinal in history if index < since]
        if len(earlier) >= settings.RANKED_AFTER_GAMES:
            standing.append((-earlier[-1], ratings._order(player), player))
    if not standing:
        return {row.player: place for place, row in enumerate(found.ranked, start=1)}
    return {player: place for place, (*_key, player) in enumerate(sorted(standing), start=1)}


def _why(row, below, table=None):
    """Why `row` is above the best of those `below` it who won more, or else above the next
    row when it won as many (`table`: where their games together are counted); None when it
    won more than everyone below, which its figures say."""
    other = next((o for o in below if o.wins > row.wins), None)
    more_wins = other is not None
    if other is None:
        if not below or below[0].wins < row.wins:
            return None
        other = below[0]
    if row.average_place < other.average_place:
        return Why(other.player, "average", row.average_place, other.average_place, more_wins)
    if row.games > other.games:
        return Why(other.player, "games", row.games, other.games, more_wins)
    if table is not None:
        together, ahead, behind, _level = table.against(row.player, other.player)
        if ahead > behind:
            return Why(other.player, "ahead", ahead, together, more_wins)
        mine, theirs = _beaten(table, row.player), _beaten(table, other.player)
        if mine is not None and (theirs is None or mine > theirs):
            return Why(other.player, "opponents", mine, theirs or 0, more_wins)
    return Why(other.player, "order", row.games, other.games, more_wins)


def _beaten(table, player):
    """The rating (as shown) of the players `player` finished ahead of, on average over each
    time they did; None if they never did."""
    total = count = 0
    for other, (_together, ahead, _behind, _level) in table.opponents(player):
        if ahead and (found := table.row(other)) is not None:
            total += ahead * shown_rating(found.ordinal)
            count += ahead
    return round(total / count) if count else None


def matches_before_last_night(owner, tables) -> dict[str, int]:
    """Per game kind, how many of its matches were played before the night of the account's
    latest finished game (all of them when that night had none of that kind). One query."""
    latest = (
        Game.objects.filter(owner=owner, places__isnull=False)
        .finished()
        .order_by("-created_at", "-pk")
        .values_list("night__start", flat=True)
        .first()
    )
    return {
        kind: len(dates) if latest is None else bisect_left(dates, latest)
        for kind, dates in tables.dates.items()
    }
