"""{{ total|minus }}: a displayed number with a real minus sign; {{ column|chip_columns:players }}.

Every number a page shows goes through `minus`, never the values of fields, JSON or CSV.
"""

from django import template

from games import numbers

register = template.Library()


@register.filter
def minus(value):
    return numbers.shown(value)


@register.filter
def chip_columns(column, players):
    """{{ column|chip_columns:players }}: chips to a row in this column's total."""
    chips = sum(column.get(colour, 0) for colour in ("pink", "black", "white"))
    return numbers.chip_columns(chips, int(players))
