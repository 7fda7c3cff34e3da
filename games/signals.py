"""Every write to what a sheet shows gives its game a new revision, whoever makes it.

The revision is the services' optimistic lock and what the live view's poll compares.
Writes of one instance at a time (the admin's, the services' rounds) are caught here, and
`Game.save` raises its own in its UPDATE. Writes in bulk send no signal: the services write
only a round's entries that way, together with the round itself, and give a merged player's
seats to the other player that way, after raising those games' revisions themselves
(services.merge_players).
"""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from games.models import Entry, Game, Player, Round


@receiver(post_save, sender=Round)
def round_saved(sender, instance, raw=False, **kwargs):
    if not raw:  # loaddata: the game's revision comes with the fixture
        Game.objects.filter(pk=instance.game_id).touch()


@receiver(post_delete, sender=Round)
def round_deleted(sender, instance, origin=None, **kwargs):
    # A round deleted with its game, or with its owner's account, leaves no sheet to show.
    if isinstance(origin, Round) or getattr(origin, "model", None) is Round:
        Game.objects.filter(pk=instance.game_id).touch()


@receiver(post_save, sender=Entry)
def entry_saved(sender, instance, raw=False, **kwargs):
    if not raw:
        Game.objects.filter(rounds=instance.round_id).touch()


@receiver(post_save, sender=Player)
def player_saved(sender, instance, created, raw=False, **kwargs):
    # A renamed player: every sheet they sit at shows the new name.
    if not created and not raw:
        Game.objects.filter(players=instance).touch()
