"""What a write's outcome (saves.Outcome) becomes: the one place where a round added, a round
corrected and a round undone, by the owner or a scorer link, turn into a response. Alike for
all three: saved, the page it leads to; refused by its form or the rules, 422 with the message
next to what was posted; undone or changed since, 409 with the page as the game now stands and
a notice that says why nothing changed. The views (sheet.py, corrections.py) only read the
form and ask the service."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from games.forms.game import ConfirmForm, RoundForm
from games.pages import (
    edit_page,
    gone,
    refill,
    round_page,
    sheet,
    stale,
    stale_round,
    typed,
    undo_page,
)
from games.refusals import (
    changed_message,
    edit_gone_message,
    end_shift_message,
    moved_message,
    not_last_message,
    recount_message,
    undone_message,
    undone_replay_message,
)
from games.reports import folds
from games.services.rounds import bound_round
from games.services.saves import REFUSED, REPEATED, SAVED, UNDONE

# The three writes of a sheet, told apart by the form that posted them.
ADD, EDIT, UNDO = "add", "edit", "undo"


def write_of(form):
    """Which write `form` posted: an undo's confirmation, a round's edit, or the next round."""
    if isinstance(form, ConfirmForm):
        return UNDO
    return EDIT if form.number is not None else ADD


def answer(request, access, game, form, outcome):
    """The response to `outcome`, the service's answer to `form` posted on `game` (as read
    before the write)."""
    write = write_of(form)
    if outcome.result in (SAVED, REPEATED):
        return _saved(request, access, write, game, outcome)
    if outcome.result == REFUSED:
        return _refused(request, access, write, game, form, outcome)
    if outcome.result == UNDONE:
        return _undone(request, access, write, game, form, outcome)
    return _changed(request, access, write, game, form, outcome)


def _saved(request, access, write, game, outcome):
    if write == ADD:
        return _round_saved(request, access, outcome.number, outcome.game)
    # its names and rules, as read before the write: the same after it
    if write == EDIT and (said := consequences(game, outcome.recounts, outcome.end)):
        messages.info(request, said)  # said on the sheet it goes back to
    if write == UNDO:  # said on the sheet, and aloud (js/told.js), as another phone hears it
        messages.success(request, _("Round %(number)s undone.") % {"number": outcome.number})
    return redirect(access.sheet_url)


def _round_saved(request, access, number, game=None):
    """Round `number` saved (or found saved by its key): the sheet, which says so at its top,
    ready for the next round; `game` as the save left it, when it is at hand."""
    if not request.htmx:
        messages.success(request, _("Round %(number)s saved.") % {"number": number})
        return redirect(access.sheet_url)
    game = folds.with_kept_state(game or access.read())
    key = game.stored_rounds[number - 1].key if number <= len(game.stored_rounds) else None
    form = RoundForm(game, initial={"saved_key": key})
    return sheet(request, access, game, form, saved=number)


def _refused(request, access, write, game, form, outcome):
    """Refused by the form or the rules: the page it was posted from, the message next to what
    was posted (422; 409 for a round posted to a game that is over meanwhile)."""
    if write == ADD:
        game = folds.with_kept_state(outcome.game or game)
        return sheet(request, access, game, form, status=409 if game.state.finished else 422)
    if write == EDIT:
        return round_page(request, access, game, form, status=422)
    if game.state.next_round == 1:  # nothing left to undo: the sheet, as it is
        return redirect(access.sheet_url)
    # the confirmation of the last round as it stands, with why nothing was undone
    again = ConfirmForm(bound_to(game, game.state.next_round - 1).initial)
    again.is_valid()
    for error in form.non_field_errors():
        again.add_error(None, error)
    return undo_page(request, access, game, again, status=422)


def _undone(request, access, write, game, form, outcome):
    """The round is gone (undone on another phone): nothing changes (409)."""
    number = outcome.number
    if write == ADD:
        game = folds.with_kept_state(outcome.game or access.read())
        notice = undone_replay_message(number, typed(form, game.names))
        return sheet(request, access, game, RoundForm(game), status=409, notice=notice)
    if write == EDIT:
        return edit_gone(request, access, form, number)
    return _undo_refused(request, access, number, form)


def _changed(request, access, write, game, form, outcome):
    """The game changed since the page was read (another phone's round, edit or undo): the
    game as it now stands, with what was typed, and why nothing changed (409)."""
    number = outcome.number
    if write == UNDO:
        return _undo_refused(request, access, number, form)
    if outcome.moved:  # the numbers typed, on the totals as they now stand
        game = folds.with_kept_state(outcome.game or game)
        notice = moved_message([(game.names[s], was, now) for s, was, now in outcome.moved])
        if write == ADD:
            again = RoundForm(game, initial=form.entered_values())
            return sheet(request, access, game, again, status=409, notice=notice)
        again = RoundForm(game, number=number, initial=refill(request.POST))
        return round_page(request, access, game, again, status=409, notice=notice)
    if write == ADD:
        fresh = folds.with_kept_state(outcome.game or access.read())
        return stale_round(request, access, form, fresh, theirs=outcome.theirs)
    if outcome.theirs is not None:  # edited on another phone since this page was opened
        return _edit_changed(request, access, form, number)
    return stale(request, access, number)


def consequences(game, recounts, end):
    """What a correction does beyond its own round: where the end moves, then the later
    returns that count otherwise ("" for neither)."""
    said = (end_shift_message(end, game.names, game.ruleset.end_score),)
    said += (recount_message(recounts, game.names),)
    return " ".join(part for part in said if part)


def _edit_changed(request, access, form, number):
    """An edit confirmed from a page opened before another phone edited the round: nothing
    changes; the round as it now stands, bound to its new version, and the numbers typed."""
    fresh = access.read()
    bound = bound_round(fresh, number)
    if bound is None:
        return edit_gone(request, access, form, number)
    notice = changed_message(number, undo=False, numbers=typed(form, fresh.names))
    return edit_page(request, access, fresh, number, bound, status=409, notice=notice)


def edit_gone(request, access, form, number):
    """An edit posted for a round undone since its page was opened: nothing changes."""
    fresh = access.read()
    bound = bound_round(fresh, number)
    if (bound and bound[0]) == whole_or_none(request.POST.get("round_id")):
        return stale(request, access, number, fresh)  # still there: it no longer fits
    return gone(request, access, fresh, edit_gone_message(number, typed(form, fresh.names)))


def _undo_refused(request, access, number, form):
    data = form.cleaned_data
    return undo_refused(request, access, access.read(), number, data.get("round_id"))


def undo_refused(request, access, game, number, round_id=None):
    """An undo page whose round is gone, no longer the last, or changed since it was opened:
    nothing is undone (409). A round changed is shown as it now stands, to undo or keep."""
    bound = bound_round(game, number)
    if bound is None or round_id not in (None, bound[0]):
        return gone(request, access, game, undone_message(number))
    if number != game.state.next_round - 1:  # the last typed, beyond the end or not
        return gone(request, access, game, not_last_message(number))
    notice = changed_message(number, undo=True)
    return undo_page(request, access, game, bound_to(game, number), 409, notice)


def bound_to(game, number):
    """The confirmation of an undo of round `number` as it now stands."""
    round_id, version = bound_round(game, number)
    initial = {"round_number": number, "round_id": round_id, "round_version": version}
    return ConfirmForm(initial=initial)


def whole_or_none(raw):
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None
