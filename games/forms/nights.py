"""The night a game belongs to: another of the account's nights, or a new one."""

from django import forms
from django.utils import formats, timezone
from django.utils.translation import gettext_lazy as _

from games.forms.fields import TextLinesField
from games.models import LINE_MAX_LENGTH
from games.nights import shown

NEW = "new"
# The nights offered around a game's own: the owner moves a game to a night near it.
OFFERED = 20


def night_name(night):
    """A night as people tell them apart: its label, or its date in the reader's time zone
    (the account's: common/zones.py)."""
    day = formats.date_format(timezone.localtime(night.start), "DATE_FORMAT")
    return f"{night.label} ({day})" if night.label else day


class NightForm(forms.Form):
    night = forms.ChoiceField(label=_("Night"))

    def __init__(self, game, *args, **kwargs):
        kwargs.setdefault("initial", {"night": game.night_id})
        super().__init__(*args, **kwargs)
        nights = shown(game.owner.nights.all())  # not one an import still fills
        before = nights.filter(start__lte=game.created_at)[:OFFERED]
        after = nights.filter(start__gt=game.created_at).order_by("start")[:OFFERED]
        self.nights = {night.pk: night for night in [*reversed(after), *before]}
        choices = [(str(pk), night_name(night)) for pk, night in self.nights.items()]
        self.fields["night"].choices = [*choices, (NEW, _("A new night, with this game"))]

    def clean_night(self):
        """The chosen Night, or None for a new one."""
        chosen = self.cleaned_data["night"]
        return None if chosen == NEW else self.nights[int(chosen)]


class NightLabelForm(forms.Form):
    """A night's name ("Anaïs's birthday"), optional: checked like a game's place."""

    label = TextLinesField(
        label=_("Name of the night"), required=False, lines=False, max_length=LINE_MAX_LENGTH
    )
