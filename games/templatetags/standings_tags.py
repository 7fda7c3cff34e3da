"""The group's table and the nights name players by their pk: their names, read once a page."""

from django import template
from django.utils import formats

from games.reports import rows

register = template.Library()


@register.filter
def name_of(names, pk):
    """`names[pk]`: the name of a player of the roster."""
    return names.get(pk, "?")


@register.filter
def names_of(names, pks):
    return [names.get(pk, "?") for pk in pks]


@register.filter
def rating(row):
    """The rating a person reads for a row of the table (reports/rows.shown_rating), its
    thousands grouped as the reader's language writes them: 1,072, 1 072."""
    return grouped(rows.shown_rating(row.ordinal))


@register.filter
def grouped(number):
    return formats.number_format(number, force_grouping=True)


@register.filter
def provisional(row):
    """Whether a row's rating is still settling (reports/rows.TableRow.provisional)."""
    return rows.provisional(row)
