"""{% kind_partial ruleset "_cells.html" %}: the part of a sheet that differs per game.

Renders, with the page's context, the first of the game's own partial, its family's and the
default (games.display.kind_templates); nothing when none of them exists, for a game that has
nothing to add there (Llama Llama has no card picker).
"""

from django import template
from django.template import TemplateDoesNotExist

from games.display import kind_templates

register = template.Library()


@register.simple_tag(takes_context=True)
def kind_partial(context, ruleset, name):
    # Found once per page, as {% include %} does: _cells.html is asked for each round.
    found = context.render_context.dicts[0].setdefault("kind_partials", {})
    key = (ruleset.kind, name)
    if key not in found:
        try:
            found[key] = context.template.engine.select_template(kind_templates(ruleset, name))
        except TemplateDoesNotExist:
            found[key] = None
    return "" if found[key] is None else found[key].render(context)
