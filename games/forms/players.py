"""Forms of a player's pages: a new name, and the player to merge them into."""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from common import names
from common.names import collation_key
from games.forms.fields import NameField
from games.models import Seat
from games.services.players import games_together


class RenameForm(forms.Form):
    name = NameField(label=_("New name"))

    def __init__(self, player, *args, **kwargs):
        kwargs.setdefault("initial", {"name": player.name})
        super().__init__(*args, **kwargs)
        self.player = player

    def clean_name(self):
        """As at the new-game form: no name that looks like another player's, since the
        roster would then offer two players no one can tell apart (and the same table
        could seat both)."""
        name = self.cleaned_data["name"]
        others = self.player.owner.players.seated().exclude(pk=self.player.pk)
        other = names.look_alike(name, others.values_list("name", flat=True))
        if other is not None:
            message = _(
                "%(name)s looks just like %(other)s, another of your players: choose a name "
                "that tells them apart, or merge the two players if they are one person."
            )
            raise forms.ValidationError(message, params={"name": name, "other": other})
        return name


SHOWN_TOGETHER = 10


class PlayerChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        return obj.name


class MergeForm(forms.Form):
    into = PlayerChoice(label=_("The same person as"), queryset=None, empty_label="—")

    def __init__(self, player, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.player = player
        field = self.fields["into"]
        field.queryset = player.owner.players.seated().exclude(pk=player.pk)
        # offered in the language's dictionary order, as the roster is
        others = sorted(field.queryset, key=lambda other: collation_key(other.name))
        field.choices = [("", field.empty_label)] + [(o.pk, o.name) for o in others]

    def clean_into(self):
        into = self.cleaned_data["into"]
        # the games to show beside the refusal, so that they can be looked at
        self.together = list(games_together(self.player, into)[:SHOWN_TOGETHER])
        if self.together:
            count = games_together(self.player, into).count()
            raise forms.ValidationError(played_together(self.player, into, count))
        other = names.look_alike(into.name, self._names_at_tables())
        if other is not None:  # "Anne" would sit beside an "Аnne" (a Cyrillic А)
            message = _(
                "%(other)s played at a table of %(name)s and looks just like %(into)s: "
                "rename one of them first."
            )
            params = {"other": other, "name": self.player.name, "into": into.name}
            raise forms.ValidationError(message, params=params)
        return into

    def _names_at_tables(self):
        """The names of those who sat at a table of the player's, the player aside."""
        seats = Seat.objects.filter(game__seat__player=self.player).exclude(player=self.player)
        return seats.values_list("player__name", flat=True).distinct()


def played_together(player, into, count):
    """Why two players cannot be merged: they sat at one table."""
    message = ngettext(
        "%(name)s and %(other)s played %(count)s game together, and a game cannot seat one "
        "person twice: they stay two players. If that game was typed with a wrong name, "
        "delete it first.",
        "%(name)s and %(other)s played %(count)s games together, and a game cannot seat one "
        "person twice: they stay two players. If those games were typed with a wrong name, "
        "delete them first.",
        count,
    )
    return message % {"name": player.name, "other": into.name, "count": count}


class CompareForm(forms.Form):
    """The other player of a comparison: any other player of the roster (a GET form)."""

    other = PlayerChoice(label=_("Compare with"), queryset=None, empty_label="—")

    def __init__(self, player, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["other"]
        field.queryset = player.owner.players.seated().exclude(pk=player.pk)
        others = sorted(field.queryset, key=lambda other: collation_key(other.name))
        field.choices = [("", field.empty_label)] + [(o.pk, o.name) for o in others]
