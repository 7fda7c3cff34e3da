"""The admin for past sessions: staff correct a game without ever breaking the rules.

A round's numbers are edited on the round's own page (entries are two levels below
the game); every save first replays the whole game through its ruleset (`Ruleset.fold_with`)
and is refused, naming the round, when the history it would leave is impossible; the check
reads the game with its row locked, as the services do (`locked`). Every change saved here
gives the games it touches a new version, once, itself (`changed`), so the sheets and the live
views show it at once, and settles whether the game is over (Game.settle) in the same
transaction.
"""

from django import forms
from django.contrib import admin
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.admin.utils import unquote
from django.contrib.admin.views.main import ChangeList
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Subquery
from django.forms.models import BaseInlineFormSet
from django.http import Http404, HttpResponseRedirect
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from common import names
from games import numbers, rules
from games.forms.fields import NameField
from games.models import Entry, Game, Player, Round, Seat
from games.refusals import describe, describe_all
from games.reports.folds import with_states
from games.services.games import delete_game
from games.services.rounds import StaleSheet, lock
from games.services.saves import SAVED, undo_round
from games.wording import and_list


def refusals(game, ruleset, replay):
    """The rules' reasons, in words, why `game` cannot be played by `ruleset` as `replay`
    (a fold of its rounds as they would be saved) plays it."""
    if (violation := ruleset.players_violation(len(game.seats))) is not None:
        return [describe(violation, game.names, ruleset)]
    try:
        replay()
    except rules.RoundRefused as refused:
        return describe_all(refused.violations, game.names, ruleset, change=True)
    return []


def changed(games):
    """The games `games` (a queryset) show something new: one new version each, for the one
    write the admin makes of them (its transaction: the whole request's)."""
    games.raise_version()


def locked(game):
    """`game` as stored now, its row locked as the services lock it (rounds.lock), so that
    a check here sees a round saved at the table meanwhile, and no round is saved at the table
    between this check and this save. The admin's views run in a transaction. A game deleted
    meanwhile is a 404, as its page would be."""
    try:
        return lock(game)
    except StaleSheet:
        raise Http404(gettext("This game was deleted meanwhile.")) from None


def counted(game, edited=None):
    """Once a change is saved: the game's one new version (the round `edited` written at it,
    so that an undo or an edit page opened before it changes nothing), and whether the game is
    over settled. Entries stay as typed: what a later return counts follows from the fold."""
    game = locked(game)  # read again: the rounds as this change leaves them
    changed(Game.objects.filter(pk=game.pk))
    if edited is not None:
        version = Game.objects.filter(pk=game.pk).values("version")[:1]
        Round.objects.filter(pk=edited.pk).update(version=Subquery(version))
    game.settle()


def seat_choices(game):
    return [("", "—")] + [(seat.position, seat.player.name) for seat in game.seats]


class FinishedFilter(admin.SimpleListFilter):
    """Finished or not, as the rules decided at the game's last write (Game.finished_at)."""

    title = _("finished")
    parameter_name = "finished"

    def lookups(self, request, model_admin):
        return [("yes", _("Finished")), ("no", _("In progress"))]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.finished()
        if self.value() == "no":
            return queryset.in_progress()
        return queryset


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ("seat_number", "player")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False  # a seat more or less would leave rounds without their entries

    @admin.display(description=_("seat"))
    def seat_number(self, obj):
        return obj.position + 1


class RoundInline(admin.TabularInline):
    model = Round
    fields = ("number", "entries_shown", "quitter", "created_at", "saver")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def get_queryset(self, request):
        rounds = super().get_queryset(request).select_related("saved_by", "game")
        return rounds.prefetch_related("entries__seat__player")

    @admin.display(description=_("saved by"))
    def saver(self, obj):
        return saved_by(obj)

    def has_add_permission(self, request, obj=None):
        return False  # rounds are added at the table, where the sheet asks the rules

    @admin.display(description=_("points typed (and what they count)"))
    def entries_shown(self, obj):
        entries = sorted(obj.entries.all(), key=lambda entry: entry.seat.position)
        counted = counted_points(obj.game, obj.number)
        return " · ".join(
            f"{entry.seat.player.name} {typed_and_counted(entry.value, points)}"
            for entry, points in zip(entries, counted or [None] * len(entries), strict=True)
        )

    @admin.display(description=_("last player to quit"))
    def quitter(self, obj):
        seats = {entry.seat.position: entry.seat.player.name for entry in obj.entries.all()}
        return seats.get(obj.last_to_quit, "—")


def counted_points(game, number):
    """What each entry of round `number` counts in `game`'s fold (beside the totals, which
    add these up), or None if the fold does not count it."""
    try:
        rounds = game.state.rounds
    except ValueError:  # rounds the rules refuse: what was typed is all there is to show
        return None
    return rounds[number - 1].points if number <= len(rounds) else None


def typed_and_counted(typed, points):
    """ "−10 (counts −1)" for a return that counts otherwise than typed; "5" for the rest."""
    if points is None or points == typed:
        return numbers.shown(typed)
    return gettext("%(typed)s (counts %(points)s)") % {
        "typed": numbers.shown(typed),
        "points": numbers.shown(points),
    }


def saved_by(round_):
    """Which link saved the round last: a scorer link, or the owner's account (the sheet,
    an import, or this admin)."""
    return str(round_.saved_by) if round_.saved_by else _("the owner’s account")


class GameAdminForm(forms.ModelForm):
    class Meta:
        model = Game
        fields = ("kind", "first_starter")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choices = seat_choices(self.instance)[1:]
        self.fields["first_starter"] = forms.TypedChoiceField(
            label=_("First starter"), choices=choices, coerce=int
        )

    def clean(self):
        """The rounds must stand under the game chosen (a game typed under the wrong rule can
        be moved to the right one) with the first starter chosen."""
        data = super().clean()
        if "first_starter" in data and "kind" in data:
            game, ruleset = locked(self.instance), rules.for_kind(data["kind"])
            rounds = game.as_rules_rounds()

            def replay():
                return ruleset.fold(len(game.seats), rounds, data["first_starter"])

            for message in refusals(game, ruleset, replay):
                self.add_error(None, message)
        return data


class GameChangeList(ChangeList):
    def get_results(self, request):
        super().get_results(request)
        # The states of the page's games, read at once (most of them kept in the cache).
        self.result_list = with_states(self.result_list)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    form = GameAdminForm
    list_display = (
        "__str__",
        "kind",
        "created_at",
        "owner",
        "players_list",
        "rounds_count",
        "finished",
        "winners",
    )
    list_filter = ("kind", ("created_at", admin.DateFieldListFilter), FinishedFilter, "owner")
    search_fields = ("players__name",)
    date_hierarchy = "created_at"
    fields = ("owner", "created_at", "kind", "first_starter", "totals", "winners", "changes")
    readonly_fields = ("owner", "created_at", "totals", "winners", "changes")
    inlines = [SeatInline, RoundInline]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("owner")

    def get_changelist(self, request, **kwargs):
        return GameChangeList

    def has_add_permission(self, request):
        return False  # games start at the table, with their players

    def save_model(self, request, obj, form, change):
        # Only what the form changes: writing back the whole row read earlier would undo a
        # round's end or a version drawn meanwhile by a phone at the table.
        obj.save(update_fields=form.changed_data)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        counted(form.instance)  # another game, or another first starter, may end it

    def delete_model(self, request, obj):
        delete_game(obj)  # as its owner deletes it: its night refreshed, or gone

    def delete_queryset(self, request, queryset):
        for game in queryset.select_related("owner"):
            delete_game(game)

    @admin.display(description=_("players"))
    def players_list(self, obj):
        return and_list(obj.names)

    @admin.display(description=_("rounds"))
    def rounds_count(self, obj):
        return len(obj.state.rounds)

    @admin.display(description=_("finished"), boolean=True, ordering="finished_at")
    def finished(self, obj):
        return obj.finished_at is not None

    @admin.display(description=_("who won"))
    def winners(self, obj):
        names = [obj.names[seat] for seat in obj.state.winners]
        if len(names) > 1:
            return gettext("shared victory: %(names)s") % {"names": and_list(names)}
        return names[0] if names else "—"

    @admin.display(description=_("totals"))
    def totals(self, obj):
        return " · ".join(
            f"{name} {total}" for name, total in zip(obj.names, obj.state.totals, strict=True)
        )

    @admin.display(description=_("changes made in the admin"))
    def changes(self, obj):
        entries = game_log(obj)
        if not entries:
            return "—"
        return format_html(
            "<ul>{}</ul>",
            format_html_join(
                "",
                "<li>{} — {} — {}</li>",
                (
                    (
                        formats.localize(timezone.localtime(entry.action_time)),
                        entry.user,
                        entry.get_change_message() or entry,
                    )
                    for entry in entries
                ),
            ),
        )


def game_log(game):
    """Who changed `game` or one of its rounds, and when (the Round admin logs on the game too)."""
    return list(
        LogEntry.objects.filter(
            content_type=ContentType.objects.get_for_model(Game), object_id=str(game.pk)
        )
        .select_related("user")
        .order_by("action_time", "pk")
    )


class EntryFormSet(BaseInlineFormSet):
    """Replays the game with the round as it would be saved: an impossible history is refused."""

    def clean(self):
        super().clean()
        if any(form.errors for form in self.forms):
            return
        round_, game = self.instance, locked(self.instance.game)
        by_seat = {form.instance.seat_id: form.cleaned_data.get("value") for form in self.forms}
        changed = rules.Round(tuple(by_seat.get(s.pk) for s in game.seats), round_.last_to_quit)

        def replay():
            rounds, first = game.as_rules_rounds(), game.first_starter
            return game.ruleset.fold_with(len(game.seats), rounds, round_.number, changed, first)

        # As the sheet asks of a round typed there: the rules' refusals, and what the table
        # must still say (who quit last when nobody emptied a hand), or the sheet would refuse
        # every later edit of this round.
        problems = refusals(game, game.ruleset, replay)
        missing = game.ruleset.missing_facts(changed)
        problems += describe_all(missing, game.names, game.ruleset)
        if problems:
            raise forms.ValidationError(problems)


class EntryAdminForm(forms.ModelForm):
    class Meta:
        model = Entry
        fields = ("value",)

    def clean_value(self):
        # Worded by the rules, as on the score sheet, next to the field; the database's
        # CheckConstraint would only say "violated" (it stays, as the last line of defence).
        value = self.cleaned_data["value"]
        ruleset = self.instance.round.game.ruleset
        violation = ruleset.value_violation(value)
        if violation is not None:
            raise forms.ValidationError(describe(violation, [], ruleset), code=violation.code)
        return value


class EntryInline(admin.TabularInline):
    model = Entry
    form = EntryAdminForm
    formset = EntryFormSet
    fields = ("seat", "value")
    readonly_fields = ("seat",)
    extra = 0
    can_delete = False

    def get_queryset(self, request):
        return (
            super().get_queryset(request).select_related("seat__player").order_by("seat__position")
        )

    def has_add_permission(self, request, obj=None):
        return False


class RoundAdminForm(forms.ModelForm):
    class Meta:
        model = Round
        fields = ("last_to_quit",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["last_to_quit"] = forms.TypedChoiceField(
            label=_("Last player to quit"),
            help_text=_("Starts the next round when nobody emptied their hand."),
            choices=seat_choices(self.instance.game),
            coerce=int,
            required=False,
            empty_value=None,
        )


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    form = RoundAdminForm
    inlines = [EntryInline]
    fields = ("game_link", "number", "last_to_quit", "created_at", "saver", "totals_after")
    readonly_fields = ("game_link", "number", "created_at", "saver", "totals_after")
    list_display = ("__str__", "game", "created_at", "saver")
    list_select_related = ("game", "saved_by")
    search_fields = ("game__players__name",)
    actions = None  # no bulk delete: only a game's last round may go

    def get_model_perms(self, request):
        return {}  # reached from its game's page, not listed on the admin index

    def has_add_permission(self, request):
        return False

    @admin.display(description=_("game"))
    def game_link(self, obj):
        url = reverse("admin:games_game_change", args=[obj.game_id])
        return format_html('<a href="{}">{}</a>', url, obj.game)

    @admin.display(description=_("saved by"))
    def saver(self, obj):
        return saved_by(obj)

    @admin.display(description=_("totals after this round"))
    def totals_after(self, obj):
        game = obj.game
        result = game.state.round_at(obj.number)
        if result in game.state.beyond:  # kept as typed, after the end a correction moved
            return gettext("Typed after the end of the game: not counted")
        return " · ".join(f"{n} {t}" for n, t in zip(game.names, result.totals, strict=True))

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)  # the entries, after the round
        counted(form.instance.game, edited=form.instance)

    def delete_model(self, request, obj):
        # An undo, as at the table: its submission key is kept, so that a phone's outbox
        # sending that round again is answered "undone", never saved a second time.
        outcome = undo_round(locked(obj.game), obj.number, round_id=obj.pk)
        if outcome.result != SAVED:  # a round was saved after it meanwhile, or it is gone
            raise PermissionDenied(gettext("Only the last round of a game can be deleted."))

    def log_change(self, request, obj, message):
        entry = super().log_change(request, obj, message)
        _log_on_game(request, obj, entry.get_change_message() or gettext("No fields changed."))
        return entry

    def log_deletions(self, request, queryset):
        entries = super().log_deletions(request, queryset)
        for obj in queryset:
            _log_on_game(request, obj, gettext("Deleted."))
        return entries

    def response_change(self, request, obj):
        if "_continue" in request.POST:
            return super().response_change(request, obj)
        super().response_change(request, obj)  # keeps the "changed successfully" message
        return HttpResponseRedirect(reverse("admin:games_game_change", args=[obj.game_id]))

    def change_view(self, request, object_id, form_url="", extra_context=None):
        round_ = self.get_object(request, unquote(object_id))
        extra_context = {"show_delete": round_ is None or is_last(round_)} | (extra_context or {})
        return super().change_view(request, object_id, form_url, extra_context)

    def delete_view(self, request, object_id, extra_context=None):
        round_ = self.get_object(request, unquote(object_id))
        if round_ is not None and not is_last(round_):
            # Removing an earlier round could make a later return impossible.
            raise PermissionDenied(gettext("Only the last round of a game can be deleted."))
        response = super().delete_view(request, object_id, extra_context)
        if round_ is not None and response.status_code == 302:
            return HttpResponseRedirect(reverse("admin:games_game_change", args=[round_.game_id]))
        return response


def is_last(round_):
    return not round_.game.rounds.filter(number__gt=round_.number).exists()


def _log_on_game(request, round_, message):
    LogEntry.objects.log_actions(
        user_id=request.user.pk,
        queryset=[round_.game],
        action_flag=CHANGE,
        change_message=f"{round_}: {message}",
    )


class PlayerAdminForm(forms.ModelForm):
    name = NameField(label=_("name"))

    class Meta:
        model = Player
        fields = ("owner", "name")

    def clean_name(self):
        name = self.cleaned_data["name"]
        # The owner is read-only once set, so the model's unique constraint skips it: check here.
        owner = self.cleaned_data.get("owner") or getattr(self.instance, "owner", None)
        taken = Player.objects.filter(owner=owner).named(name).exclude(pk=self.instance.pk)
        if owner is not None and taken.exists():
            raise forms.ValidationError(_("This account already has a player with this name."))
        other = names.look_alike(name, self.names_at_its_tables())
        if other is not None:
            raise forms.ValidationError(
                _("%(name)s looks just like %(other)s, at the same table: "
                  "give them names that tell them apart."),
                params={"name": name, "other": other},
            )  # fmt: skip
        return name

    def names_at_its_tables(self):
        if self.instance.pk is None:
            return []
        seats = Seat.objects.filter(game__seat__player=self.instance).exclude(player=self.instance)
        return seats.values_list("player__name", flat=True).distinct()


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    form = PlayerAdminForm
    list_display = ("name", "owner", "games_played")
    list_filter = ("owner",)
    search_fields = ("name",)

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(games_played=Count("seats"))

    def get_readonly_fields(self, request, obj=None):
        return ("owner",) if obj else ()

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change:  # a new name: every sheet the player sits at shows it
            changed(Game.objects.filter(players=obj))

    @admin.display(description=_("games played"), ordering="games_played")
    def games_played(self, obj):
        return obj.games_played


@admin.register(LogEntry)
class LogEntryAdmin(admin.ModelAdmin):
    """Every change and deletion made in the admin, deleted games included; read-only."""

    list_display = ("action_time", "user", "content_type", "object_repr", "action_flag")
    list_filter = ("action_flag", "content_type", ("action_time", admin.DateFieldListFilter))
    search_fields = ("object_repr", "change_message")
    readonly_fields = (
        "action_time",
        "user",
        "content_type",
        "object_id",
        "object_repr",
        "action_flag",
        "change_message",
    )

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
