from django import template

from games.archive import bgstats
from games.reports import picture, summaries

register = template.Library()


@register.inclusion_tag("games/_finished.html")
def finished_summary(game):
    """Standings, emptied hands (in the games where a hand is emptied), the totals chart and
    BG Stats, and the result picture to share, for a finished game's page."""
    return {
        "game": game,
        "emptied_hands": game.ruleset.best_return(0) is not None,
        "standings": summaries.standings(game),
        "chart": summaries.totals_chart(game),
        "bgstats_url": bgstats.push_url(game),
        "result": picture.describe(game),
        "result_size": (picture.WIDTH, picture.HEIGHT),
    }
