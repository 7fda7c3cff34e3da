"""A game's scorer links: made, numbered, revoked."""

from django.db import transaction
from django.utils import timezone

from games.models import ScorerLink
from games.services.rounds import lock
from games.streams import notices


@transaction.atomic
def add_scorer_link(game):
    """A new scorer link for `game`, numbered after every link it ever had (a revoked link
    keeps its number: the rounds it saved still name it)."""
    lock(game)  # two taps on "Create" at once would draw the same number
    last = game.scorer_links.order_by("-number").values_list("number", flat=True).first()
    return ScorerLink.objects.create(game=game, number=(last or 0) + 1)


def revoke_scorer_link(link):
    """The link stops working at once: every request of its holder looks it up, and its
    stream is told to (games/streams)."""
    ScorerLink.objects.filter(pk=link.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
    notices.recheck_game(link.game_id)
