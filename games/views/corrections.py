"""A round saved, then corrected: edited, or the last one undone. The owner's views and the
scorer links' are the same functions, given an Access (games/access.py). The hand calculator
of an edit page posts to views/fill.py."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.access import for_owner, for_scorer
from games.forms.game import BoardForm, ConfirmForm, RoundAsked, RoundForm
from games.pages import POLL_SECONDS, refill, round_page, sheet, stale, typed
from games.refusals import (
    changed_message,
    edit_gone_message,
    end_shift_message,
    moved_message,
    not_last_message,
    recount_message,
    undone_message,
)
from games.services.rounds import bound_round
from games.services.saves import REFUSED, SAVED, UNDONE, correct_round, undo_round


@require_http_methods(["GET", "POST"])
@never_cache  # Back shows the round as it is now, or says that it is gone
def edit_round(request, access, number):
    game = access.read()
    bound = bound_round(game, number)
    if request.method == "GET":
        if bound is None and request.htmx:  # the page's follower: undone on another phone
            return _gone_elsewhere(request, access, edit_gone_message(number))
        if bound is None:
            return _gone(request, access, game, edit_gone_message(number))
        if request.htmx:  # still there: the follower follows on from this version
            return _follow(request, access, game, number)
        return _edit_page(request, access, game, number, bound)
    form = RoundForm(game, request.POST, number=number)
    opened_for = _whole_or_none(request.POST.get("round_id"))
    if bound is None or opened_for not in (None, bound[0]):
        return _edit_gone(request, access, game, form, number)
    sub = form.submission()
    seen = form.cleaned_data.get("round_version")
    outcome = correct_round(game, number, sub, access.scorer, opened_for, seen)
    return _answer(request, access, game, form, outcome)


def _answer(request, access, game, form, outcome):
    """The one place an edit's outcome (saves.Outcome) becomes a response."""
    number = outcome.number
    if outcome.result == SAVED:
        said = _consequences(game, outcome.recounts, outcome.end)
        if said:  # said on the sheet it goes back to
            messages.info(request, said)
        return redirect(access.sheet_url)
    if outcome.result == REFUSED:
        return round_page(request, access, game, form, status=422)
    if outcome.result == UNDONE:
        return _edit_gone(request, access, game, form, number)
    if outcome.moved:  # the numbers typed, on the totals as they now stand
        game = game
        notice = moved_message([(game.names[s], was, now) for s, was, now in outcome.moved])
        again = RoundForm(game, number=number, initial=refill(request.POST))
        return round_page(request, access, game, again, status=409, notice=notice)
    if outcome.theirs is not None:  # edited on another phone since this page was opened
        return _edit_changed(request, access, form, number)
    return stale(request, access, number)


@require_POST
def preview_edit(request, access, number):
    """What the numbers typed on an edit page would do, before it is saved: where the game
    now ends (or that it goes on), and what later returns count (htmx asks as they are
    typed; without JavaScript, "Check later rounds")."""
    game = access.read()
    form = RoundForm(game, request.POST, number=number)
    if bound_round(game, number) is None and request.htmx:
        return _gone_elsewhere(request, access, edit_gone_message(number, typed(form, game.names)))
    if bound_round(game, number) is None:
        return redirect(access.url("round_edit", number))  # its page says it is gone
    later = ""
    if form.is_valid():
        before, after = game.state, form.cleaned_data["state"]
        ruleset = game.ruleset
        shift = ruleset.end_shift(before, after)
        later = _consequences(game, ruleset.recounted(before, after, number), shift)
    if request.htmx:
        context = {"later": later, "preview_url": access.url("round_edit_preview", number)}
        return render(request, "games/round_edit.html#later-returns", context)
    again = RoundForm(game, number=number, initial=refill(request.POST))
    return round_page(request, access, game, again, status=200, later=later)


def _consequences(game, recounts, end):
    """What a correction does beyond its own round: where the end moves, then the later
    returns that count otherwise ("" for neither)."""
    said = (end_shift_message(end, game.names, game.ruleset.end_score),)
    said += (recount_message(recounts, game.names),)
    return " ".join(part for part in said if part)


def _edit_page(request, access, game, number, bound, status=200, notice=""):
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


def _edit_changed(request, access, form, number):
    """An edit confirmed from a page opened before another phone edited the round: nothing
    changes; the round as it now stands, bound to its new version, and the numbers typed."""
    fresh = access.read()
    bound = bound_round(fresh, number)
    if bound is None:
        return _edit_gone(request, access, fresh, form, number)
    notice = changed_message(number, undo=False, numbers=typed(form, fresh.names))
    return _edit_page(request, access, fresh, number, bound, status=409, notice=notice)


def _edit_gone(request, access, game, form, number):
    """An edit posted for a round undone since its page was opened: nothing changes."""
    fresh = access.read()
    bound = bound_round(fresh, number)
    if (bound and bound[0]) == _whole_or_none(request.POST.get("round_id")):
        return stale(request, access, number, fresh)  # still there: it no longer fits
    return _gone(request, access, fresh, edit_gone_message(number, typed(form, fresh.names)))


def _gone_elsewhere(request, access, notice):
    """An edit page that learns (its follower, its preview: htmx) that another phone undid its
    round: the whole page goes to the sheet, the one way forward, which says why (once, a
    message), instead of the sheet inside the edit page."""
    messages.warning(request, notice)
    return HttpResponseClientRedirect(access.sheet_url)


def _follow(request, access, game, number):
    """The follower's answer: nothing while the game is at the version it has seen (a 204, as
    the sheet's board gets), else itself at the new version."""
    seen = BoardForm(request.GET)
    if seen.is_valid() and seen.cleaned_data["seen"] == str(game.version):
        return HttpResponse(status=204)
    return render(request, "games/round_edit.html#follow", _follower(access, game, number))


def _follower(access, game, number):
    """What an edit page's follower (round_edit.html#follow) asks with: the game's version
    seen, told of a new one by the game's stream (js/stream.js) or its poll."""
    return {
        "follow_url": access.url("round_edit", number),
        "game": game,
        "events_url": access.url("game_events"),
        "poll_seconds": POLL_SECONDS,
    }


def _gone(request, access, game, notice):
    """The sheet as it is, with why nothing was changed (409)."""
    return sheet(request, access, game, RoundForm(game), status=409, notice=notice)


@require_http_methods(["GET", "POST"])
@never_cache  # Back refetches it: a round undone from it is then said to be gone
def undo(request, access):
    game = access.read()
    if request.method == "POST":
        return _undo(request, access, game)
    asked = RoundAsked(request.GET)
    last = game.state.next_round - 1  # the last typed, beyond the end or not
    number = (asked.cleaned_data["round"] if asked.is_valid() else None) or last
    if not last and number == last:
        return redirect(access.sheet_url)
    if number != last:
        return _undo_refused(request, access, game, number)
    return _undo_page(request, access, game, _bound_to(game, number))


def _bound_to(game, number):
    """The confirmation of an undo of round `number` as it now stands."""
    round_id, version = bound_round(game, number)
    initial = {"round_number": number, "round_id": round_id, "round_version": version}
    return ConfirmForm(initial=initial)


def _undo(request, access, game):
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        if game.state.next_round == 1:
            return redirect(access.sheet_url)
        return _undo_page(request, access, game, form, status=422)
    data = form.cleaned_data
    number, round_id, version = data["round_number"], data["round_id"], data["round_version"]
    outcome = undo_round(game, number, round_id, version, saved_by=access.scorer)
    if outcome.result == SAVED:
        return redirect(access.sheet_url)
    # UNDONE or CHANGED: the page says which, from the game as it now stands
    return _undo_refused(request, access, access.read(), number, round_id, version)


def _undo_refused(request, access, game, number, round_id=None, version=None):
    """An undo page whose round is gone, no longer the last, or changed since it was opened:
    nothing is undone (409). A round changed is shown as it now stands, to undo or keep."""
    bound = bound_round(game, number)
    gone = bound is None or round_id not in (None, bound[0])
    if gone:
        return _gone(request, access, game, undone_message(number))
    last = game.state.next_round - 1  # the last typed, beyond the end or not
    if number != last:
        return _gone(request, access, game, not_last_message(number))
    notice = changed_message(number, undo=True)
    return _undo_page(request, access, game, _bound_to(game, number), 409, notice)


def _undo_page(request, access, game, form, status=200, notice=""):
    # A round beyond the end is undone as typed: it counts nothing, but it was typed
    last = game.state.round_at(game.state.next_round - 1)
    typed = last.points if last in game.state.rounds else last.entries
    entries = zip(game.names, typed, strict=True)
    context = {"game": game, "last": last, "entries": entries, "form": form, "notice": notice}
    context["sheet_url"] = access.sheet_url
    return render(request, "games/round_undo.html", context, status=status)


def _whole_or_none(raw):
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


round_edit = for_owner(edit_round)
round_edit_preview = for_owner(preview_edit)
scorer_round_edit_preview = for_scorer(preview_edit)
round_undo = for_owner(undo)
scorer_round_edit = for_scorer(edit_round)
scorer_round_undo = for_scorer(undo)
