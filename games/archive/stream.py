"""A backup file read as a stream (ijson), never whole: first counted, then a game at a time.

`count` reads the file once without building anything, and stops at the first limit crossed
(games, rounds in one game, numbers typed): a forged 10 MB file is refused in a fraction of a
second, before any game is replayed by the rules. `games` then reads it again, one game in
memory at a time, for games/archive/tasks.py to check and write.

The counts are taken on ijson's paths ("item.rounds.item"): a key written with dots in a
forged file can only add to them, never hide a real round, so the limits hold.
"""

from dataclasses import dataclass

import ijson
from django.utils.translation import gettext as _

from games.archive.backup import MAX_ENTRIES, MAX_GAMES, MAX_ROUNDS, Refused

BOM = b"\xef\xbb\xbf"  # written by some editors before UTF-8 text; json.loads took it too
ITEM_INSIDE = ("map_key", "end_map", "end_array")  # an item's events after its start


@dataclass
class Counted:
    games: int = 0
    entries: int = 0  # numbers typed, every game's rounds together
    rounds: int = 0  # in the game being read


def count(stream) -> Counted:
    """The games and numbers typed of the file; Refused at the first limit crossed, or if it
    is not JSON holding a list."""
    counted, first = Counted(), True
    for prefix, event, _value in _events(stream):
        if first and (prefix, event) != ("", "start_array"):
            raise Refused(_not_a_list())
        first = False
        if prefix == "item" and event not in ITEM_INSIDE:  # each item, a game or not
            counted.games, counted.rounds = counted.games + 1, 0
            _check(counted.games, MAX_GAMES, _too_many_games)
        elif prefix == "item.rounds.item" and event == "start_map":
            counted.rounds += 1
            _check(counted.rounds, MAX_ROUNDS, _too_many_rounds, counted.games)
        elif prefix == "item.rounds.item.entries" and event == "map_key":
            counted.entries += 1
            _check(counted.entries, MAX_ENTRIES, _too_many_numbers)
    if first:
        raise _not_json()
    return counted


def games(stream):
    """The games of the file, parsed one at a time (as json.loads would give each)."""
    try:
        yield from ijson.items(WithoutBom(stream), "item", use_float=True)
    except (ijson.JSONError, UnicodeDecodeError, ValueError):
        raise _not_json() from None


def _events(stream):
    try:
        yield from ijson.parse(WithoutBom(stream), use_float=True)
    except (ijson.JSONError, UnicodeDecodeError, ValueError):
        raise _not_json() from None


def _check(found, limit, refusal, game=None):
    if found > limit:
        raise Refused(refusal() % {"max": limit, "index": game})


def _too_many_games():
    return _("This file holds more than %(max)s games; at most %(max)s can be imported at once.")


def _too_many_rounds():
    return _("Game %(index)s has more than %(max)s rounds: no real game is that long.")


def _too_many_numbers():
    return _(
        "This file holds more than %(max)s numbers typed; at most %(max)s can be imported at once."
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
