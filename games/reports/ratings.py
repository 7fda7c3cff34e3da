"""The group's table: openskill's Plackett–Luce ratings over an account's finished games.

Pure functions over plain values: each finished game is one `Match` (who sat, and the place
the game's rules gave each: `Ruleset.ranking`, where a shared win or an equal final is one
place), in the order played. Nothing here reads the database; games/reports/counting.py feeds
it the folds of the stored games and keeps what it returns.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from copy import deepcopy
from dataclasses import dataclass, field
from itertools import combinations

from openskill.models import PlackettLuce

from games import rules

# The model with openskill's default parameters (mu 25, sigma 25/3, beta 25/6...).
MODEL = PlackettLuce()


@dataclass(frozen=True)
class Match:
    """One finished game: its players (any hashable key: a player's pk) and their places."""

    players: tuple[Hashable, ...]
    places: tuple[int, ...]


def match_of(state: rules.GameState, players: Sequence[Hashable]) -> Match:
    """The match of a finished game: `players[seat]` at the place the game's rules rank them."""
    return Match(tuple(players), rules.for_kind(state.kind).places(state))


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """What the table is ordered by: mu − 3 sigma, the rating the model is fairly sure of."""
        return self.mu - 3 * self.sigma


@dataclass
class Row:
    """One player in one game's table."""

    player: Hashable
    rating: Rating
    games: int = 0
    wins: int = 0  # first place, alone or shared
    places: int = 0  # the sum of their places, for the average
    streak: int = 0  # finished games won in a row, up to the last one
    needs: int = 0  # games still to play before they are ranked

    @property
    def average_place(self) -> float:
        return self.places / self.games if self.games else 0.0

    @property
    def mu(self) -> float:
        return self.rating.mu

    @property
    def sigma(self) -> float:
        return self.rating.sigma

    @property
    def ordinal(self) -> float:
        return self.rating.ordinal


@dataclass
class Pair:
    """Two players' games together: `first` and `second` are in the order of the key."""

    games: int = 0
    first_ahead: int = 0
    second_ahead: int = 0
    level: int = 0  # the same place: a shared win, or an equal final


@dataclass
class Table:
    ranked: list[Row]  # best ordinal first
    unranked: list[Row]  # most games first: with how many they still need
    pairs: dict[tuple, Pair]  # (a, b) with a < b
    # Each player's ordinal after each of their games: (index of the match, ordinal).
    history: dict[Hashable, list[tuple[int, float]]] = field(default_factory=dict)

    def row(self, player) -> Row | None:
        return next((row for row in self.ranked + self.unranked if row.player == player), None)

    def against(self, player, other) -> tuple[int, int, int, int]:
        """(games together, `player` ahead, `other` ahead, level)."""
        key = (player, other) if _order(player) < _order(other) else (other, player)
        pair = self.pairs.get(key, Pair())
        mine, theirs = pair.first_ahead, pair.second_ahead
        if key[0] != player:
            mine, theirs = theirs, mine
        return pair.games, mine, theirs, pair.level

    def opponents(self, player) -> list[tuple[Hashable, tuple[int, int, int, int]]]:
        """Everyone `player` shared a game with, most games together first."""
        found = [
            other for pair in self.pairs for other in pair if player in pair and other != player
        ]
        found = [(other, self.against(player, other)) for other in found]
        return sorted(found, key=lambda item: (-item[1][0], _order(item[0])))


def _order(player):
    return (type(player).__name__, player)


def rate(matches: Iterable[Match], ranked_after: int) -> Table:
    """The table after `matches`, in the order played: a player is ranked after
    `ranked_after` games; everyone else is listed apart with how many they still need."""
    return progress(matches).table(ranked_after)


# A copy of the rows and pairs is taken after every so many matches, to go on from.
CHECKPOINT_EVERY = 100


@dataclass
class Progress:
    """The rating of `matches` so far, to go on from: the rows, pairs and history as they
    stand, and a copy of the rows and pairs after every CHECKPOINT_EVERY matches."""

    matches: list[Match] = field(default_factory=list)
    rows: dict[Hashable, Row] = field(default_factory=dict)
    pairs: dict[tuple, Pair] = field(default_factory=dict)
    history: dict[Hashable, list[tuple[int, float]]] = field(default_factory=dict)
    checkpoints: dict[int, tuple[dict, dict]] = field(default_factory=dict)

    def add(self, match: Match):
        index = len(self.matches)
        _play(match, self.rows)
        _count(match, self.rows)
        _face(match, self.pairs)
        for player in match.players:
            self.history.setdefault(player, []).append((index, self.rows[player].ordinal))
        self.matches.append(match)
        if len(self.matches) % CHECKPOINT_EVERY == 0:
            self.checkpoints[len(self.matches)] = deepcopy((self.rows, self.pairs))

    def rewound(self, count: int) -> Progress:
        """This progress as it stood after its first `count` matches at most: at its end, or
        at the last checkpoint before."""
        if count >= len(self.matches):
            return self
        at = max((n for n in self.checkpoints if n <= count), default=0)
        rows, pairs = deepcopy(self.checkpoints[at]) if at else ({}, {})
        history = {
            player: before
            for player, found in self.history.items()
            if (before := [(index, ordinal) for index, ordinal in found if index < at])
        }
        checkpoints = {n: snapshot for n, snapshot in self.checkpoints.items() if n <= at}
        return Progress(self.matches[:at], rows, pairs, history, checkpoints)

    def table(self, ranked_after: int) -> Table:
        rows = deepcopy(self.rows)  # the table's own, its `needs` filled in
        for row in rows.values():
            row.needs = max(ranked_after - row.games, 0)
        ranked = sorted((r for r in rows.values() if not r.needs), key=_by_ordinal)
        unranked = sorted(
            (r for r in rows.values() if r.needs), key=lambda r: (r.needs, _order(r.player))
        )
        history = {player: list(found) for player, found in self.history.items()}
        return Table(ranked, unranked, deepcopy(self.pairs), history)


def progress(matches: Iterable[Match], earlier: Progress | None = None) -> Progress:
    """The rating of `matches`, going on from `earlier` (the rating of other matches) where they
    start alike: only the matches after their common start, from its last checkpoint, are
    rated again. A match added at the end rates that match alone. `earlier` is taken over (it
    goes on in place)."""
    matches = list(matches)
    found = (
        Progress() if earlier is None else earlier.rewound(_common_start(earlier.matches, matches))
    )
    for match in matches[len(found.matches) :]:
        found.add(match)
    return found


def _common_start(first, second):
    same = 0
    for one, other in zip(first, second, strict=False):
        if one != other:
            break
        same += 1
    return same


def _by_ordinal(row):
    return -row.ordinal, -row.mu, _order(row.player)


def _play(match, rows):
    """Rate one match with the model, each player a team of one. The players are given to it
    in one order whatever the order of the seats (by place, then key), so that the same game
    always rates the same to the last bit."""
    seated = sorted(
        zip(match.players, match.places, strict=True), key=lambda s: (s[1], _order(s[0]))
    )
    players = [player for player, _place in seated]
    for player in players:
        if player not in rows:  # a new row only for a first game (setdefault builds one each time)
            rows[player] = Row(player, Rating(MODEL.mu, MODEL.sigma))
    teams = [[MODEL.rating(mu=rows[p].mu, sigma=rows[p].sigma)] for p in players]
    rated = MODEL.rate(teams, ranks=[place for _player, place in seated])
    for player, (new,) in zip(players, rated, strict=True):
        rows[player].rating = Rating(new.mu, new.sigma)


def _count(match, rows):
    for player, place in zip(match.players, match.places, strict=True):
        row = rows[player]
        row.games += 1
        row.places += place
        won = place == 1
        row.wins += won
        row.streak = row.streak + 1 if won else 0


def _face(match, pairs):
    seated = sorted(zip(match.players, match.places, strict=True), key=lambda s: _order(s[0]))
    for (first, first_place), (second, second_place) in combinations(seated, 2):
        pair = pairs.setdefault((first, second), Pair())
        pair.games += 1
        if first_place < second_place:
            pair.first_ahead += 1
        elif second_place < first_place:
            pair.second_ahead += 1
        else:
            pair.level += 1
