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
from games.answers import (
    answer,
    bound_to,
    consequences,
    edit_gone,
    undo_refused,
    whole_or_none,
)
from games.forms.game import BoardForm, ConfirmForm, RoundAsked, RoundForm
from games.pages import POLL_SECONDS, edit_page, gone, refill, round_page, typed, undo_page
from games.refusals import edit_gone_message
from games.services.rounds import bound_round
from games.services.saves import correct_round, undo_round


@require_http_methods(["GET", "POST"])
@never_cache  # Back shows the round as it is now, or says that it is gone
def edit_round(request, access, number):
    game = access.read()
    bound = bound_round(game, number)
    if request.method == "GET":
        if bound is None and request.htmx:  # the page's follower: undone on another phone
            return _gone_elsewhere(request, access, edit_gone_message(number))
        if bound is None:
            return gone(request, access, game, edit_gone_message(number))
        if request.htmx:  # still there: the follower follows on from this version
            return _follow(request, access, game, number)
        return edit_page(request, access, game, number, bound)
    form = RoundForm(game, request.POST, number=number)
    opened_for = whole_or_none(request.POST.get("round_id"))
    if bound is None or opened_for not in (None, bound[0]):
        return edit_gone(request, access, form, number)
    sub = form.submission()
    seen = form.cleaned_data.get("round_version")
    outcome = correct_round(game, number, sub, access.scorer, opened_for, seen)
    return answer(request, access, game, form, outcome)


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
        later = consequences(game, ruleset.recounted(before, after, number), shift)
    if request.htmx:
        context = {"later": later, "preview_url": access.url("round_edit_preview", number)}
        return render(request, "games/_round_form.html#later-returns", context)
    again = RoundForm(game, number=number, initial=refill(request.POST))
    return round_page(request, access, game, again, status=200, later=later)


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


@require_http_methods(["GET", "POST"])
@never_cache  # Back refetches it: a round undone from it is then said to be gone
def undo(request, access):
    game = access.read()
    if request.method == "POST":
        form = ConfirmForm(request.POST)
        data = form.cleaned_data if form.is_valid() else {}
        number, round_id = data.get("round_number"), data.get("round_id")
        outcome = undo_round(game, number, round_id, data.get("round_version"), access.scorer)
        return answer(request, access, game, form, outcome)
    asked = RoundAsked(request.GET)
    last = game.state.next_round - 1  # the last typed, beyond the end or not
    number = (asked.cleaned_data["round"] if asked.is_valid() else None) or last
    if not last and number == last:
        return redirect(access.sheet_url)
    if number != last:
        return undo_refused(request, access, game, number)
    return undo_page(request, access, game, bound_to(game, number))


round_edit = for_owner(edit_round)
round_edit_preview = for_owner(preview_edit)
scorer_round_edit_preview = for_scorer(preview_edit)
round_undo = for_owner(undo)
scorer_round_edit = for_scorer(edit_round)
scorer_round_undo = for_scorer(undo)
