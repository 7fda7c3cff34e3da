"""What happened at the table: players, seats and the numbers typed each round.

Totals, winners and who starts next are never stored: `Game.state` asks the rules
module to replay the stored rounds.
"""

import secrets
from collections import defaultdict
from datetime import timedelta
from functools import cached_property
from uuid import uuid4

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import rules

NAME_MAX_LENGTH = 30
# A game's place ("Chez Anaïs") and note ("Revanche dimanche"): a line, and a few lines.
PLACE_MAX_LENGTH = 60
NOTE_MAX_LENGTH = 500


class PlayerQuerySet(models.QuerySet):
    def seated(self):
        """The players with a game left: the roster and the filters offer these alone (a
        player whose games were all deleted stays in the table, holding nothing, until a
        new game or a rename takes the name again)."""
        return self.filter(models.Exists(Seat.objects.filter(player=models.OuterRef("pk"))))


class Player(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="players", verbose_name=_("owner")
    )
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint("owner", Lower("name"), name="player_name_unique_per_owner"),
            models.CheckConstraint(condition=~models.Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("player", args=[self.pk])


class GameQuerySet(models.QuerySet):
    def touch(self):
        """A new revision for these games, in the write's transaction (games/signals.py calls
        it for every write to a sheet; on PostgreSQL the UPDATE also locks the rows)."""
        return self.update(revision=models.F("revision") + 1)

    def with_sheet(self):
        """Everything `Game.state` needs, in a constant number of queries however many games."""
        return self.prefetch_related(
            models.Prefetch("seat_set", queryset=Seat.objects.select_related("player")),
            "rounds__entries",
        )

    def finished_pks(self):
        """The pks of these games that are over, as the rules fold them.

        "Finished" is derived from the rounds, so SQL alone cannot filter on it; the folds are
        kept under each game's revision (games/reports/folds.py), so a game is folded once per
        write.
        """
        from games.reports import folds  # it reads these models

        pairs = self.order_by().values_list("pk", "revision")
        return {pk for pk, state in folds.states(pairs).items() if state and state.finished}

    def finished(self):
        return self.filter(pk__in=self.finished_pks())

    def in_progress(self):
        return self.exclude(pk__in=self.finished_pks())


class Kind(models.TextChoices):
    """The games the app keeps the score of; each value is the kind of a games.rules module."""

    LAMA = "lama", _("L.L.A.M.A.")
    LATO = "lato", _("L.L.A.M.A., Lato z Komarami rule")
    LLAMA_LLAMA = "llama_llama", _("Llama Llama")


class Game(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="games", verbose_name=_("owner")
    )
    created_at = models.DateTimeField(_("started at"), auto_now_add=True, db_index=True)
    kind = models.CharField(
        pgettext_lazy("the game played: L.L.A.M.A., Llama Llama", "game"),
        max_length=20,
        choices=Kind,
        default=Kind.LAMA,
    )
    first_starter = models.PositiveSmallIntegerField(
        _("seat of the first starter"), default=0, help_text=_("The youngest player starts.")
    )
    players = models.ManyToManyField(
        Player, through="Seat", related_name="games", verbose_name=_("players")
    )
    # Not a fact of the table: a counter of the writes to this game (games/signals.py), so that
    # a save can tell whether another phone wrote first, and a live view whether there is news.
    revision = models.PositiveIntegerField(_("revision"), default=0, editable=False)
    # Kept by exports and imports (games/archive/identity.py): a backup imported twice adds its
    # games once.
    uuid = models.UUIDField(_("backup identifier"), default=uuid4, editable=False)
    # Written by the players, not the rules: checked like names (games/names.py).
    place = models.CharField(_("place"), max_length=PLACE_MAX_LENGTH, blank=True, default="")
    note = models.TextField(_("note"), max_length=NOTE_MAX_LENGTH, blank=True, default="")

    objects = GameQuerySet.as_manager()

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["-created_at", "-pk"]
        # An account's newest games first (the home page, the history), read in index order
        # instead of sorting all of a big account's games.
        indexes = [models.Index(fields=["owner", "-created_at", "-id"], name="game_owner_newest")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(first_starter__lt=rules.MAX_PLAYERS),
                name="game_first_starter_is_a_seat",
            ),
            models.CheckConstraint(
                condition=models.Q(kind__in=Kind.values), name="game_kind_known"
            ),
            # Per account: another account that imports the game gets its own copy.
            models.UniqueConstraint("owner", "uuid", name="game_uuid_once_per_owner"),
        ]

    def __str__(self):
        return _("Game %(id)s") % {"id": self.pk}

    def get_absolute_url(self):
        return reverse("game", args=[self.pk])

    def save(self, *args, **kwargs):
        # A change to a stored game (the admin's) is a new revision, raised in the UPDATE
        # itself: writing back the revision read earlier could undo another phone's raise.
        if not self._state.adding:
            self.revision = models.F("revision") + 1
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "revision"}
        super().save(*args, **kwargs)

    # Both read the prefetch of GameQuerySet.with_sheet() when there is one; the Meta
    # orderings of Seat and Round keep them in seat and round order.
    def _prefetched(self, name):
        return name in getattr(self, "_prefetched_objects_cache", {})

    @cached_property
    def seats(self):
        if self._prefetched("seat_set"):
            return list(self.seat_set.all())
        return list(self.seat_set.select_related("player"))

    @cached_property
    def names(self):
        return [seat.player.name for seat in self.seats]

    @cached_property
    def stored_rounds(self):
        # The prefetch of with_sheet() when there is one; otherwise one query, so one
        # snapshot: rounds and entries read apart could disagree while another phone
        # undoes a round (the round read, then its entries gone).
        if self._prefetched("rounds"):
            return list(self.rounds.all())
        entries = Entry.objects.filter(round__game=self)
        return rounds_of(entries.select_related("round").order_by("round__number", "pk"))

    @cached_property
    def typed_rounds(self):
        """The rounds as the rules module takes them, read as plain values in one query: one
        snapshot, and no model instances (the sheet's biggest cost after its template)."""
        if self._prefetched("rounds"):
            return self.as_rules_rounds(self.stored_rounds)
        return self._typed[0]

    @cached_property
    def submission_keys(self):
        """{submission key: the number of the round saved with it} (Round.idempotency_key)."""
        return self._typed[1]

    @cached_property
    def _typed(self):
        keys = {}
        return typed_rounds(Entry.objects.filter(round__game=self), keys)[self.pk], keys

    def as_rules_rounds(self, rounds=None):
        if rounds is None:
            return list(self.typed_rounds)
        positions = {seat.pk: seat.position for seat in self.seats}
        return [r.as_rules_round(positions) for r in rounds]

    @property
    def ruleset(self) -> rules.Ruleset:
        """The rules of this game's kind, which every score of it comes from."""
        return rules.for_kind(self.kind)

    @cached_property
    def state(self) -> rules.GameState:
        return self.ruleset.fold(len(self.seats), self.typed_rounds, self.first_starter)

    def as_json(self):
        """The game for other programs and for backups (games/archive/backup.py reads it back)."""
        state, names, stored = self.state, self.names, self.stored_rounds
        return {
            "id": self.pk,
            "uuid": str(self.uuid),
            "game": self.kind,
            "started_at": self.created_at.isoformat(),
            "players": names,
            "first_starter": _seat_name(names, self.first_starter),
            "rounds": [
                {
                    "number": r.number,
                    "entries": dict(zip(names, r.entries, strict=True)),
                    "points": dict(zip(names, r.points, strict=True)),
                    "last_to_quit": _seat_name(names, s.last_to_quit),
                    "saved_at": s.created_at.isoformat(),
                }
                for r, s in zip(state.rounds, stored, strict=True)
            ],
            "totals": dict(zip(names, state.totals, strict=True)),
            "finished": state.finished,
            "winners": [names[seat] for seat in state.winners],
            "next_starter": None if state.next_starter is None else names[state.next_starter],
            "place": self.place,
            "note": self.note,
        }

    @property
    def duration(self):
        """From the game's creation to its last saved round; None before the first round."""
        # Lists annotate last_saved (when the last round was saved) rather than load rounds.
        if "last_saved" in self.__dict__:
            last = self.last_saved
        else:
            last = self.stored_rounds[-1].created_at if self.stored_rounds else None
        return None if last is None else max(last - self.created_at, timedelta(0))

    @property
    def duration_minutes(self):
        duration = self.duration
        return None if duration is None else round(duration.total_seconds() / 60)


def _seat_name(names, seat):
    return names[seat] if seat is not None and seat < len(names) else None


class Seat(models.Model):
    game = models.ForeignKey(Game, models.CASCADE, verbose_name=_("game"))
    player = models.ForeignKey(
        Player, models.PROTECT, related_name="seats", verbose_name=_("player")
    )
    position = models.PositiveSmallIntegerField(_("seat"))

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint("game", "player", name="seat_player_once_per_game"),
            models.UniqueConstraint("game", "position", name="seat_position_once_per_game"),
            models.CheckConstraint(
                condition=models.Q(position__lt=rules.MAX_PLAYERS), name="seat_position_in_range"
            ),
        ]

    def __str__(self):
        return f"{self.position + 1}. {self.player.name}"


class Round(models.Model):
    game = models.ForeignKey(Game, models.CASCADE, related_name="rounds", verbose_name=_("game"))
    number = models.PositiveSmallIntegerField(_("round"))
    last_to_quit = models.PositiveSmallIntegerField(
        _("seat of the last player to quit"),
        null=True,
        blank=True,
        help_text=_("Starts the next round when nobody emptied their hand."),
    )
    created_at = models.DateTimeField(_("saved at"), auto_now_add=True)
    # Sent with the form, so a retried or double-tapped submission saves the round once.
    idempotency_key = models.UUIDField(_("submission key"), null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint("game", "number", name="round_number_once_per_game"),
            models.UniqueConstraint("game", "idempotency_key", name="round_submission_saved_once"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=models.Q(last_to_quit__lt=rules.MAX_PLAYERS),
                name="round_last_to_quit_is_a_seat",
            ),
        ]

    def __str__(self):
        return _("Round %(number)s") % {"number": self.number}

    @cached_property
    def typed(self):
        """Its entries; `rounds_of` fills this in when it reads many rounds at once."""
        return list(self.entries.all())

    def as_rules_round(self, positions):
        """This round for the rules module; `positions` maps seat ids to seat positions."""
        typed = self.typed if hasattr(self, "typed") else self.entries.all()
        entries = sorted(typed, key=lambda e: positions[e.seat_id])
        return rules.Round(tuple(e.value for e in entries), self.last_to_quit)


class Entry(models.Model):
    round = models.ForeignKey(
        Round, models.CASCADE, related_name="entries", verbose_name=_("round")
    )
    seat = models.ForeignKey(Seat, models.CASCADE, related_name="entries", verbose_name=_("seat"))
    value = models.SmallIntegerField(_("value typed"))

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint("round", "seat", name="entry_once_per_seat_and_round"),
            # Each game's rules say what it accepts; this only bounds them all together.
            models.CheckConstraint(
                condition=models.Q(value__gte=rules.MIN_ENTRY, value__lte=rules.MAX_ENTRY),
                name="entry_value_in_any_game_range",
            ),
        ]

    def __str__(self):
        return f"{self.seat.player.name}: {self.value}"


def new_share_token():
    return secrets.token_urlsafe(24)


class ShareLink(models.Model):
    """A read-only link to follow one game live; deleting it revokes the link."""

    game = models.OneToOneField(
        Game, models.CASCADE, related_name="share_link", verbose_name=_("game")
    )
    # 24 random bytes: a link cannot be guessed, only handed over (by its QR code).
    token = models.CharField(
        _("token"), max_length=64, unique=True, default=new_share_token, editable=False
    )
    created_at = models.DateTimeField(_("shared at"), auto_now_add=True)

    class Meta:
        verbose_name = _("share link")
        verbose_name_plural = _("share links")

    def __str__(self):
        return _("Live link of %(game)s") % {"game": self.game}

    def get_absolute_url(self):
        return reverse("live", args=[self.token])


def rounds_of(entries):
    """The rounds of entries fetched with select_related("round"), in the entries' order."""
    rounds = {}
    for entry in entries:
        if entry.round_id not in rounds:
            rounds[entry.round_id] = entry.round
            entry.round.typed = []
        rounds[entry.round_id].typed.append(entry)
    return list(rounds.values())


def typed_rounds(entries, keys=None):
    """{game id: [rules.Round, ...]} from a queryset of entries, in one query; the rounds'
    submission keys go into the dict `keys` if one is given, each with its round's number."""
    rows = entries.order_by("round__game", "round__number", "seat__position").values_list(
        "round__game", "round__number", "round__last_to_quit", "value", "round__idempotency_key"
    )
    typed = defaultdict(dict)  # game id: {round number: (last to quit, [values])}
    for game, number, last_to_quit, value, key in rows:
        typed[game].setdefault(number, (last_to_quit, []))[1].append(value)
        if keys is not None and key is not None:
            keys[key] = number
    by_game = defaultdict(list)
    for game, rounds in typed.items():
        by_game[game] = [rules.Round(tuple(values), last) for last, values in rounds.values()]
    return by_game


def load_sheets(games):
    """Seats and folds of many games, for the pages that list games: one query for the seats,
    none for the folds kept in the cache (games/reports/folds.py), one for those that are not."""
    from games.reports import folds  # it reads these models

    games = list(games)
    seats = defaultdict(list)
    for seat in Seat.objects.filter(game__in=games).select_related("player").order_by("position"):
        seats[seat.game_id].append(seat)
    states = folds.states((game.pk, game.revision) for game in games)
    for game in games:
        game.seats = seats[game.pk]
        if states.get(game.pk) is not None:  # else Game.state says what the rules refuse
            game.state = states[game.pk]
    return games
