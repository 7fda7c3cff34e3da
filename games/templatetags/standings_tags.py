"""The group's table and the nights name players by their pk: their names, read once a page."""

from django import template

register = template.Library()


@register.filter
def name_of(names, pk):
    """`names[pk]`: the name of a player of the roster."""
    return names.get(pk, "?")


@register.filter
def names_of(names, pks):
    return [names.get(pk, "?") for pk in pks]
