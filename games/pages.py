"""What several views of a game render alike: the sheet with its round form, the edit page of a
round, a refusal over the sheet as it is, a link's QR code. Views import these (and the doors
of games/access.py); they never import one another."""

from functools import partial

import segno
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.utils.csp import CSP

from games import numbers
from games.display import saved_by, sheet_context
from games.forms.calculator import offer_goals
from games.forms.game import GameAboutForm, RoundForm
from games.refusals import stale_message, stale_round_message
from games.reports import folds

# How often the phones that follow a game ask for news (the live view and the sheet itself):
# a round saved on one phone shows on the others within 1.5 s (docs/benchmarks.md).
POLL_SECONDS = 1

# Black on white whatever the theme, with a wide quiet zone: phone cameras read that best.
QR_STYLE = {"scale": 6, "border": 4, "dark": "#000", "light": "#fff"}

# The result pictures (a game's, views/result.py; a night's, views/nights.py): part of a kept
# picture's key and its ETag (a new drawing makes new ones), and how long it is kept.
VERSION = 1
KEPT_SECONDS = 60 * 60 * 24
# A picture opened on its own: the browser's viewer styles it inline, and nothing else runs.
IMAGE_ONLY = {"default-src": [CSP.NONE], "img-src": [CSP.SELF], "style-src": [CSP.UNSAFE_INLINE]}


def posted(request):
    """The data of a POST, even an empty one (refused with 422, not shown as a blank form)."""
    return request.POST if request.method == "POST" else None


def refill(data):
    """The values a form was posted with, to put back into the form shown again."""
    return {key: data.get(key) for key in data if key != "csrfmiddlewaretoken"}


def sheet(request, access, game, form, status=200, notice="", about=None, saved=None):
    """The sheet; `saved`: the number of the round just saved, confirmed at its top. The
    game's state is the one at hand (folded by the write that answers), else the one kept
    under its version."""
    game = folds.with_kept_state(game)
    template = "games/game.html#sheet" if request.htmx else "games/game.html"
    context = page_context(access, game, form) | {"notice": notice, "saved": saved}
    if access.is_owner:
        about = about or GameAboutForm(initial={"venue": game.venue, "note": game.note})
        context["about_form"] = about
    offer_goals(request.session, form.calculator)
    response = render(request, template, context, status=status)
    # one address, two answers (the page, or its partial for htmx): caches must tell them apart
    patch_vary_headers(response, ["HX-Request"])
    return response


def round_page(request, access, game, form, status=200, notice="", later=""):
    """The page of a round form as it is (a hand counted, a goal typed, a refusal): the sheet
    for the next round, or the edit page of round `form.number`."""
    if form.number is None:
        return sheet(request, access, game, form, status=status, notice=notice)
    offer_goals(request.session, form.calculator)
    context = page_context(access, game, form) | {"notice": notice, "later": later}
    context["preview_url"] = form.preview_action
    context["follow_url"] = form.action  # its follower asks the edit page (round_edit.html)
    return render(request, "games/round_edit.html", context, status=status)


def edit_page(request, access, game, number, bound, status=200, notice=""):
    """Round `number` in its form as typed (a return kept as typed is replayed as stored, never
    refused), bound to the stored round `bound` (its id and its version). Everything on the
    page comes from the one read of the rounds that `bound` came from (Game.stored, folded
    here): not from the fold kept under the version of the game's row, which another phone's
    undo may have left behind them."""
    entries = game.state.round_at(number).entries
    initial = {f"seat_{seat}": value for seat, value in enumerate(entries)}
    initial["last_to_quit"] = game.stored_rounds[number - 1].played.last_to_quit
    initial["round_id"], initial["round_version"] = bound
    form = RoundForm(game, number=number, initial=initial)
    return round_page(request, access, game, form, status=status, notice=notice)


def undo_page(request, access, game, form, status=200, notice=""):
    """The confirmation of an undo of the last round typed, with its numbers."""
    # A round beyond the end is undone as typed: it counts nothing, but it was typed
    last = game.state.round_at(game.state.next_round - 1)
    typed = last.points if last in game.state.rounds else last.entries
    entries = zip(game.names, typed, strict=True)
    context = {"game": game, "last": last, "entries": entries, "form": form, "notice": notice}
    context["sheet_url"] = access.sheet_url
    return render(request, "games/round_undo.html", context, status=status)


def gone(request, access, game, notice):
    """The sheet as it is, with why nothing was changed (409)."""
    return sheet(request, access, game, RoundForm(game), status=409, notice=notice)


def page_context(access, game, form=None):
    """What the sheet's pages show, with the links of whoever acts on it (owner or scorer)."""
    if form is not None:
        _point(form, access)
    context = sheet_context(game, edit_url=partial(access.url, "round_edit"))
    return context | {
        "form": form,
        "access": access,
        "scorer": access.scorer,
        # a scorer link whose game is over shows it as it is, and changes nothing
        "read_only": access.scorer is not None and game.state.finished,
        "board_url": access.url("game_board"),
        "events_url": access.url("game_events"),
        "undo_url": access.url("round_undo"),
        "poll_seconds": POLL_SECONDS,
        # called by the template only when its kept part is not kept already
        "saved_by": partial(saved_by, game),
    }


def _point(form, access):
    """Where the form and its helper buttons post: the save (or the edit), the hand calculator
    and its goals, the emptied hand; by the owner's URLs or the scorer link's."""
    if form.number is None:
        form.action = access.url("round_add")
        form.calculate_action = access.url("round_calculate")
        form.goal_action = access.url("round_goal")
        form.return_action = access.url("round_return")
    else:
        form.action = access.url("round_edit", form.number)
        form.calculate_action = access.url("round_edit_calculate", form.number)
        form.goal_action = access.url("round_edit_goal", form.number)
        form.return_action = access.url("round_edit_return", form.number)
        form.preview_action = access.url("round_edit_preview", form.number)


def stale(request, access, number, fresh=None):
    fresh = fresh or access.read()
    notice = stale_message(number)
    return sheet(request, access, fresh, RoundForm(fresh), status=409, notice=notice)


def stale_round(request, access, refused, fresh=None, theirs=None):
    """A round typed on a sheet that is no longer the game's (another phone saved that round,
    or the page was old): nothing is dropped in silence. The sheet as it is now, and the
    numbers typed in its form, ready to save as the next round with one tap; `theirs`: the
    round saved under that number, with other numbers, named beside the ones typed."""
    fresh = folds.with_kept_state(fresh or access.read())
    entered = refused.entered_values()
    shown = typed(refused, fresh.names)
    number = refused.posted_number() or fresh.state.next_round - 1
    saved = theirs and ", ".join(
        f"{name} {numbers.shown(value)}"
        for name, value in zip(fresh.names, theirs.entries, strict=True)
    )
    notice = stale_round_message(
        number, shown, fresh.state.next_round, fresh.state.finished, saved or ""
    )
    form = RoundForm(fresh, initial=entered)
    return sheet(request, access, fresh, form, status=409, notice=notice)


def typed(form, names):
    """What was typed in a round form, as a notice names it: "Ana 4, Ben −10" (the sheet's
    minus sign)."""
    entered = form.entered_values()
    return ", ".join(
        f"{name} {numbers.shown(str(entered[f'seat_{seat}']))}"
        for seat, name in enumerate(names)
        if f"seat_{seat}" in entered
    )


def qr_code(request, link):
    """The QR code of a link (live or scorer) as an SVG, kept by nobody: it is a key."""
    qr = segno.make(request.build_absolute_uri(link.get_absolute_url()), error="m")
    response = HttpResponse(content_type="image/svg+xml")
    qr.save(response, kind="svg", xmldecl=False, svgclass=None, lineclass=None, **QR_STYLE)
    response["Cache-Control"] = "private, no-store"
    return response
