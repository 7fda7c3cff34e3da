"""Forms of the history pages: the filters (GET) and the backup upload."""

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from common.names import collation_key
from games import search
from games.archive import tasks
from games.models import Kind, Player
from jobs.models import Chunk, Job

PLAYING, FINISHED = "playing", "finished"


class HistoryFilterForm(forms.Form):
    player = forms.ModelChoiceField(
        label=_("Player"), queryset=Player.objects.none(), required=False, empty_label=_("Everyone")
    )
    game = forms.ChoiceField(
        label=_("Game"),
        required=False,
        # Any of the games (L.L.A.M.A., Llama Llama); the nights page's "Every game" is a link
        # to all the games played, a word apart in French and Polish.
        choices=[("", pgettext_lazy("filter: any of the games", "Every game")), *Kind.choices],
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
            games = search.containing(games, words, "venue", "note")
        return games


class BackupImportForm(forms.Form):
    """A backup to import: only stored with its job here, and read by the worker
    (games/archive/tasks.py), which tells the outcome on the job's page. The account's limits
    were checked before the file was read (games/archive/quota.py's claim_import)."""

    backup = forms.FileField(
        label=_("Backup file (JSON, as downloaded from the history page)"),
        widget=forms.ClearableFileInput(attrs={"accept": "application/json,.json"}),
    )

    def __init__(self, owner, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.owner = owner
        self.running = owner.jobs.filter(kind=Job.Kind.IMPORT).active().first()

    @classmethod
    def refused(cls, owner, refusal):
        """The form as an upload refused unread leaves it: the reason beside the field."""
        form = cls(owner, data={}, files={})
        form.full_clean()
        form._errors["backup"] = form.error_class([refusal])
        return form

    def clean_backup(self):
        # The request's size was checked before it was read (scorekeeper/middleware.py).
        upload = self.cleaned_data["backup"]
        if upload.size > settings.UPLOAD_MAX_BYTES:
            raise forms.ValidationError(_("This file is too big to be a backup."))
        return upload

    def save(self, job):
        """Store the file in `job` (claimed by the view) and queue its task; False if the job
        was given up meanwhile."""
        if not job.received(Chunk.Part.UPLOAD, self.cleaned_data["backup"].chunks()):
            self.add_error("backup", _("The upload took too long: send the file again."))
            return False
        job.queued_as(tasks.import_backup.enqueue(job.pk))
        return True
