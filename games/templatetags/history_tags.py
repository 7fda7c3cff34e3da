from django import template

from games import bgstats, history

register = template.Library()


@register.inclusion_tag("games/_finished.html")
def finished_summary(game):
    """Standings, emptied hands, the totals chart and BG Stats, for a finished game's page."""
    return {
        "game": game,
        "standings": history.standings(game),
        "chart": history.totals_chart(game),
        "bgstats_url": bgstats.push_url(game),
    }
