"""Who is asking: read on every signed-in page."""

import functools

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.db import connections, router


class UserBackend(ModelBackend):
    """Django's ModelBackend, reading the user with plain SQL: building the ORM query cost
    more than a whole bare page, on every signed-in request (docs/benchmarks.md)."""

    def get_user(self, user_id):
        model = get_user_model()
        db = router.db_for_read(model)
        row = read_row(connections[db], model, user_id)
        if row is None:
            return None
        user = model.from_db(db, [field.attname for field in model._meta.concrete_fields], row)
        return user if self.user_can_authenticate(user) else None


def read_row(connection, model, pk):
    """The values of `model`'s row `pk`, converted as the ORM would, or None."""
    sql, conversions = select_by_pk(connection.alias, connection.vendor, model)
    with connection.cursor() as cursor:
        cursor.execute(sql, [pk])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    # the database's own types (SQLite's 0/1 booleans and naive times) into the fields'
    for index, column, converters in conversions:
        for convert in converters:
            values[index] = convert(values[index], column, connection)
    return values


@functools.cache
def select_by_pk(alias, vendor, model):
    """The SQL reading one row of `model`, and the converters of its columns that have some."""
    connection = connections[alias]
    quote = connection.ops.quote_name
    table = model._meta.db_table
    columns = [field.get_col(table) for field in model._meta.concrete_fields]
    select = ", ".join(quote(column.target.column) for column in columns)
    sql = f"SELECT {select} FROM {quote(table)} WHERE {quote(model._meta.pk.column)} = %s"
    conversions = []
    for index, column in enumerate(columns):
        converters = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if converters:
            conversions.append((index, column, converters))
    return sql, conversions
