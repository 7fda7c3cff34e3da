"""A backup file read as a stream (ijson), never whole: first counted, then a game at a time.

Both passes read ijson's basic events through `Shape`, which knows how a backup is built and
refuses, at the first event that breaks it, anything deeper, wider or longer than a backup
can be: lists and objects nested past MAX_DEPTH, a game's list or object of more than
MAX_MEMBERS items, a game of more than MAX_GAME_VALUES values, a key or a text longer than
MAX_KEY or MAX_TEXT. It keeps one small record per level open, and there are at most
MAX_DEPTH of them, so a file of 60,000 brackets costs what a file of five does. (ijson's
`parse` and `items` build a path string per level: memory that grows with the square of the
depth.) Bounded by shape as well as size, a game built from the file holds a few MB at most.

A backup is an object whose "games" is that list of games; its other members are derived
from the games by the app (games/archive/export.py: nights, standings), so the import reads
past them, checked only for depth and the length of their keys and texts (`Document`). A list
of games alone, as backups were before nights, is read as the list of games.

`count` builds nothing, and stops at the first limit crossed (games, rounds in one game,
numbers typed): a forged 10 MB file is refused in a second or two, before any game is
replayed by the rules. `games` then reads it again, one game in memory at a time, for
games/archive/tasks.py to check and write.
"""

from collections import deque
from dataclasses import dataclass

import ijson
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from ijson.common import ObjectBuilder

from games.archive.backup import MAX_ENTRIES, MAX_GAMES, MAX_ROUNDS, Refused
from games.models import NAME_MAX_LENGTH, NOTE_MAX_LENGTH

BOM = b"\xef\xbb\xbf"  # written by some editors before UTF-8 text; json.loads took it too
# The file's list, a game, its rounds, a round, its entries: a backup has no deeper level.
MAX_DEPTH = 5
MAX_MEMBERS = 100  # in any list or object of a game but its rounds (players, a round...)
# Keys and values of one game: 500 rounds of 6 players take some 25,000.
MAX_GAME_VALUES = 50_000
# Room for what cleaning removes (white space): the reader refuses the rest in its words.
MAX_KEY = 4 * NAME_MAX_LENGTH  # a player's name, in a round's entries
MAX_TEXT = 4 * NOTE_MAX_LENGTH
# Bytes given to the parser at once. The games that end in a piece are built before the first
# is handed on, so pieces are small; but a token cut by the end of a piece is lexed again from
# its start with the next (yajl), so a 10 MB text would cost (10 MB / piece) times its length:
# a piece in which the parser found nothing is followed by one twice as big, up to LARGEST.
PIECE = 64 * 1024
LARGEST_PIECE = 1024 * 1024
# The backup's object, a night's list of them, a night, its standings, a game's rows, a row.
DOCUMENT_DEPTH = 6
STARTS = ("start_map", "start_array")
ENDS = ("end_map", "end_array")


@dataclass
class Counted:
    games: int = 0
    entries: int = 0  # numbers typed, every game's rounds together


@dataclass
class Level:
    """A list or an object open in the file, and its items so far."""

    is_map: bool
    limit: int
    refusal: object  # the message when it holds more than `limit` items
    members: int = 0
    key: str | None = None  # in an object: the key whose value is being read


class Shape:
    """The levels open in the file, checked event by event against a backup's shape. (Called
    for every event of the file: held to plain attributes and few calls.)"""

    def __init__(self):
        self.levels, self.depth, self.games, self.values = [], 0, 0, 0

    def in_rounds(self):
        """Whether the parser is inside a game's rounds."""
        return self.depth >= 3 and self.levels[1].key == "rounds"

    def see(self, event, value):
        """Check `event`, before anything is built for it; Refused if it breaks the shape."""
        if event == "map_key":
            if len(value) > MAX_KEY:
                self._refuse(_too_long, MAX_KEY)
            self.levels[-1].key = value
            self._member()
        elif event in ENDS:
            self.levels.pop()
            self.depth -= 1
        else:
            if self.depth == 1:
                self.games, self.values = self.games + 1, 0
            elif not self.depth and event != "start_array":
                raise Refused(_not_a_list())
            if self.depth and not self.levels[-1].is_map:
                self._member()
            if event in STARTS:
                self._open(event == "start_map")
            elif isinstance(value, str) and len(value) > MAX_TEXT:
                self._refuse(_too_long, MAX_TEXT)

    def _member(self):
        level = self.levels[-1]
        level.members += 1
        if level.members > level.limit:
            self._refuse(level.refusal, level.limit)
        if self.depth >= 2:
            self.values += 1
            if self.values > MAX_GAME_VALUES:
                self._refuse(_too_many_values, MAX_GAME_VALUES)

    def _refuse(self, refusal, limit):
        raise Refused(refusal(limit) % {"max": limit, "index": self.games})

    def _open(self, is_map):
        if self.depth >= MAX_DEPTH:
            raise Refused(_too_deep(MAX_DEPTH) % {"max": MAX_DEPTH})
        if not self.depth:
            limit, refusal = MAX_GAMES, _too_many_games
        elif self.depth == 2 and not is_map and self.levels[1].key == "rounds":
            limit, refusal = MAX_ROUNDS, _too_many_rounds
        else:
            limit, refusal = MAX_MEMBERS, _too_wide
        self.levels.append(Level(is_map, limit, refusal))
        self.depth += 1


class Document:
    """The file's top level: an object whose "games" list goes to `see_games` (a `Shape`'s
    reader) and whose other members are read past, checked for shape only; or a list of games
    alone, which goes to `see_games` whole."""

    def __init__(self, see_games):
        self.see_games = see_games
        self.whole = False  # a list of games alone: every event is the games'
        self.depth = 0  # levels of the object open, the object's own included
        self.key, self.found = None, False
        self.in_games = 0  # levels of its games list open

    def see(self, event, value):
        if self.whole:
            self.see_games(event, value)
        elif self.in_games:
            self.see_games(event, value)
            self.in_games += (event in STARTS) - (event in ENDS)
        elif not self.depth:
            self._top(event, value)
        elif self.depth == 1 and event == "end_map":
            if not self.found:
                raise Refused(_not_a_list())
            self.depth = 0
        elif self.depth == 1 and self.key == "games" and event != "map_key":
            if self.found or event != "start_array":
                raise Refused(_not_a_list())
            self.found, self.in_games = True, 1
            self.see_games(event, value)
        else:
            self._past(event, value)

    def _top(self, event, value):
        if event == "start_map":
            self.depth = 1
        else:
            self.whole = True
            self.see_games(event, value)

    def _past(self, event, value):
        """A member other than the games: its levels and texts are checked, nothing stored."""
        if event in STARTS:
            self.depth += 1
            if self.depth > DOCUMENT_DEPTH:
                raise Refused(_too_deep(DOCUMENT_DEPTH) % {"max": DOCUMENT_DEPTH})
        elif event in ENDS:
            self.depth -= 1
        elif event == "map_key":
            if len(value) > MAX_KEY:
                raise Refused(_too_long_beside(MAX_KEY) % {"max": MAX_KEY})
            if self.depth == 1:
                self.key = value
        elif isinstance(value, str) and len(value) > MAX_TEXT:
            raise Refused(_too_long_beside(MAX_TEXT) % {"max": MAX_TEXT})


def count(stream) -> Counted:
    """The games and numbers typed of the file; Refused at the first limit crossed, or if it
    is not JSON holding a list of a backup's shape."""
    shape, counted = Shape(), Counted()

    def see(event, value):
        shape.see(event, value)
        # a key of a round's entries: the file's list, a game, rounds, a round, its entries
        if event == "map_key" and shape.depth == 5 and shape.in_rounds():
            counted.entries += shape.levels[3].key == "entries"
            _check(counted.entries, MAX_ENTRIES, _too_many_numbers)

    for _piece in _parse(stream, Document(see).see):
        pass
    counted.games = shape.games
    return counted


def games(stream):
    """The games of the file, built one at a time (as json.loads would give each)."""
    shape, built, builder = Shape(), deque(), None

    def see(event, value):
        nonlocal builder
        shape.see(event, value)
        if builder is None:
            # an item of the file's list starts where a value is read one level down
            if event in ENDS or shape.depth - (event in STARTS) != 1:
                return
            builder = ObjectBuilder()
        builder.event(event, value)
        if shape.depth == 1:  # the item ended (or was a single value)
            built.append(builder.value)
            builder = None

    for _piece in _parse(stream, Document(see).see):
        while built:
            yield built.popleft()


def _parse(stream, see):
    """Feed `stream` to ijson's parser a piece at a time, yielding after each. The parser calls
    `see` with each event as it finds it (not once a piece is parsed, which would build an
    event for each of a piece's brackets), so a refusal stops it at once."""
    found = [0]  # events, the file's so far
    parser = ijson.basic_parse_coro(_calling(see, found), use_float=True)
    reader, piece = WithoutBom(stream), PIECE
    try:
        while data := reader.read(piece):
            before = found[0]
            parser.send(data)
            piece = PIECE if found[0] > before else min(2 * piece, LARGEST_PIECE)
            yield
        parser.close()
    except Refused:
        raise
    except (ijson.JSONError, UnicodeDecodeError, ValueError):  # ValueError: a 5,000-digit int
        raise _not_json() from None


def _calling(see, found):
    """A coroutine that hands each event it is sent to `see`, and counts them in `found`."""

    def receive():
        while True:
            see(*(yield))
            found[0] += 1

    receiver = receive()
    next(receiver)
    return receiver


def _check(found, limit, refusal, game=None):
    if found > limit:
        raise Refused(refusal(limit) % {"max": limit, "index": game})


# Each refusal is counted by its limit (a setting may make it 1): Polish says 2 gry, 5 gier.
def _too_many_games(limit):
    return ngettext(
        "This file holds more than %(max)s game; at most %(max)s can be imported at once.",
        "This file holds more than %(max)s games; at most %(max)s can be imported at once.",
        limit,
    )


def _too_many_rounds(limit):
    return ngettext(
        "Game %(index)s has more than %(max)s round: no real game is that long.",
        "Game %(index)s has more than %(max)s rounds: no real game is that long.",
        limit,
    )


def _too_many_numbers(limit):
    return ngettext(
        "This file holds more than %(max)s number typed; at most %(max)s can be imported at once.",
        "This file holds more than %(max)s numbers typed; at most %(max)s can be imported at once.",
        limit,
    )


def _too_wide(limit):
    return ngettext(
        "Game %(index)s holds a list of more than %(max)s item: no real game has one.",
        "Game %(index)s holds a list of more than %(max)s items: no real game has one.",
        limit,
    )


def _too_many_values(limit):
    return ngettext(
        "Game %(index)s holds more than %(max)s value: no real game is that big.",
        "Game %(index)s holds more than %(max)s values: no real game is that big.",
        limit,
    )


def _too_long(limit):
    return ngettext(
        "Game %(index)s holds a text of more than %(max)s character: no real game has one.",
        "Game %(index)s holds a text of more than %(max)s characters: no real game has one.",
        limit,
    )


def _too_long_beside(limit):
    return ngettext(
        "This file holds, beside its games, a text of more than %(max)s character: "
        "no backup has one.",
        "This file holds, beside its games, a text of more than %(max)s characters: "
        "no backup has one.",
        limit,
    )


def _too_deep(limit):
    return ngettext(
        "This file is not a Scorekeeper backup: its lists are nested more than %(max)s level deep.",
        "This file is not a Scorekeeper backup: its lists are nested more than %(max)s levels "
        "deep.",
        limit,
    )


def _not_a_list():
    return _("This file is not a Scorekeeper backup: it should hold a list of games.")


def _not_json():
    return Refused(_("This file is not a JSON backup: nothing was imported."))


class WithoutBom:
    """`stream` less a leading byte-order mark."""

    def __init__(self, stream):
        self.stream, self.start = stream, True

    def read(self, size=-1):
        data = self.stream.read(size)
        if self.start and data:  # ijson first reads 0 bytes, to tell bytes from text
            self.start = False
            if data.startswith(BOM):
                data = data[len(BOM) :] or self.stream.read(size)
        return data
