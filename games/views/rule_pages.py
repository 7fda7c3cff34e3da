"""The rule pages: an index of the games' rules, and short pages per topic for each game.

The prose is a whole template per language (templates/rules/<language>/...html), so a
translator writes a page, not sentences; the numbers come from `games.rulebook`, which asks
the rules module. L.L.A.M.A.'s topics live at rules/<topic>/, Llama Llama's at
rules/llama-llama/<topic>/; the Lato z komarami rule has one page of its own, and so has the
L.A.M.A. Party Edition (its prose in rules/<language>/party/).
"""

from dataclasses import dataclass

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from games import rulebook
from games.models import Kind
from games.rulebook import lama, lato, llama_llama, party, table


@dataclass(frozen=True)
class Book:
    """One game's rules: its topics, and the names of the URLs of its index and its topics."""

    title: Promise
    sections: tuple
    index: str
    page: str
    folder: str = ""  # where its prose lives in templates/rules/<language>/


LAMA = Book(_("Rules of L.L.A.M.A."), lama.SECTIONS, "rules", "rules_page")
# The group's table ranks every game: its page belongs to the rules of all of them.
GAMES = Book(_("Rules of the games"), (), "rules", "rules_page")
LLAMA_LLAMA = Book(
    _("Rules of Llama Llama"),
    llama_llama.SECTIONS,
    "rules_llama_llama",
    "rules_llama_llama_page",
    "llama-llama/",
)


def _prose(name):
    """The template of `name` in the reader's language, English when there is none yet."""
    return [f"rules/{get_language()}/{name}.html", f"rules/{settings.LANGUAGE_CODE}/{name}.html"]


@require_GET
def rules_index(request):
    context = {
        "sections": LAMA.sections,
        "prose": _prose("summary"),
        "n": lama.numbers(),
        "lato": lato.numbers(),
        "party": party.numbers(),
        "llama_llama": llama_llama.numbers(),
    }
    return render(request, "rules/index.html", context)


@require_GET
def rules_page(request, slug):
    context = {"n": lama.numbers(), "ex": lama.examples(), "loop": lama.loop_picture()}
    return _topic(request, LAMA, slug, context)


@require_GET
def llama_llama_index(request):
    context = {
        "book": LLAMA_LLAMA,
        "prose": _prose("llama-llama/summary"),
        "n": llama_llama.numbers(),
    }
    return render(request, "rules/llama_llama.html", context)


@require_GET
def llama_llama_page(request, slug):
    context = {"n": llama_llama.numbers(), "ex": llama_llama.examples()}
    return _topic(request, LLAMA_LLAMA, slug, context)


@require_GET
def lato_page(request):
    context = {
        "title": _("The Lato z komarami rule"),
        "book": LAMA,
        "prose": _prose("lato-z-komarami"),
        "game_name": Kind.LATO.label,
        "n": lato.numbers(),
        "ex": lato.examples(),
    }
    return render(request, "rules/page.html", context)


@require_GET
def party_page(request):
    context = {
        "title": _("Rules of the L.A.M.A. Party Edition"),
        "book": GAMES,  # a game of its own, beside L.L.A.M.A. on the rules' index
        "prose": _prose("party/edition"),
        "game_name": Kind.PARTY.label,
        "n": party.numbers(),
        "ex": party.examples(),
    }
    return render(request, "rules/page.html", context)


@require_GET
def table_page(request):
    """How the group's table is computed, with three games rated by the table's own code."""
    context = {
        "title": _("How the group's table is computed"),
        "book": GAMES,
        "prose": _prose("table"),
        "steps": table.example(),
        "ranked_after": settings.RANKED_AFTER_GAMES,
        "settles": settings.RATING_SETTLES_AFTER_GAMES,
    }
    return render(request, "rules/page.html", context)


def _topic(request, book, slug, context):
    """One topic of a game's rules, with the way back to its index and on to the next topic."""
    titles = dict(book.sections)
    if slug not in titles:
        raise Http404
    before, after = rulebook.neighbours(book.sections, slug)
    context |= {
        "title": titles[slug],
        "book": book,
        "prose": _prose(book.folder + slug),
        "before": before,
        "after": after,
    }
    return render(request, "rules/page.html", context)
