"""The rule pages: an index with the summary for the table, and one short page per topic.

The prose is a whole template per language (templates/rules/<language>/<section>.html),
so a translator writes a page, not sentences; the numbers come from `games.rulebook`.
"""

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from games import rulebook


def _prose(name):
    """The template of `name` in the reader's language, English when there is none yet."""
    return [f"rules/{get_language()}/{name}.html", f"rules/{settings.LANGUAGE_CODE}/{name}.html"]


@require_GET
def rules_index(request):
    context = {"sections": rulebook.SECTIONS, "prose": _prose("summary"), "n": rulebook.numbers()}
    return render(request, "rules/index.html", context)


@require_GET
def rules_page(request, slug):
    titles = dict(rulebook.SECTIONS)
    if slug not in titles:
        raise Http404
    before, after = rulebook.neighbours(slug)
    context = {
        "slug": slug,
        "title": titles[slug],
        "prose": _prose(slug),
        "before": before,
        "after": after,
        "n": rulebook.numbers(),
        "ex": rulebook.examples(),
        "loop": rulebook.loop_picture(),
    }
    return render(request, "rules/page.html", context)
