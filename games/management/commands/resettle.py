"""`manage.py resettle`: decide again, by the rules as they are now, whether each game is over,
since when and at which places (Game.finished_at, Game.places). Run it after any change to a
game's rules (games/rules/): the folds follow the rules by themselves, but these are stored at
each write, so a game a change ends, no longer ends or ranks otherwise keeps its old answer
until then.

One game at a time, each in a transaction with its row locked as a write at the table takes
it (rounds.lock), so it runs while the app serves. Games still being imported are left to
their import, which settles them as it writes them.
"""

from collections import Counter

from django.core.management.base import BaseCommand
from django.db import transaction

from games.models import Game
from games.services.rounds import lock

BATCH = 500


GONE = object()  # deleted since it was listed


class Command(BaseCommand):
    help = "Decide again, by the current rules, whether each game is finished and its places."

    def handle(self, *args, **options):
        changed = Counter()
        listed = Game.objects.order_by("pk").values_list("pk", "finished_at", "places")
        for pk, *was in listed.iterator(BATCH):
            now = resettle(pk)
            if now is not GONE and now != was:
                changed[what_changed(was, now)] += 1
        words = ", ".join(f"{changed[what]} {what}" for what in CHANGES)
        self.stdout.write(f"{words}.")


CHANGES = ("finished", "no longer finished", "finished at another time", "placed otherwise")


def what_changed(was, now):
    """`was` and `now`: (finished_at, places)."""
    if was[0] is None:
        return CHANGES[0]
    if now[0] is None:
        return CHANGES[1]
    return CHANGES[2] if now[0] != was[0] else CHANGES[3]


def resettle(pk):
    """Game `pk`'s [finished_at, places] as the rules decide them now; GONE if it was
    deleted."""
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
