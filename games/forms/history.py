"""Forms of the history pages: the filters (GET) and the backup upload."""

import json

from django import forms
from django.utils.translation import gettext_lazy as _

from games import search
from games.archive import backup
from games.models import Kind, Player
from games.wording import collation_key

PLAYING, FINISHED = "playing", "finished"


class HistoryFilterForm(forms.Form):
    player = forms.ModelChoiceField(
        label=_("Player"), queryset=Player.objects.none(), required=False, empty_label=_("Everyone")
    )
    game = forms.ChoiceField(
        label=_("Game"), required=False, choices=[("", _("Every game")), *Kind.choices]
    )
    status = forms.ChoiceField(
        label=_("Status"),
        required=False,
        choices=[("", _("All games")), (PLAYING, _("In progress")), (FINISHED, _("Finished"))],
    )

    search = forms.CharField(
        label=_("Place or note"), required=False, max_length=100,
        widget=forms.TextInput(attrs={"type": "search"}),
    )  # fmt: skip

    def __init__(self, owner, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        field.queryset = owner.players.seated()
        # offered in the language's dictionary order (Ömer before Zoé), not the database's
        players = sorted(field.queryset, key=lambda player: collation_key(player.name))
        field.choices = [("", field.empty_label)] + [
            (player.pk, field.label_from_instance(player)) for player in players
        ]

    def filter(self, games):
        """`games` narrowed by the valid filters; all of them when the form is not valid."""
        if not self.is_valid():
            return games
        if self.cleaned_data.get("player") is not None:
            games = games.filter(players=self.cleaned_data["player"])
        if self.cleaned_data.get("game"):
            games = games.filter(kind=self.cleaned_data["game"])
        if self.cleaned_data.get("status") == FINISHED:
            games = games.finished()
        elif self.cleaned_data.get("status") == PLAYING:
            games = games.in_progress()
        if words := self.cleaned_data.get("search", "").strip():
            games = search.containing(games, words, "place", "note")
        return games


class BackupImportForm(forms.Form):
    backup = forms.FileField(
        label=_("Backup file (JSON, as downloaded from the history page)"),
        widget=forms.ClearableFileInput(attrs={"accept": "application/json,.json"}),
    )

    def clean_backup(self):
        # Its size was checked with the request's (scorekeeper/middleware.py).
        upload = self.cleaned_data["backup"]
        try:
            data = json.loads(upload.read().decode("utf-8-sig"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise forms.ValidationError(
                _("This file is not a JSON backup: nothing was imported.")
            ) from None
        games, problems = backup.read(data)
        if problems:
            raise forms.ValidationError(problems)
        return games
