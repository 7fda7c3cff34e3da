"""The scoresheet: a new game, its rounds added, edited and undone, a rematch, its JSON."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils import formats, timezone
from django.utils.cache import patch_vary_headers
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import services
from games.display import sheet_context
from games.forms.calculator import (
    HandCalculator,
    calculates,
    offer_goals,
    remember_goals,
    with_goal_chosen,
)
from games.forms.game import ConfirmForm, GameAboutForm, NewGameForm, RoundAsked, RoundForm
from games.models import Seat
from games.refusals import (
    edit_gone_message,
    not_last_message,
    stale_message,
    stale_round_message,
    undone_message,
)
from games.reports import folds
from games.wording import and_list, collation_key


def get_game_for(user, pk):
    """The one door to a game: another account's game is a 404.

    The game comes with its seats and their players, read in the same query: every page of
    a game shows the players' names.
    """
    seats = Seat.objects.filter(game__owner=user, game__pk=pk).select_related("game", "player")
    seats = list(seats.order_by("position"))
    if not seats:  # a game always has two seats at least
        raise Http404
    game = seats[0].game
    for seat in seats:
        seat.game = game
    return game.load(seats=seats)


def posted(request):
    """The data of a POST, even an empty one (refused with 422, not shown as a blank form)."""
    return request.POST if request.method == "POST" else None


@login_required
@require_http_methods(["GET", "POST"])
def game_new(request):
    last = request.user.games.only("kind").first()  # the game chosen last time is offered first
    form = NewGameForm(posted(request), initial={"game": last.kind} if last else {})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = services.start_game(
                request.user, data["names"], data["first_starter"], data["game"]
            )
        except services.SamePlayer as same:
            form.add_error(None, _("%(name)s is already at the table.") % {"name": same.name})
        else:
            return redirect(game)
    roster = sorted(request.user.players.seated(), key=lambda player: collation_key(player.name))
    context = {"form": form, "roster": roster}
    return render(request, "games/new.html", context, status=422 if form.errors else 200)


@login_required
@require_GET
@never_cache  # Back must not show a sheet from before the last round (nor the bfcache keep it)
def game_detail(request, pk):
    game = folds.with_kept_state(get_game_for(request.user, pk))
    return sheet(request, game, RoundForm(game))


def sheet(request, game, form, status=200, notice="", about=None, saved=None):
    """The sheet; `saved`: the number of the round just saved, confirmed at its top."""
    template = "games/game.html#sheet" if request.htmx else "games/game.html"
    about = about or GameAboutForm(initial={"place": game.place, "note": game.note})
    context = sheet_context(game) | {"form": form, "notice": notice, "about_form": about}
    context["saved"] = saved
    offer_goals(request.session, form.calculator)
    response = render(request, template, context, status=status)
    # one address, two answers (the page, or its partial for htmx): caches must tell them apart
    patch_vary_headers(response, ["HX-Request"])
    return response


@login_required
@require_POST
def round_add(request, pk):
    game = get_game_for(request.user, pk)
    if "emptied" in request.POST:
        return sheet(request, game, _with_return_filled(game, request.POST))
    if "calculate" in request.POST and calculates(game.ruleset):
        return _calculated(request, game)
    if "goal_choice" in request.POST and calculates(game.ruleset):
        return _goal_chosen(request, game)
    form = RoundForm(game, request.POST)
    saved = services.saved_with(game, request.POST.get("idempotency_key"))
    if saved is not None:  # this key saved a round: the same one again, or an old page's
        if form.repeats(*saved):
            return _saved(request, game, saved[0])
        return _stale_round(request, form)
    just_saved = services.saved_with(game, request.POST.get("saved_key"))
    if form.is_empty() and just_saved is not None and just_saved[0] == len(game.state.rounds):
        # A late second tap of a double tap, on the new form shown after the save (which
        # carries the key just saved): the answer to the first tap again, never a refusal.
        return _saved(request, game, just_saved[0])
    if not form.is_valid():
        return _refused(request, game, form)
    return _add(request, game, form)


def _add(request, game, form):
    number, key = game.state.next_round, form.cleaned_data["idempotency_key"]
    try:
        services.add_round(game, form.cleaned_data["round"], number, key)
    except services.StaleSheet:
        fresh = get_game_for(request.user, game.pk)
        saved = services.saved_with(fresh, key)
        if saved is not None and form.repeats(*saved):
            return _saved(request, fresh, saved[0])  # a double tap, both read before either saved
        return _stale_round(request, form, fresh)
    return _saved(request, game, number)


def _saved(request, game, number):
    """Round `number` saved (or found saved by its key): the sheet, which says so at its top,
    ready for the next round."""
    if not request.htmx:
        messages.success(request, _("Round %(number)s saved.") % {"number": number})
        return redirect(game)
    game = get_game_for(request.user, game.pk)
    key = game.stored_rounds[number - 1].key if number <= len(game.stored_rounds) else None
    return sheet(request, game, RoundForm(game, initial={"saved_key": key}), saved=number)


def _refused(request, game, form):
    if form.is_stale():
        return _stale_round(request, form)
    return sheet(request, game, form, status=409 if game.state.finished else 422)


def _stale(request, game, number, fresh=None):
    fresh = fresh or get_game_for(request.user, game.pk)
    return sheet(request, fresh, RoundForm(fresh), status=409, notice=stale_message(number))


def _stale_round(request, refused, fresh=None):
    """A round typed on a sheet that is no longer the game's (another phone saved that round,
    or the page was old): nothing is dropped in silence. The sheet as it is now, and the
    numbers typed in its form, ready to save as the next round with one tap."""
    fresh = fresh or get_game_for(request.user, refused.game.pk)
    entered = refused.entered_values()
    shown = _typed(refused, fresh.names)
    number = refused.posted_number() or fresh.state.next_round - 1
    notice = stale_round_message(number, shown, fresh.state.next_round, fresh.state.finished)
    return sheet(request, fresh, RoundForm(fresh, initial=entered), status=409, notice=notice)


def _typed(form, names):
    """What was typed in a round form, as a notice names it: "Ana 4, Ben 0"."""
    entered = form.entered_values()
    return ", ".join(
        f"{name} {entered[f'seat_{seat}']}"
        for seat, name in enumerate(names)
        if f"seat_{seat}" in entered
    )


def _refill(data):
    """The values a form was posted with, to put back into the form shown again."""
    return {key: data.get(key) for key in data if key != "csrfmiddlewaretoken"}


def _with_return_filled(game, data):
    """Without JavaScript, the emptied-hand button comes back with the best return typed."""
    initial = _refill(data)
    if not game.ruleset.has_emptied_hand:
        return RoundForm(game, initial=initial)
    try:
        seat = int(data.get("emptied"))
        initial[f"seat_{seat}"] = game.ruleset.best_return(game.state.totals[seat])
    except (TypeError, ValueError, IndexError):
        pass
    return RoundForm(game, initial=initial)


def _calculated(request, game, number=None):
    """Llama Llama's hand calculator: the sheet again, everything typed kept, the player's
    score counted by the rules and typed in their field; nothing saved. A goal or a hand it
    cannot read is refused (422) with the reason next to its field."""
    calculator = HandCalculator(game, request.POST)
    initial, counted = _refill(request.POST), calculator.is_valid()
    if counted:
        initial[f"seat_{calculator.cleaned_data['calculate']}"] = calculator.score.total
    form = RoundForm(game, number=number, initial=initial, calculator=calculator)
    if counted:
        remember_goals(request.session, calculator)
    return _with_calculator(request, game, form, number, status=200 if counted else 422)


def _goal_chosen(request, game, number=None):
    """A goal typed before, tapped: typed in the first empty goal field; nothing saved."""
    initial = with_goal_chosen(request.POST, game.ruleset.goals_per_round)
    form = RoundForm(game, number=number, initial=initial)
    return _with_calculator(request, game, form, number)


def _with_calculator(request, game, form, number, status=200):
    """The sheet, or the edit page of round `number`, with the calculator as it is."""
    if number is None:
        return sheet(request, game, form, status=status)
    offer_goals(request.session, form.calculator)
    context = sheet_context(game) | {"form": form}
    return render(request, "games/round_edit.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
@never_cache  # Back shows the round as it is now, or says that it is gone
def round_edit(request, pk, number):
    game = get_game_for(request.user, pk)
    stored_id = services.round_id(game, number)
    if request.method == "GET":
        if stored_id is None:
            return _gone(request, game, edit_gone_message(number))
        return _edit_page(request, game, number, stored_id)
    if "calculate" in request.POST and calculates(game.ruleset):
        return _calculated(request, game, number)
    if "goal_choice" in request.POST and calculates(game.ruleset):
        return _goal_chosen(request, game, number)
    form = RoundForm(game, request.POST, number=number)
    opened_for = _whole_or_none(request.POST.get("round_id"))
    if stored_id is None or opened_for not in (None, stored_id):
        return _edit_gone(request, game, form, number)
    if not form.is_valid():
        context = sheet_context(game) | {"form": form}
        return render(request, "games/round_edit.html", context, status=422)
    try:
        services.replace_round(game, number, form.cleaned_data["round"], opened_for)
    except services.StaleSheet:
        return _edit_gone(request, game, form, number)
    return redirect(game)


def _edit_page(request, game, number, stored_id):
    """Round `number` in its form as it counts, bound to the stored round `stored_id`."""
    entries = game.state.rounds[number - 1].points
    initial = {f"seat_{seat}": value for seat, value in enumerate(entries)}
    initial["last_to_quit"] = game.stored_rounds[number - 1].played.last_to_quit
    initial["round_id"] = stored_id
    return _with_calculator(request, game, RoundForm(game, number=number, initial=initial), number)


def _edit_gone(request, game, form, number):
    """An edit posted for a round undone since its page was opened: nothing changes."""
    fresh = get_game_for(request.user, game.pk)
    if services.round_id(fresh, number) == _whole_or_none(request.POST.get("round_id")):
        return _stale(request, fresh, number, fresh)  # still there: it no longer fits
    return _gone(request, fresh, edit_gone_message(number, _typed(form, fresh.names)))


def _gone(request, game, notice):
    """The sheet as it is, with why nothing was changed (409)."""
    return sheet(request, game, RoundForm(game), status=409, notice=notice)


@login_required
@require_http_methods(["GET", "POST"])
@never_cache  # Back refetches it: a round undone from it is then said to be gone
def round_undo(request, pk):
    game = get_game_for(request.user, pk)
    if request.method == "POST":
        return _undo(request, game)
    asked = RoundAsked(request.GET)
    last = game.state.rounds[-1].number if game.state.rounds else 0
    number = (asked.cleaned_data["round"] if asked.is_valid() else None) or last
    if not last and number == last:
        return redirect(game)
    if number != last:
        return _undo_refused(request, game, number)
    bound_to = {"round_number": number, "round_id": services.round_id(game, number)}
    return _undo_page(request, game, ConfirmForm(initial=bound_to))


def _undo(request, game):
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        if not game.state.rounds:
            return redirect(game)
        return _undo_page(request, game, form, status=422)
    number, round_id = form.cleaned_data["round_number"], form.cleaned_data["round_id"]
    try:
        services.undo_last_round(game, number, round_id)
    except services.StaleSheet:
        return _undo_refused(request, get_game_for(request.user, game.pk), number, round_id)
    return redirect(game)


def _undo_refused(request, game, number, round_id=None):
    """An undo page whose round is gone, or no longer the last: nothing is undone (409)."""
    stored_id = services.round_id(game, number)
    gone = stored_id is None or round_id not in (None, stored_id)
    return _gone(request, game, undone_message(number) if gone else not_last_message(number))


def _undo_page(request, game, form, status=200):
    last = game.state.rounds[-1]
    entries = zip(game.names, last.points, strict=True)
    context = {"game": game, "last": last, "entries": entries, "form": form}
    return render(request, "games/round_undo.html", context, status=status)


def _whole_or_none(raw):
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


@login_required
@require_POST
def game_about(request, pk):
    """The game's place and note, from the form on its sheet (in play or finished)."""
    game = get_game_for(request.user, pk)
    about = GameAboutForm(request.POST)
    if not about.is_valid():
        game = folds.with_kept_state(game)
        return sheet(request, game, RoundForm(game), status=422, about=about)
    services.set_place_and_note(game, about.cleaned_data["place"], about.cleaned_data["note"])
    messages.success(request, _("The place and the note are saved."))
    return redirect(game)


@login_required
@require_POST
def game_rematch(request, pk):
    game = get_game_for(request.user, pk)
    rematch = services.start_game(request.user, game.names, game.first_starter, game.kind)
    return redirect(rematch)


@login_required
@require_http_methods(["GET", "POST"])
def game_delete(request, pk):
    """The owner deletes a game, after a page that names it: it leaves the history and the
    statistics (its players stay in the roster)."""
    game = get_game_for(request.user, pk)
    if request.method == "POST":
        services.delete_game(game)
        messages.success(request, _("%(game)s was deleted.") % {"game": capfirst(game_label(game))})
        return redirect("history")
    return render(request, "games/game_delete.html", {"game": game, "label": game_label(game)})


def game_label(game):
    """A game as people tell games apart: when it started, and who played."""
    return _("the game of %(date)s with %(names)s") % {
        "date": formats.date_format(timezone.localtime(game.created_at), "SHORT_DATETIME_FORMAT"),
        "names": and_list(game.names),
    }


@login_required
@require_GET
def game_json(request, pk):
    game = get_game_for(request.user, pk)
    return JsonResponse(game.as_json(), json_dumps_params={"ensure_ascii": False})
