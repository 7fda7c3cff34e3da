"""Whether a game is over, since when and at which places is stored at each write (Game.settle)
and read by the group's table and the history, while a night's standings fold the rounds: the
two agree only if every game was settled by today's rules. So each version of games/rules/ is
known by a fingerprint of its source, and `migrate` (which every upgrade runs, docs/deploy.md)
settles every game again, as `manage.py resettle` does, when the rules' fingerprint is not among
those every game was settled by (RulesSettled)."""

from collections import Counter
from hashlib import sha256
from pathlib import Path

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.migrations.executor import MigrationExecutor

from games import rules
from games.models import Game, RulesSettled
from games.services.rounds import lock

RULES = Path(rules.__file__).parent
BATCH = 500


def fingerprint(folder=RULES):
    """A hash of the rules' source: any change to a file of games/rules/ changes it (a
    comment's too, which only costs a settling that changes nothing)."""
    digest = sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def settle_every_game():
    """Each game settled again by today's rules: a Counter of what changed (resettle's words)."""
    changed = Counter()
    listed = Game.objects.order_by("pk").values_list("pk", "finished_at", "places")
    for pk, *was in listed.iterator(BATCH):
        now = resettle(pk)
        if now is not GONE and now != was:
            changed[what_changed(was, now)] += 1
    RulesSettled.objects.get_or_create(fingerprint=fingerprint())
    return changed


GONE = object()  # deleted since it was listed


def resettle(pk):
    """Game `pk`'s [finished_at, places] as the rules decide them now; GONE if it was deleted.
    In a transaction with its row locked as a write at the table takes it (rounds.lock), so it
    runs while the app serves."""
    with transaction.atomic():
        game = Game.objects.filter(pk=pk).first()
        if game is None:
            return GONE
        game = lock(game)
        was = [game.finished_at, game.places]
        game.settle()
        now = [game.finished_at, game.places]
        if now != was:  # a new version: what was kept of it (the group's table) is read anew
            Game.objects.filter(pk=pk).raise_version()
        return now


CHANGES = ("finished", "no longer finished", "finished at another time", "placed otherwise")


def what_changed(was, now):
    """`was` and `now`: (finished_at, places)."""
    if was[0] is None:
        return CHANGES[0]
    if now[0] is None:
        return CHANGES[1]
    return CHANGES[2] if now[0] != was[0] else CHANGES[3]


def settle_if_the_rules_changed(plan=None, using=DEFAULT_DB_ALIAS, **kwargs):
    """post_migrate's receiver: every game settled again when today's rules have not settled
    them yet. Only after a `migrate` (a flush sends no plan) that leaves the database at its
    latest migration, where the models are today's."""
    if plan is None or using != DEFAULT_DB_ALIAS or not at_latest(connections[using]):
        return
    if not RulesSettled.objects.filter(fingerprint=fingerprint()).exists():
        settle_every_game()


def at_latest(connection):
    executor = MigrationExecutor(connection)
    return not executor.migration_plan(executor.loader.graph.leaf_nodes())
