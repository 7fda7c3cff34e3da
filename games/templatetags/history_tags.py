from django import template

from games.archive import bgstats
from games.reports import picture, summaries

register = template.Library()


@register.inclusion_tag("games/_finished.html")
def finished_summary(game, access):
    """Standings, emptied hands (in the games where a hand is emptied), the totals chart and
    BG Stats, and the result picture to share, for a finished game's page; by the URLs of
    whoever sees it (games/access.py), its owner or a scorer link (no player page or BG Stats
    there: they are the owner's)."""
    return {
        "game": game,
        "owner": access.is_owner,
        "picture_url": access.url("game_result_png"),
        "emptied_hands": game.ruleset.has_emptied_hand,
        "standings": summaries.standings(game),
        "chart": summaries.totals_chart(game),
        "bgstats_url": bgstats.push_url(game),
        "result": picture.describe(game),
        "result_size": (picture.WIDTH, picture.HEIGHT),
    }
