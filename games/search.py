"""Text searched whatever its case, in any alphabet ("été" finds "ÉTÉ").

PostgreSQL's UPPER() knows every letter; SQLite's, and its LIKE, only the ASCII ones. On
SQLite each connection gets a function of Python's own upper() for it (games/apps.py).
"""

from django.db.models import Func, Q, TextField

SQLITE_UPPER = "scorekeeper_upper"


def _upper(text):
    return None if text is None else text.upper()


def add_sqlite_upper(sender, connection, **kwargs):
    """connection_created: SQLite's connection learns Python's upper()."""
    if connection.vendor == "sqlite":
        connection.connection.create_function(SQLITE_UPPER, 1, _upper, deterministic=True)


class Upper(Func):
    function = "UPPER"
    output_field = TextField()

    def as_sqlite(self, compiler, connection, **extra):
        return super().as_sql(compiler, connection, function=SQLITE_UPPER, **extra)


def containing(queryset, words, *fields):
    """The rows of `queryset` where one of `fields` holds `words`, whatever the case."""
    aliases = {f"{field}_upper": Upper(field) for field in fields}
    query = Q()
    for alias in aliases:
        query |= Q(**{f"{alias}__contains": words.upper()})
    return queryset.alias(**aliases).filter(query)
