"""The scoresheet: a new game, its rounds added, edited and undone, a rematch, its JSON."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import formats, timezone
from django.utils.cache import patch_vary_headers
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import services
from games.display import sheet_context
from games.forms.calculator import HandCalculator, calculates
from games.forms.game import ConfirmForm, GameAboutForm, NewGameForm, RoundForm
from games.models import Seat
from games.refusals import stale_message, stale_round_message
from games.reports import folds
from games.wording import and_list, collation_key


def get_game_for(user, pk):
    """The one door to a game: another account's game is a 404.

    The game comes with its seats and their players, read in the same query: every page of
    a game shows the players' names.
    """
    seats = Seat.objects.filter(game__owner=user, game__pk=pk, game__importing__isnull=True)
    seats = seats.select_related("game", "player")
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


def sheet(request, game, form, status=200, notice="", about=None):
    template = "games/game.html#sheet" if request.htmx else "games/game.html"
    about = about or GameAboutForm(initial={"place": game.place, "note": game.note})
    context = sheet_context(game) | {"form": form, "notice": notice, "about_form": about}
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
    form = RoundForm(game, request.POST)
    saved = services.saved_with(game, request.POST.get("idempotency_key"))
    if saved is not None:  # this key saved a round: the same one again, or an old page's
        return _saved(request, game) if form.repeats(*saved) else _stale_round(request, form)
    if not form.is_valid():
        return _refused(request, game, form)
    try:
        services.add_round(
            game,
            form.cleaned_data["round"],
            game.state.next_round,
            form.cleaned_data["idempotency_key"],
        )
    except services.StaleSheet:
        fresh = get_game_for(request.user, pk)
        saved = services.saved_with(fresh, form.cleaned_data["idempotency_key"])
        if saved is not None and form.repeats(*saved):
            return _saved(request, fresh)  # a double tap, both read before either saved
        return _stale_round(request, form, fresh)
    return _saved(request, game)


def _saved(request, game):
    if not request.htmx:
        return redirect(game)
    game = get_game_for(request.user, game.pk)
    return sheet(request, game, RoundForm(game))


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
    names = fresh.names
    shown = ", ".join(
        f"{name} {entered[f'seat_{seat}']}"
        for seat, name in enumerate(names)
        if f"seat_{seat}" in entered
    )
    number = refused.posted_number() or fresh.state.next_round - 1
    notice = stale_round_message(number, shown, fresh.state.next_round, fresh.state.finished)
    return sheet(request, fresh, RoundForm(fresh, initial=entered), status=409, notice=notice)


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
    status = 200 if counted else 422
    if number is None:
        return sheet(request, game, form, status=status)
    context = sheet_context(game) | {"form": form}
    return render(request, "games/round_edit.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def round_edit(request, pk, number):
    game = get_game_for(request.user, pk)
    round_ = get_object_or_404(game.rounds, number=number)
    if request.method == "GET":
        entries = game.state.rounds[number - 1].entries
        initial = {f"seat_{seat}": value for seat, value in enumerate(entries)}
        initial["last_to_quit"] = round_.last_to_quit
        form = RoundForm(game, number=number, initial=initial)
        return render(request, "games/round_edit.html", sheet_context(game) | {"form": form})
    if "calculate" in request.POST and calculates(game.ruleset):
        return _calculated(request, game, number)
    form = RoundForm(game, request.POST, number=number)
    if not form.is_valid():
        context = sheet_context(game) | {"form": form}
        return render(request, "games/round_edit.html", context, status=422)
    try:
        services.replace_round(game, number, form.cleaned_data["round"])
    except services.StaleSheet:
        return _stale(request, game, number)
    return redirect(game)


@login_required
@require_http_methods(["GET", "POST"])
def round_undo(request, pk):
    game = get_game_for(request.user, pk)
    if not game.state.rounds:
        return redirect(game)
    last = game.state.rounds[-1]
    form = ConfirmForm(posted(request), initial={"round_number": last.number})
    if request.method == "POST" and form.is_valid():
        try:
            services.undo_last_round(game, form.cleaned_data["round_number"])
        except services.StaleSheet:
            return _stale(request, game, form.cleaned_data["round_number"])
        return redirect(game)
    entries = zip(game.names, last.entries, strict=True)
    context = {"game": game, "last": last, "entries": entries, "form": form}
    return render(request, "games/round_undo.html", context, status=422 if form.errors else 200)


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
