"""Writing checked games into an account, a batch at a time, out of sight until the last step.

games/archive/tasks.py checks each game of a backup against its rules (backup.read_game) and
hands it to a `Writer`, which writes the games the account lacks with the ORM's bulk inserts
in batches, each its own short transaction. On SQLite, whose one write lock every save of every
account needs, a batch holds it for about BATCH_SECONDS (the batches are sized on the time the
last one took, so a slow or busy machine writes smaller ones), then lets go for PAUSE, so any
other save gets through within a batch.

Every game written carries its import job (`Game.importing`), which hides it from every page:
`publish` shows them all in one UPDATE, in the transaction that ends the job; `undo` deletes
them. An import killed at any moment leaves nothing visible, and what it wrote is deleted when
the next worker starts (jobs.signals.abandoned). A game the account already holds, or that the
file holds twice, is written once (games/archive/identity.py).

A game that the file gives a night goes back to it: each night of the file becomes one new
night of the account, with its label, made with its first game written (the `Writer` keeps
which, one pk per night of the file). The games of a file without nights (written before
them) are placed by the gap when they are shown, as games/nights.py places any game.
"""

import time

from django.db import connection, transaction
from django.utils import timezone

from games import nights
from games.locks import lock_account
from games.models import Entry, Game, Night, Player, Round, Seat
from games.services.players import SamePlayer

BATCH_SECONDS = 0.05
FIRST_BATCH_ROWS = 1000  # games, seats, rounds and entries; the next are sized on its time
# A save that finds SQLite's lock taken tries again after 1, 3, 8, 18, 33, 53, 78 and 103 ms
# (SQLite's busy handler): at most 25 ms apart while a batch lasts, so a pause this long lets
# it through. (Between two batches only: PostgreSQL locks rows, not the database.)
PAUSE = 0.03


def rows_of(backup):
    return 1 + len(backup.players) * (2 + len(backup.rounds)) + len(backup.rounds)


class Writer:
    """Writes the games given to it for `job`, hidden, in batches of about the rows that take
    BATCH_SECONDS; `added` and `players` say what it wrote. Raises SamePlayer if two names of
    one game are one player of the roster."""

    def __init__(self, job):
        self.job, self.owner = job, job.owner
        self.batch, self.rows, self.size = [], 0, FIRST_BATCH_ROWS
        self.seen = set()  # a game found twice in the file is written once
        self.nights = {}  # the file's night id: the pk of the account's night made for it
        self.added, self.players, self.batches = 0, [], 0

    def add(self, backup):
        if backup.uuid in self.seen:
            return
        self.seen.add(backup.uuid)
        self.batch.append(backup)
        self.rows += rows_of(backup)
        if self.rows >= self.size:
            self.flush()

    def flush(self):
        if not self.batch:
            return
        if self.batches and connection.vendor == "sqlite":
            time.sleep(PAUSE)  # let the other accounts' saves through
        started = time.monotonic()
        games, players = _write(self.owner, self.batch, self.job, self.nights)
        self.size = next_size(self.size, time.monotonic() - started)
        self.added, self.players = self.added + len(games), self.players + players
        self.batch, self.rows, self.batches = [], 0, self.batches + 1


def next_size(rows, seconds):
    """The rows of the next batch, for it to take about BATCH_SECONDS as this one did."""
    return max(100, min(20_000, int(rows * BATCH_SECONDS / max(seconds, 0.001))))


def publish(job):
    """Show every game `job` wrote, at once (inside the transaction that ends the job), each in
    its night: the file's, which starts with its first game written (cut into evenings where
    it lasts longer than the span), or one by the gap and the span (games/nights.py)."""
    written = Game.including_imports.filter(importing=job)
    made = list(written.filter(night__isnull=False).values_list("night", flat=True).distinct())
    nights.refresh(Night.objects.filter(pk__in=made))
    shown = written.update(importing=None)
    nights.cut_endless(Night.objects.filter(pk__in=made))  # a backup's nights of months
    nights.place_unplaced(job.owner)
    return shown


def undo(job, players=()):
    """Delete the games `job` wrote, the nights it made for them, and the players it added
    that no other game seats."""
    hidden = Game.including_imports.filter(importing=job)
    made = list(hidden.filter(night__isnull=False).values_list("night", flat=True).distinct())
    while pks := list(hidden.values_list("pk", flat=True)[:500]):
        Game.including_imports.filter(pk__in=pks).delete()
    Night.objects.filter(pk__in=made, games__isnull=True).delete()
    Player.objects.filter(pk__in=list(players), seats__isnull=True).delete()


@transaction.atomic
def _write(owner, batch, job, made):
    """Write the games of `batch` the account does not hold yet, hidden under `job`, in the
    nights `made` for the file's ({its night id: pk}, added to): their pks, and the pks of the
    players added to the roster for them."""
    lock_account(owner)  # AccountGone once the account is deleted: the import stops there
    held = set(owner.games.filter(uuid__in=[b.uuid for b in batch]).values_list("uuid", flat=True))
    new = [backup for backup in batch if backup.uuid not in held]
    if not new:
        return [], []
    players, added = _roster(owner, dict.fromkeys(n for backup in new for n in backup.players))
    tables = []
    for backup in new:
        table = [players[name].pk for name in backup.players]
        for name, player in zip(backup.players, table, strict=True):
            if table.count(player) > 1:
                raise SamePlayer(name)
        tables.append(table)
    _make_nights(owner, new, made)
    return _insert_games(owner, new, tables, job, made), added


def _make_nights(owner, backups, made):
    """A night of the account for each night of `backups` that has none in `made` yet."""
    missing = {}
    for backup in backups:
        if backup.night is not None and backup.night.id not in made:
            missing.setdefault(backup.night.id, backup.night)
    created = Night.objects.bulk_create(
        Night(owner=owner, start=night.start, label=night.label) for night in missing.values()
    )
    made.update(zip(missing, (night.pk for night in created), strict=True))


def _insert_games(owner, backups, tables, job, made):
    """Insert the games, with their seats at `tables` (player pks), rounds and entries, in the
    nights `made` for the file's: through the ORM, so that every field the import does not
    name takes its model's default. Each table's rows name the rows above them by their pks,
    once inserted (not by the instances, which cost bulk_create thrice the time)."""
    now = timezone.now()
    saved = [[moment or now for moment in backup.saved_at] for backup in backups]
    games = []
    for backup, moments in zip(backups, saved, strict=True):
        game = Game(
            owner_id=owner.pk, kind=backup.kind, created_at=backup.started_at or now,
            first_starter=backup.first_starter, uuid=backup.uuid, venue=backup.venue,
            note=backup.note, importing_id=job.pk,
            night_id=None if backup.night is None else made[backup.night.id],
        )  # fmt: skip
        # it ended with its last round in play (any after it are beyond the end)
        in_play = moments[: len(backup.state.rounds)]
        game.decide(backup.state, in_play[-1] if in_play else None)
        games.append(game)
    Game.including_imports.bulk_create(games)
    seats = Seat.objects.bulk_create(
        Seat(game_id=game.pk, player_id=player, position=position)
        for game, table in zip(games, tables, strict=True)
        for position, player in enumerate(table)
    )
    rounds = Round.objects.bulk_create(
        # written at the game's first version, as Round.version says
        Round(
            game_id=game.pk,
            number=number,
            last_to_quit=played.last_to_quit,
            created_at=moment,
            version=game.version,
        )  # fmt: skip
        for game, backup, moments in zip(games, backups, saved, strict=True)
        for number, (played, moment) in enumerate(zip(backup.rounds, moments, strict=True), 1)
    )
    seat_ids, round_ids = iter(seat.pk for seat in seats), iter(stored.pk for stored in rounds)
    entries = []
    for backup in backups:
        table = [next(seat_ids) for _player in backup.players]
        for played in backup.rounds:
            stored = next(round_ids)
            typed = zip(table, played.entries, strict=True)
            entries += [Entry(round_id=stored, seat_id=seat, value=value) for seat, value in typed]
    Entry.objects.bulk_create(entries)
    return [game.pk for game in games]


def _roster(owner, names):
    """{name: Player} from the account's roster, the missing ones added (with their pks).

    Names are matched as the roster's unique constraint matches them, with the database's
    lower() (PostgreSQL's and Python's differ on letters like İ).
    """
    keys = lowered(names)
    roster = owner.players.named(*keys)
    players = {player.name_key: player for player in roster}
    missing = {}  # the first spelling of a new player is the one stored
    for name, key in keys.items():
        if key not in players:
            missing.setdefault(key, name)
    added = Player.objects.bulk_create(Player(owner=owner, name=n) for n in missing.values())
    players.update(zip(missing, added, strict=True))
    return {name: players[key] for name, key in keys.items()}, [player.pk for player in added]


def lowered(names):
    """{name: the database's lower(name)}, in one query per 500 names."""
    names, keys = list(names), {}
    for start in range(0, len(names), 500):
        chunk = names[start : start + 500]
        with connection.cursor() as cursor:
            cursor.execute("SELECT " + ", ".join(["LOWER(%s)"] * len(chunk)), chunk)
            keys.update(zip(chunk, cursor.fetchone(), strict=True))
    return keys
