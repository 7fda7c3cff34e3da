"""The kept table's two documents (KeptTable.tables and .progress) as JSON, read back only when
they are of this release's shape, to the type of each number.

Never a pickle: whoever can write one row (SQL access, a restored dump, `loaddata`) would run
code of their choosing in every web and worker process that reads it. JSON only builds lists,
dicts, strings and numbers (the histories' packed arrays only numbers), and each is checked
here before it becomes a dataclass.

A document of another FORMAT (an earlier release's), or of this one but not of its shape
(corrupt, cut short, a key missing or extra, a string where a number belongs, a history
pointing past its dates), raises Unreadable: its row is counted again, never trusted
(games/reports/counting.py). Nothing here reads the database.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import math
import sys
from array import array
from dataclasses import dataclass, field, fields
from datetime import datetime
from importlib import metadata

from games import rules
from games.reports import folds, ratings


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


# The classes a document is built into: a field added, removed or retyped in any of them makes
# another FORMAT, as does any change to this module, so that no release reads another's rows.
SHAPES = (
    Tables, ratings.Table, ratings.Row, ratings.Rating, ratings.Pair, ratings.Progress,
    ratings.Match,
)  # fmt: skip


def _format():
    shapes = [(shape.__qualname__, [(f.name, str(f.type)) for f in fields(shape)])
              for shape in SHAPES]  # fmt: skip
    digest = hashlib.sha256(repr(shapes).encode()).hexdigest()[:16]
    return f"json-{folds.fingerprint((__name__,))}-{digest}"


FORMAT = _format()
# A kept rating depends on its matches (stored places) and on the code that rates them only:
# a release that changes other code (the rules, the pages) goes on from it.
RATING = f"{folds.fingerprint(('games.reports.ratings',))}-{metadata.version('openskill')}"


class Unreadable(ValueError):
    """A kept document this release does not take: counted again."""


# ------------------------------------------------------------------------------ writing
# Numbers that come by the thousand (matches, pairs) are written as flat lists, one list per
# column, each checked whole when read back; each player's history, the bulk, is packed.


def dumps_tables(tables: Tables) -> str:
    return _dumps({
        "kinds": [[kind, _table(found)] for kind, found in tables.kinds.items()],
        "dates": [[kind, [d.isoformat() for d in found]] for kind, found in tables.dates.items()],
    })  # fmt: skip


def dumps_progress(progress: dict[str, ratings.Progress], rating: str = RATING) -> str:
    """`progress` ({kind: ratings.Progress}), marked with the rating code it was counted by."""
    kinds = [[kind, _progress(found)] for kind, found in progress.items()]
    return _dumps({"rating": rating, "kinds": kinds})


def _dumps(document):
    # allow_nan=False: JSON has no NaN, and a rating that became one must not be kept.
    return json.dumps(document, separators=(",", ":"), allow_nan=False)


def _table(found: ratings.Table):
    return {
        "ranked": [_row(row) for row in found.ranked],
        "unranked": [_row(row) for row in found.unranked],
        "pairs": _pairs(found.pairs),
        "history": _history(found.history),
    }


def _progress(found: ratings.Progress):
    return {
        "matches": [
            [len(match.players) for match in found.matches],
            [player for match in found.matches for player in match.players],
            [place for match in found.matches for place in match.places],
        ],
        "rows": [_row(row) for row in found.rows.values()],
        "pairs": _pairs(found.pairs),
        "history": _history(found.history),
        "checkpoints": [
            [count, [_row(row) for row in rows.values()], _pairs(pairs)]
            for count, (rows, pairs) in found.checkpoints.items()
        ],
    }


def _row(row: ratings.Row):
    # float(): read back, a rating must be a decimal number (an int would be written 25)
    return [row.player, float(row.mu), float(row.sigma), row.games, row.wins, row.places,
            row.streak, row.needs]  # fmt: skip


def _pairs(pairs):
    """Six numbers a pair, in one list: (first, second), games, first ahead, second, level."""
    return [number for (first, second), pair in pairs.items()
            for number in (first, second, pair.games, pair.first_ahead, pair.second_ahead,
                           pair.level)]  # fmt: skip


def _history(history):
    """Each player's (match index, ordinal), as two packed arrays: the bulk of a big table."""
    return [[player, _packed("q", [index for index, _o in found]),
             _packed("d", [float(o) for _i, o in found])]
            for player, found in history.items()]  # fmt: skip


def _packed(code, numbers):
    """`numbers` as little-endian 8-byte integers ("q") or doubles ("d"), in base64: read back
    at memory's speed, where 90,000 decimals in JSON text cost the parser tens of ms."""
    packed = array(code, numbers)
    if sys.byteorder == "big":
        packed.byteswap()
    return base64.b64encode(packed.tobytes()).decode("ascii")


# ------------------------------------------------------------------------------ reading


def loads_tables(text) -> Tables:
    """The Tables kept as `text` by dumps_tables; Unreadable if it is not exactly that."""
    document = _object(_loads(text), "kinds", "dates")
    dates = {kind: _dates(found) for kind, found in _by_kind(document["dates"])}
    kinds = {kind: _read_table(found) for kind, found in _by_kind(document["kinds"])}
    for kind, found in kinds.items():  # a player's page charts each kind against its dates
        matches = len(dates.get(kind, ()))
        if any(max(indices, default=-1) >= matches for indices in _indices(found.history)):
            raise Unreadable(f"a history of {kind} past its dates")
    return Tables(kinds, dates)


def loads_progress(text, rating: str = RATING) -> dict[str, ratings.Progress]:
    """The progress kept as `text` by dumps_progress under the rating code `rating`;
    Unreadable if it is not exactly that."""
    document = _object(_loads(text), "rating", "kinds")
    if document["rating"] != rating:
        raise Unreadable("rated by other code")
    return {kind: _read_progress(found) for kind, found in _by_kind(document["kinds"])}


def _loads(text):
    if type(text) is not str:
        raise Unreadable("not text")
    try:
        # NaN and Infinity are not JSON: Python's parser takes them unless told not to.
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError as error:  # nested deeper than the parser goes: not ours
        raise Unreadable("nested too deep") from error
    except json.JSONDecodeError as error:
        raise Unreadable("not JSON") from error


def _refuse_constant(name):
    raise Unreadable(f"{name} in a kept document")


def _read_table(document) -> ratings.Table:
    document = _object(document, "ranked", "unranked", "pairs", "history")
    return ratings.Table(
        [_read_row(row) for row in _list(document["ranked"])],
        [_read_row(row) for row in _list(document["unranked"])],
        _read_pairs(document["pairs"]),
        _read_history(document["history"]),
    )


def _read_progress(document) -> ratings.Progress:
    document = _object(document, "matches", "rows", "pairs", "history", "checkpoints")
    matches = _read_matches(document["matches"])
    checkpoints = {}
    for checkpoint in _list(document["checkpoints"]):
        count, rows, pairs = _list(checkpoint, 3)
        if type(count) is not int or not 0 < count <= len(matches):
            raise Unreadable("a checkpoint past its matches")
        checkpoints[count] = (_read_rows(rows), _read_pairs(pairs))
    return ratings.Progress(
        matches, _read_rows(document["rows"]), _read_pairs(document["pairs"]),
        _read_history(document["history"]), checkpoints,
    )  # fmt: skip


def _read_matches(document) -> list[ratings.Match]:
    sizes, players, places = _list(document, 3)
    _ints(players)
    _ints(places)
    if (
        min(_counts(sizes), default=1) < 1
        or sum(sizes) != len(players)
        or len(places) != len(players)
    ):
        raise Unreadable("matches whose players and places do not add up")
    matches, start = [], 0
    for size in sizes:
        end = start + size
        matches.append(ratings.Match(tuple(players[start:end]), tuple(places[start:end])))
        start = end
    return matches


def _read_rows(document) -> dict[int, ratings.Row]:
    return {row.player: row for row in map(_read_row, _list(document))}


def _read_row(document) -> ratings.Row:
    player, mu, sigma, *counts = _list(document, 8)
    _ints([player])
    _floats([mu, sigma])
    games, wins, places, streak, needs = _counts(counts)
    return ratings.Row(player, ratings.Rating(mu, sigma), games=games, wins=wins, places=places,
                       streak=streak, needs=needs)  # fmt: skip


def _read_pairs(document) -> dict[tuple[int, int], ratings.Pair]:
    numbers = _ints(document)
    if len(numbers) % 6 or min(numbers[2::6] + numbers[3::6] + numbers[4::6] + numbers[5::6],
                               default=0) < 0:  # fmt: skip
        raise Unreadable("not pairs")
    pairs = {}
    for at in range(0, len(numbers), 6):
        first, second, *counts = numbers[at : at + 6]
        pairs[first, second] = ratings.Pair(*counts)
    return pairs


def _read_history(document) -> dict[int, list[tuple[int, float]]]:
    history = {}
    for entry in _list(document):
        player, indices, ordinals = _list(entry, 3)
        _ints([player])
        indices, ordinals = _unpacked("q", indices), _unpacked("d", ordinals)
        if len(indices) != len(ordinals) or min(indices, default=0) < 0:
            raise Unreadable("not a history")
        if not math.isfinite(sum(ordinals)):  # NaN or an infinity anywhere makes it not finite
            raise Unreadable("not a history")
        history[player] = list(zip(indices, ordinals, strict=True))
    return history


def _unpacked(code, text):
    """The numbers _packed wrote as `text`: whatever its bytes, only numbers come out."""
    if type(text) is not str:
        raise Unreadable("not packed numbers")
    numbers = array(code)
    try:  # binascii.Error: not base64; ValueError: not a whole number of 8 bytes
        numbers.frombytes(base64.b64decode(text, validate=True))
    except (binascii.Error, ValueError) as error:
        raise Unreadable("not packed numbers") from error
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers.tolist()


def _indices(history):
    return ([index for index, _ordinal in found] for found in history.values())


def _dates(document) -> list[datetime]:
    if not set(map(type, _list(document))) <= {str}:
        raise Unreadable("a date that is not text")
    try:
        found = list(map(datetime.fromisoformat, document))
    except ValueError as error:
        raise Unreadable("not a date") from error
    if None in {moment.tzinfo for moment in found}:  # compared with the games' aware starts
        raise Unreadable("a date without its time zone")
    return found


def _by_kind(document):
    """[[kind, value], ...] as (kind, value) pairs: a kind the rules know, once each."""
    found = [_list(item, 2) for item in _list(document)]
    kinds = [kind for kind, _value in found]
    known = all(type(kind) is str and kind in rules.RULESETS for kind in kinds)
    if not known or len(set(kinds)) != len(kinds):
        raise Unreadable("a game kind the rules do not know, or twice")
    return found


def _object(value, *keys):
    if type(value) is not dict or value.keys() != set(keys):
        raise Unreadable(f"not an object of {', '.join(keys)}")
    return value


def _list(value, size=None):
    if type(value) is not list or (size is not None and len(value) != size):
        raise Unreadable("not a list" if size is None else f"not a list of {size}")
    return value


# Each list is checked whole, by the types it holds (`type`, not isinstance: JSON's true is
# not a 1 here), not number by number: 20,000 games' thousands of numbers in milliseconds.


def _ints(values):
    if not set(map(type, _list(values))) <= {int}:
        raise Unreadable("not whole numbers")
    return values


def _counts(values):
    if min(_ints(values), default=0) < 0:
        raise Unreadable("a count below zero")
    return values


def _floats(values):
    # A sum with a NaN or an infinity in it is not finite (the parser reads 1e999 as one).
    if not set(map(type, _list(values))) <= {float} or not math.isfinite(sum(values)):
        raise Unreadable("not decimal numbers")
    return values
