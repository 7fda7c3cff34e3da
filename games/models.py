"""What happened at the table: players, seats and the numbers typed each round.

Each entry is stored as typed; what it counts, totals, winners and who starts next are never
stored: `Game.state` asks the rules module to replay the stored rounds. Only whether a game is
over, since when, and the places it ended with are stored (`Game.finished_at`, which the
pages filter on, and `Game.places`, which the group's table reads), decided together by
`Game.decide` (written by `Game.settle` in the transaction of each write that changes them,
or by the import's bulk insert) and held together by the constraint game_finished_with_places.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from datetime import timedelta
from functools import cached_property
from itertools import islice
from uuid import uuid4

from django.conf import settings
from django.db import models
from django.db.models import Value
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import rules
from games.reads import StoredGame, StoredRound, read_rounds
from games.streams import notices

# Where a game was played ("Chez Anaïs"), and a night's label: a line. A game's note
# ("Revanche dimanche"): a few lines.
LINE_MAX_LENGTH = 60
NOTE_MAX_LENGTH = 500
NAME_MAX_LENGTH = 30  # a player's, at a table


class PlayerQuerySet(models.QuerySet):
    def named(self, *names):
        """The players of any of `names`, case aside, as the roster's unique constraint compares
        names: with the database's lower(). PostgreSQL's differs from iexact's upper() (İ and
        i are one name to lower(), two to upper()) and from Python's casefold (ß and SS).
        Each player comes with `name_key`, its name as lower() folds it."""
        keys = [Lower(Value(name)) for name in names]
        return self.annotate(name_key=Lower("name")).filter(name_key__in=keys)

    def seated(self):
        """The players with a game left: the roster and the filters offer these alone (a
        player whose games were all deleted stays in the table, holding nothing, until a
        new game or a rename takes the name again)."""
        seats = Seat.objects.filter(player=models.OuterRef("pk"), game__importing__isnull=True)
        return self.filter(models.Exists(seats))


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
    def raise_version(self, pks=None):
        """A new version for these games (`pks`, their pks, when the caller knows them), in
        the write's transaction: each write to what a sheet shows calls it once, itself (the
        services, the admin; an import draws its games' first). On PostgreSQL the UPDATE also
        locks the rows. Once the transaction commits, the pages that follow them are told
        (games/streams). The version drawn, or None when none of them was there to raise."""
        if pks is None:
            pks = list(self.values_list("pk", flat=True))
            raised = self.model._base_manager.filter(pk__in=pks)
        else:
            raised = self
        version = new_version()
        if not raised.update(version=version):
            return None
        notices.moved(pks, version)
        return version

    def with_rounds(self, chunk_size=None):
        """These games, each with its seats and rounds: everything `Game.state` and a
        backup of them (games/archive/backup.py) need, in two queries for all of them, or per
        `chunk_size` games read from one cursor."""
        games = self.iterator(chunk_size=chunk_size) if chunk_size else iter(list(self))
        while chunk := list(islice(games, chunk_size)):
            pks = [game.pk for game in chunk]
            seats, stored = (
                seats_of(chunk),
                read_rounds(Seat.objects.filter(game__in=pks), ScorerLink.objects),
            )
            for game in chunk:
                game.attach(seats=seats[game.pk], stored=stored.get(game.pk))
            yield from chunk

    # As the rules decided at the last write (Game.settle).
    def finished(self):
        return self.filter(finished_at__isnull=False)

    def in_progress(self):
        return self.filter(finished_at__isnull=True)


class VisibleGames(models.Manager.from_queryset(GameQuerySet)):
    """The games a person sees: not those of an import still being written (`Game.importing`),
    which appear all at once when it ends, or never if it fails. Every reverse and many-to-many
    manager (`user.games`, `player.games`) is made from this default manager, so it hides them too.
    """

    def get_queryset(self):
        return super().get_queryset().filter(importing__isnull=True)


class Kind(models.TextChoices):
    """The games the app keeps the score of; each value is the kind of a games.rules module."""

    LAMA = "lama", _("L.L.A.M.A.")
    LATO = "lato", _("L.L.A.M.A., Lato z komarami rule")
    LLAMA_LLAMA = "llama_llama", _("Llama Llama")
    PARTY = "party", _("L.A.M.A. Party Edition")


def new_version():
    """A game's version is drawn at random, not counted: a database restored from a backup
    takes its games back to versions they had, and a count would then give the same number
    to other rounds, read from the caches as if they were these. A random version names one
    state of a game only (63 bits: no two states of a game meet), and tells nothing else:
    it is only ever compared for equality."""
    return secrets.randbits(63)


class Night(models.Model):
    """The games an account played on one evening (games/nights.py decides which)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="nights", verbose_name=_("owner")
    )
    # When its first game started; updated when a game moves in or out.
    start = models.DateTimeField(_("start"), db_index=True)
    label = models.CharField(_("label"), max_length=LINE_MAX_LENGTH, blank=True, default="")

    class Meta:
        verbose_name = _("night")
        verbose_name_plural = _("nights")
        ordering = ["-start", "-pk"]

    def __str__(self):
        return self.label or _("Night %(id)s") % {"id": self.pk}

    def get_absolute_url(self):
        return reverse("night", args=[self.pk])


class Game(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="games", verbose_name=_("owner")
    )
    # A default rather than auto_now_add, which would overwrite an imported game's time.
    created_at = models.DateTimeField(
        _("started at"), default=timezone.now, editable=False, db_index=True
    )
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
    # Not a fact of the table: drawn anew by each write to what its sheet shows (new_version,
    # GameQuerySet.raise_version). It is a save's optimistic lock (UPDATE ... WHERE version =
    # the one read: did another phone write first?), the polls' ETag (is there news?) and the
    # key of everything kept of the game (its folds, games/reports/folds.py, and its sheet's
    # kept fragments).
    version = models.BigIntegerField(_("version"), default=new_version, editable=False)
    # Carried by exports and imports (games/archive/identity.py): a backup imported twice adds its
    # games once.
    uuid = models.UUIDField(_("backup identifier"), default=uuid4, editable=False)
    # When the round that ended the game was saved; None while it goes on. Derived from the
    # rounds by the rules, but stored so that pages filter on it (Game.settle writes it).
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True, editable=False)
    # Each seat's place when it ended (Ruleset.places, in seat order), None while it goes on:
    # the rules' verdict, stored with finished_at by Game.settle, so that the group's table
    # reads one row per game instead of replaying every game's rounds.
    places = models.JSONField(_("places"), null=True, blank=True, editable=False)
    # Where it was played, written by the players, not the rules: checked like names
    # (common/names.py). Not `place`, which read like `places`, the ranking.
    venue = models.CharField(_("place"), max_length=LINE_MAX_LENGTH, blank=True, default="")
    note = models.TextField(_("note"), max_length=NOTE_MAX_LENGTH, blank=True, default="")
    # The import job writing this game, until its last step makes all its games visible at
    # once (one UPDATE setting this to NULL): a killed import leaves no game in sight, and
    # the next worker deletes them (games/archive/tasks.py).
    # The evening it was played in (games/nights.py): None only while an import writes it.
    night = models.ForeignKey(
        Night, models.SET_NULL, null=True, blank=True, related_name="games",
        verbose_name=_("night"),
    )  # fmt: skip
    importing = models.ForeignKey(
        "jobs.Job", models.CASCADE, null=True, blank=True, editable=False, related_name="+",
        verbose_name=_("being imported by"),
    )  # fmt: skip

    objects = VisibleGames()
    # Every game, those of unfinished imports too: for the import itself, and its clean-up.
    including_imports = GameQuerySet.as_manager()

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
            # One verdict of the rules (Game.decide): over with its places, or neither.
            models.CheckConstraint(
                condition=models.Q(finished_at__isnull=True, places__isnull=True)
                | models.Q(finished_at__isnull=False, places__isnull=False),
                name="game_finished_with_places",
            ),
        ]

    def __str__(self):
        return _("Game %(id)s") % {"id": self.pk}

    def get_absolute_url(self):
        return reverse("game", args=[self.pk])

    def attach(self, *, seats=None, stored=None, state=None):
        """Give this game what was read for it elsewhere: its seats, its rounds (a StoredGame)
        or its state, read for many games at once or kept in the cache (games/reports/folds.py)."""
        given = {"seats": seats, "stored": stored, "state": state}
        self.__dict__.update((name, value) for name, value in given.items() if value is not None)
        return self

    @cached_property
    def seats(self):
        return list(self.seat_set.select_related("player").order_by("position"))

    @cached_property
    def names(self):
        return [seat.player.name for seat in self.seats]

    @cached_property
    def stored(self) -> StoredGame:
        """Its rounds as stored, read in one query: one snapshot, rounds and entries alike
        (read apart, they could disagree while another phone undoes a round)."""
        empty = StoredGame(self.version, self.kind, self.first_starter, 0, ())
        return read_rounds(Seat.objects.filter(game=self.pk), ScorerLink.objects).get(
            self.pk, empty
        )

    @property
    def stored_rounds(self) -> tuple[StoredRound, ...]:
        return self.stored.rounds

    def as_rules_rounds(self) -> list[rules.Round]:
        """The rounds as the rules module takes them (a new list, for the caller to change)."""
        return self.stored.as_rules_rounds()

    @property
    def submission_keys(self):
        """{submission key: the number of the round saved with it} (Round.idempotency_key)."""
        return {r.key: r.number for r in self.stored_rounds if r.key is not None}

    @property
    def winner_names(self) -> list[str]:
        """Who won, by name, once the game is over (several: a shared victory); none before."""
        state = self.state
        return [self.names[seat] for seat in state.winners] if state.finished else []

    @property
    def ruleset(self) -> rules.Ruleset:
        """The rules of this game's kind, which every score of it comes from."""
        return rules.for_kind(self.kind)

    @property
    def next_round(self) -> int:
        """The number of the round to play next: from the state when it is at hand (kept in
        the cache), else counted from the rounds stored, which needs no fold."""
        if "state" in self.__dict__:
            return self.state.next_round
        return len(self.stored_rounds) + 1

    @cached_property
    def state(self) -> rules.GameState:
        return self.ruleset.fold(len(self.seats), self.as_rules_rounds(), self.first_starter)

    def decide(self, state, last_saved):
        """Set whether the game is over, since when and each seat's place, as the rules decide
        for its rounds folded into `state` (None: rounds its rules refuse, which is not over),
        the last one in play saved at `last_saved`: finished_at and places both, or neither.
        Rounds typed after the end (beyond it, where a correction moved it) count for neither.
        Whether they changed; nothing is written (settle writes a stored game's, the import's
        bulk insert a new one's)."""
        over = state is not None and state.finished
        decided = (last_saved, list(rules.for_kind(state.kind).places(state))) if over else None
        decided = decided or (None, None)
        changed = decided != (self.finished_at, self.places)
        self.finished_at, self.places = decided
        return changed

    def ended_at(self, state):
        """When the last round in play of `state` (this game's rounds as stored, folded) was
        saved: the end, when rounds typed after it are beyond it (a correction moved it)."""
        rounds = self.stored_rounds[: len(state.rounds)]
        return rounds[-1].created_at if rounds else None

    def settle(self, state=None, last_saved=None):
        """Store whether the game is over, since when and each seat's place (decide): `state`
        is its rounds as stored now, folded by the caller in the write's transaction, the last
        one saved at `last_saved`. Without them, the game is read again and folded here."""
        if state is None:
            for name in ("stored", "state"):
                self.__dict__.pop(name, None)
            try:
                state = self.state
            except ValueError:  # rounds its rules refuse (rules changed since): not over
                state = None
            last_saved = None if state is None else self.ended_at(state)
        if self.decide(state, last_saved):
            decided = {"finished_at": self.finished_at, "places": self.places}
            Game.objects.filter(pk=self.pk).update(**decided)

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
    created_at = models.DateTimeField(_("saved at"), default=timezone.now, editable=False)
    # Sent with the form, so a retried or double-tapped submission saves the round once.
    idempotency_key = models.UUIDField(_("submission key"), null=True, blank=True, editable=False)
    # The game's version when this round was last written (added or edited): what an undo or
    # an edit confirmed from an older page is bound to. 0: not known (written before).
    version = models.BigIntegerField(_("version"), default=0, editable=False)
    # Which scorer link saved it last (added or edited); None: the owner's account (or the
    # admin, or an import). A revoked link stays stored, so its rounds still name it.
    saved_by = models.ForeignKey(
        "ScorerLink",
        models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="rounds",
        verbose_name=_("saved by"),
    )

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


class UndoneKey(models.Model):
    """The submission key of a round that was undone, stored: the same save sent again (an
    outbox's retry, Back then Save) is answered "saved, then undone", never saved again."""

    game = models.ForeignKey(
        Game, models.CASCADE, related_name="undone_keys", verbose_name=_("game")
    )
    key = models.UUIDField(_("submission key"), editable=False)
    number = models.PositiveSmallIntegerField(_("round"), editable=False)

    class Meta:
        verbose_name = _("undone submission")
        verbose_name_plural = _("undone submissions")
        constraints = [
            models.UniqueConstraint("game", "key", name="undone_key_once_per_game"),
        ]

    def __str__(self):
        return f"{self.key} ({self.number})"


class RulesSettled(models.Model):
    """A version of the rules (the fingerprint of games/rules/'s source, games/settling.py) by
    which every game's finished_at and places were decided: `migrate` decides them all again
    when today's is not here yet, so stored places never keep the verdict of older rules."""

    fingerprint = models.CharField(_("fingerprint"), max_length=64, unique=True, editable=False)
    settled_at = models.DateTimeField(_("settled at"), auto_now_add=True)

    class Meta:
        verbose_name = _("rules settled")
        verbose_name_plural = _("rules settled")

    def __str__(self):
        return self.fingerprint[:12]


class KeptTable(models.Model):
    """The group's table of an account as last computed (games/reports/counting.py), kept so that
    a page shows it at once while the worker counts a newer one (games/reports/recount.py).
    Derived, rebuilt from the games at will: `key` says which games it counted (table_key)."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="kept_table",
        verbose_name=_("owner"),
    )  # fmt: skip
    key = models.CharField(_("key"), max_length=200, blank=True, default="")
    # The start of the newest game it counted: "Updated to the game of 21:40".
    as_of = models.DateTimeField(_("counted up to"), null=True, blank=True)
    # JSON of the release's kept.FORMAT (games/reports/kept.py), never a pickle, which runs the
    # code its writer names. Text, not a JSONField: kept.py alone reads it, and checks it all.
    format = models.CharField(_("format"), max_length=64, blank=True, default="")
    tables = models.TextField(_("tables"), null=True)  # kept.Tables
    progress = models.TextField(_("ratings"), null=True)  # {kind: ratings.Progress}, to go on
    # Set while a recount waits in the queue: another change joins it rather than queue one more.
    queued_at = models.DateTimeField(_("recount queued at"), null=True, blank=True)
    started_at = models.DateTimeField(_("last recount started at"), null=True, blank=True)

    class Meta:
        verbose_name = _("kept table")
        verbose_name_plural = _("kept tables")

    def __str__(self):
        return f"{self.owner_id}: {self.as_of}"


class Entry(models.Model):
    round = models.ForeignKey(
        Round, models.CASCADE, related_name="entries", verbose_name=_("round")
    )
    seat = models.ForeignKey(Seat, models.CASCADE, related_name="entries", verbose_name=_("seat"))
    # As typed (a return: the chip named, -20, -10 or -1), never rewritten by a write to another
    # round: what it counts, which the sheet shows, is the rules' fold's (RoundResult.points),
    # so that a correction taken back gives every later entry back as it was played.
    value = models.SmallIntegerField(_("points typed"))

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


class ShareLinkQuerySet(models.QuerySet):
    def live(self):
        """The links that still show their game: those of an active account (one disabled,
        by staff or for its deletion, stops them at their next use, as it signs out its
        sessions)."""
        return self.filter(game__owner__is_active=True)


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

    objects = ShareLinkQuerySet.as_manager()

    class Meta:
        verbose_name = _("share link")
        verbose_name_plural = _("share links")

    def __str__(self):
        return _("Live link of %(game)s") % {"game": self.game}

    def get_absolute_url(self):
        return reverse("live", args=[self.token])


def scorer_links_made_since():
    """The oldest a working scorer link may be made (SCORER_LINK_DAYS ago)."""
    return timezone.now() - timedelta(days=settings.SCORER_LINK_DAYS)


class ScorerLinkQuerySet(models.QuerySet):
    def showing(self):
        """The links that still show their game: not turned off, made within
        SCORER_LINK_DAYS, of an active account (one disabled, by staff or for its deletion,
        stops them at their next use, as it signs out its sessions). A finished game's links
        show it read-only."""
        made_since = scorer_links_made_since()
        links = self.filter(revoked_at__isnull=True, created_at__gt=made_since)
        return links.filter(game__owner__is_active=True)

    def working(self):
        """The links that still score: showing, and their game not over (its owner alone
        corrects a finished game)."""
        return self.showing().filter(game__finished_at__isnull=True)


class ScorerLink(models.Model):
    """A link that lets another phone score one game without an account: it adds, edits and
    undoes that game's rounds, and nothing else. Revoking it keeps the row (its rounds still
    say which link saved them) and stops the link at once: every request looks it up."""

    game = models.ForeignKey(
        Game, models.CASCADE, related_name="scorer_links", verbose_name=_("game")
    )
    # "Scorer link 2": how the sheet and the admin name it, counted per game.
    number = models.PositiveSmallIntegerField(_("number"))
    # 24 random bytes, like the live link: handed over by its QR code, never guessed.
    token = models.CharField(
        _("token"), max_length=64, unique=True, default=new_share_token, editable=False
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True, editable=False)

    objects = ScorerLinkQuerySet.as_manager()

    class Meta:
        verbose_name = _("scorer link")
        verbose_name_plural = _("scorer links")
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint("game", "number", name="scorer_link_number_once_per_game"),
        ]

    def __str__(self):
        return _("Scorer link %(number)s") % {"number": self.number}

    def get_absolute_url(self):
        return reverse("scorer_sheet", args=[self.token])

    @property
    def stopped(self):
        """Why the link no longer scores: "revoked", "finished" (its game is over), "expired"
        (made more than SCORER_LINK_DAYS ago); "" while it works."""
        if self.revoked_at is not None:
            return "revoked"
        if self.game.finished_at is not None:
            return "finished"
        if self.created_at <= scorer_links_made_since():
            return "expired"
        return ""


def seats_of(games) -> dict[int, list[Seat]]:
    """{pk: its seats in order, with their players} for `games`, in one query."""
    seats = defaultdict(list)
    for seat in Seat.objects.filter(game__in=games).select_related("player").order_by("position"):
        seats[seat.game_id].append(seat)
    return seats
