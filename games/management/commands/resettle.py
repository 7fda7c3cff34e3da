"""`manage.py resettle`: decide again, by the rules as they are now, whether each game is over
and since when (Game.finished_at). Run it after any change to a game's rules (games/rules/):
the folds follow the rules by themselves, but finished_at is stored at each write, so a game
a change ends, or no longer ends, keeps its old answer until then.

One game at a time, each in a transaction with its row locked as a write at the table takes
it (services.lock), so it runs while the app serves. Games still being imported are left to
their import, which settles them as it writes them.
"""

from collections import Counter

from django.core.management.base import BaseCommand
from django.db import transaction

from games import services
from games.models import Game

BATCH = 500


GONE = object()  # deleted since it was listed


class Command(BaseCommand):
    help = "Decide again, by the current rules, whether each game is finished (after a change)."

    def handle(self, *args, **options):
        changed = Counter()
        listed = Game.objects.order_by("pk").values_list("pk", "finished_at")
        for pk, was in listed.iterator(BATCH):
            now = resettle(pk)
            if now is not GONE and now != was:
                changed[what_changed(was, now)] += 1
        words = ", ".join(f"{changed[what]} {what}" for what in CHANGES)
        self.stdout.write(f"{words}.")


CHANGES = ("finished", "no longer finished", "finished at another time")


def what_changed(was, now):
    if was is None:
        return CHANGES[0]
    return CHANGES[1] if now is None else CHANGES[2]


def resettle(pk):
    """Game `pk`'s finished_at as the rules decide it now; GONE if it was deleted."""
    with transaction.atomic():
        game = Game.objects.filter(pk=pk).first()
        if game is None:
            return GONE
        game = services.lock(game)
        game.settle()
        return game.finished_at
