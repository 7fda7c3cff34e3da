"""{% elide name %}…{% endelide %}: the block's French elided before `name` (games/wording.py).

    {% elide name %}{% blocktranslate %}Add a llama to {{ name }}'s hand{% endblocktranslate %}
    {% endelide %}

renders "Ajouter un lama à la main d’Anna" for Anna, "… de Ben" for Ben.

{{ winners|and_list }}: "Ana, Ben and Cleo", "Ana, Ben et Cleo".
"""

from django import template
from django.utils.safestring import mark_safe

from games.wording import and_list, elide

register = template.Library()


@register.tag("elide")
def do_elide(parser, token):
    names = [parser.compile_filter(bit) for bit in token.split_contents()[1:]]
    if not names:
        raise template.TemplateSyntaxError("{% elide %} needs the name(s) it elides before")
    nodelist = parser.parse(("endelide",))
    parser.delete_first_token()
    return ElideNode(nodelist, names)


class ElideNode(template.Node):
    def __init__(self, nodelist, names):
        self.nodelist, self.names = nodelist, names

    def render(self, context):
        names = [name.resolve(context) for name in self.names]
        # The block's output is HTML already escaped by the template engine.
        return elide(mark_safe(self.nodelist.render(context)), *map(str, names))


@register.filter("elide")
def elide_filter(text, name):
    """The filter form, for a sentence held in a variable: {{ title|elide:player.name }}."""
    return elide(text, str(name))


@register.filter("and_list")
def and_list_filter(names):
    """Names (or players) as a sentence lists them, in the reader's language."""
    return and_list(names)
