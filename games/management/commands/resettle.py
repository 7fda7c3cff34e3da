"""`manage.py resettle`: decide again, by the rules as they are now, whether each game is over,
since when and at which places (Game.finished_at, Game.places). `migrate` does it by itself
when the rules changed since every game was last settled (games/settling.py); this command
does it at any time.

One game at a time, each in a transaction with its row locked as a write at the table takes
it, so it runs while the app serves. Games still being imported are left to their import,
which settles them as it writes them.
"""

from django.core.management.base import BaseCommand

from games.settling import CHANGES, settle_every_game


class Command(BaseCommand):
    help = "Decide again, by the current rules, whether each game is finished and its places."

    def handle(self, *args, **options):
        changed = settle_every_game()
        words = ", ".join(f"{changed[what]} {what}" for what in CHANGES)
        self.stdout.write(f"{words}.")
