"""Text searched whatever its case and accents, in any alphabet ("zoe" finds "Zoé", "été"
finds "ÉTÉ").

Both sides are folded the same way: upper case, then each accented letter to its bare letter
("É" to "E", "Ł" to "L"). PostgreSQL folds with UPPER() and TRANSLATE() through a table drawn
here from Unicode's own decompositions, so it needs no extension (unaccent wants one);
SQLite's UPPER() knows only ASCII, so each of its connections gets Python's fold instead
(games/apps.py).
"""

import unicodedata
from functools import cache

from django.db.models import Func, Q, TextField, Value

SQLITE_FOLD = "scorekeeper_fold"

# Letters whose bare form Unicode does not give by decomposition; one letter each, since
# TRANSLATE() maps a character to a character.
_BARE = {"Ł": "L", "Ø": "O", "Đ": "D", "Ħ": "H", "Ŧ": "T", "Ŀ": "L"}


def _bare(letter):
    if letter in _BARE:
        return _BARE[letter]
    decomposed = unicodedata.normalize("NFD", letter)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return bare if len(bare) == 1 and bare != letter else None


@cache
def accent_table():
    """(accented, bare): the upper-case letters of the Latin blocks and Greek that fold."""
    pairs = []
    for code in range(0xC0, 0x3FF + 1):
        letter = chr(code)
        if letter != letter.upper() or not letter.isalpha():
            continue
        if (bare := _bare(letter)) is not None:
            pairs.append((letter, bare))
    return "".join(a for a, _ in pairs), "".join(b for _, b in pairs)


def fold(text):
    """What both sides of a search are compared as."""
    if text is None:
        return None
    upper = text.upper()
    return "".join(_BARE.get(c) or _strip(c) for c in upper)


def _strip(char):
    if char.isascii():
        return char
    decomposed = unicodedata.normalize("NFD", char)
    return "".join(c for c in decomposed if not unicodedata.combining(c)) or char


def add_sqlite_fold(sender, connection, **kwargs):
    """connection_created: SQLite's connection learns Python's fold."""
    if connection.vendor == "sqlite":
        connection.connection.create_function(SQLITE_FOLD, 1, fold, deterministic=True)


class Folded(Func):
    output_field = TextField()
    arity = 1

    def as_sql(self, compiler, connection, **extra):
        accented, bare = accent_table()
        translated = Func(
            Func(*self.source_expressions, function="UPPER"),
            Value(accented),
            Value(bare),
            function="TRANSLATE",
            output_field=TextField(),
        )
        return compiler.compile(translated)

    def as_sqlite(self, compiler, connection, **extra):
        return super().as_sql(compiler, connection, function=SQLITE_FOLD, **extra)


def containing(queryset, words, *fields):
    """The rows of `queryset` where one of `fields` holds `words`, whatever the case and
    accents."""
    aliases = {f"{field}_folded": Folded(field) for field in fields}
    query = Q()
    for alias in aliases:
        query |= Q(**{f"{alias}__contains": fold(words)})
    return queryset.alias(**aliases).filter(query)
