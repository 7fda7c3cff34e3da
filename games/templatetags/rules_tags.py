"""What the rule pages need beyond Django's filters."""

from django import template
from django.utils.translation import pgettext_lazy

register = template.Library()

PLACES = {
    1: pgettext_lazy("display card", "%(number)sst"),
    2: pgettext_lazy("display card", "%(number)snd"),
    3: pgettext_lazy("display card", "%(number)srd"),
}
OTHER_PLACE = pgettext_lazy("display card", "%(number)sth")


@register.filter
def ordinal(number):
    """The place of a display card, 1st to 4th. Not humanize's: French needs 1re here, for a
    card, where humanize writes 1er."""
    return PLACES.get(number, OTHER_PLACE) % {"number": number}
