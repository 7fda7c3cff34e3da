"""The scoresheet: a new game, its rounds added (edited and undone: corrections.py), a
rematch, its JSON."""

from functools import partial

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import formats, timezone
from django.utils.cache import patch_vary_headers
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games import services
from games.archive.quota import new_game_refusal
from games.display import saved_by, sheet_context
from games.forms.calculator import (
    HandCalculator,
    calculates,
    offer_goals,
    remember_goals,
    with_goal_chosen,
)
from games.forms.game import GameAboutForm, NewGameForm, RoundForm
from games.refusals import (
    stale_message,
    stale_round_message,
    undone_replay_message,
)
from games.reports import folds
from games.views.access import Access, for_owner
from games.wording import and_list, collation_key

# How often the phones that follow a game ask for news (the live view and the sheet itself):
# a round saved on one phone shows on the others within 1.5 s (docs/benchmarks.md).
POLL_SECONDS = 1


class BoardForm(forms.Form):
    """The revision a following phone last saw; it gets a 204 while nothing changed."""

    seen = forms.CharField(required=False, max_length=64)


def get_game_for(user, pk):
    """The one door to an owner's game: another account's game is a 404 (views/access.py)."""
    return Access(pk, user=user).read()


def posted(request):
    """The data of a POST, even an empty one (refused with 422, not shown as a blank form)."""
    return request.POST if request.method == "POST" else None


@login_required
@require_http_methods(["GET", "POST"])
def game_new(request):
    last = request.user.games.only("kind").first()  # the game chosen last time is offered first
    form = NewGameForm(posted(request), initial={"game": last.kind} if last else {})
    if request.method == "POST" and form.is_valid():
        game = _started(request.user, form)
        if game:
            return redirect(game)
    roster = sorted(request.user.players.seated(), key=lambda player: collation_key(player.name))
    context = {"form": form, "roster": roster}
    return render(request, "games/new.html", context, status=422 if form.errors else 200)


def _started(user, form):
    """The game the valid `form` starts for `user`; None, the reason added to the form, when
    it cannot start (the account holds all the games it may, or a player sits twice)."""
    refusal = new_game_refusal(user)
    if refusal:
        form.add_error(None, refusal)
        return None
    data = form.cleaned_data
    try:
        return services.start_game(user, data["names"], data["first_starter"], data["game"])
    except services.SamePlayer as same:
        form.add_error(None, _("%(name)s is already at the table.") % {"name": same.name})
        return None


@require_GET
@never_cache  # Back must not show a sheet from before the last round (nor the bfcache keep it)
def show_sheet(request, access):
    game = folds.with_kept_state(access.read())
    return sheet(request, access, game, RoundForm(game))


def sheet(request, access, game, form, status=200, notice="", about=None, saved=None):
    """The sheet; `saved`: the number of the round just saved, confirmed at its top."""
    template = "games/game.html#sheet" if request.htmx else "games/game.html"
    context = page_context(access, game, form) | {"notice": notice, "saved": saved}
    if access.is_owner:
        about = about or GameAboutForm(initial={"place": game.place, "note": game.note})
        context["about_form"] = about
    offer_goals(request.session, form.calculator)
    response = render(request, template, context, status=status)
    # one address, two answers (the page, or its partial for htmx): caches must tell them apart
    patch_vary_headers(response, ["HX-Request"])
    return response


def page_context(access, game, form=None):
    """What the sheet's pages show, with the links of whoever acts on it (owner or scorer)."""
    if form is not None:
        edited = () if form.number is None else (form.number,)
        form.action = access.url("round_edit" if edited else "round_add", *edited)
    context = sheet_context(game, edit_url=partial(access.url, "round_edit"))
    return context | {
        "form": form,
        "access": access,
        "scorer": access.scorer,
        "board_url": access.url("game_board"),
        "undo_url": access.url("round_undo"),
        "poll_seconds": POLL_SECONDS,
        # called by the template only when its kept part is not kept already
        "saved_by": partial(saved_by, game),
    }


@require_GET
def board(request, access):
    """What the sheet shows above its form, for a phone that follows it: a 204 while the
    game's revision is the one it has seen (a poll of one query), else the fresh parts."""
    seen = BoardForm(request.GET)
    if seen.is_valid() and seen.cleaned_data["seen"] == str(access.revision()):
        return HttpResponse(status=204)
    game = folds.with_kept_state(access.read())
    return render(request, "games/game.html#board-update", page_context(access, game))


@require_POST
def add_round(request, access):
    game = access.read()
    if "emptied" in request.POST:
        return sheet(request, access, game, _with_return_filled(game, request.POST))
    if "calculate" in request.POST and calculates(game.ruleset):
        return calculated(request, access, game)
    if "goal_choice" in request.POST and calculates(game.ruleset):
        return goal_chosen(request, access, game)
    form = RoundForm(game, request.POST)
    saved = services.saved_with(game, request.POST.get("idempotency_key"))
    if saved is not None:  # this key saved a round: the same one again, or an old page's
        if form.repeats(*saved):
            return _saved(request, access, saved[0])
        return _stale_round(request, access, form)
    undone = services.undone_with(game, request.POST.get("idempotency_key"))
    if undone is not None:
        return _undone(request, access, game, form, undone)
    just_saved = services.saved_with(game, request.POST.get("saved_key"))
    if form.is_empty() and just_saved is not None and just_saved[0] == len(game.state.rounds):
        # A late second tap of a double tap, on the new form shown after the save (which
        # carries the key just saved): the answer to the first tap again, never a refusal.
        return _saved(request, access, just_saved[0])
    if not form.is_valid():
        return _refused(request, access, game, form)
    return _add(request, access, game, form)


def _add(request, access, game, form):
    number, key = game.state.next_round, form.cleaned_data["idempotency_key"]
    try:
        services.add_round(game, form.cleaned_data["round"], number, key, access.scorer)
    except services.StaleSheet:
        fresh = access.read()
        saved = services.saved_with(fresh, key)
        if saved is not None and form.repeats(*saved):
            # a double tap, both read before either saved
            return _saved(request, access, saved[0], fresh)
        undone = services.undone_with(fresh, key)
        if undone is not None:  # undone between the view's read and the save
            return _undone(request, access, fresh, form, undone)
        return _stale_round(request, access, form, fresh)
    return _saved(request, access, number)


def _saved(request, access, number, game=None):
    """Round `number` saved (or found saved by its key): the sheet, which says so at its top,
    ready for the next round. A scorer link that stopped since the save (turned off, its game
    over) cannot show the sheet: its page then says what stopped it, under "Round n saved"."""
    said = _("Round %(number)s saved.") % {"number": number}
    if not request.htmx:
        messages.success(request, said)
        return redirect(access.sheet_url)
    try:
        game = game or access.read()
    except Http404:
        messages.success(request, said)
        return HttpResponseClientRedirect(access.sheet_url)
    key = game.stored_rounds[number - 1].key if number <= len(game.stored_rounds) else None
    form = RoundForm(game, initial={"saved_key": key})
    return sheet(request, access, game, form, saved=number)


def _undone(request, access, game, form, number):
    """A save sent again after the round it saved was undone: undone it stays (409)."""
    notice = undone_replay_message(number, typed(form, game.names))
    return sheet(request, access, game, RoundForm(game), status=409, notice=notice)


def _refused(request, access, game, form):
    if form.is_stale():
        return _stale_round(request, access, form)
    return sheet(request, access, game, form, status=409 if game.state.finished else 422)


def stale(request, access, number, fresh=None):
    fresh = fresh or access.read()
    notice = stale_message(number)
    return sheet(request, access, fresh, RoundForm(fresh), status=409, notice=notice)


def _stale_round(request, access, refused, fresh=None):
    """A round typed on a sheet that is no longer the game's (another phone saved that round,
    or the page was old): nothing is dropped in silence. The sheet as it is now, and the
    numbers typed in its form, ready to save as the next round with one tap."""
    fresh = fresh or access.read()
    entered = refused.entered_values()
    shown = typed(refused, fresh.names)
    number = refused.posted_number() or fresh.state.next_round - 1
    notice = stale_round_message(number, shown, fresh.state.next_round, fresh.state.finished)
    form = RoundForm(fresh, initial=entered)
    return sheet(request, access, fresh, form, status=409, notice=notice)


def typed(form, names):
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


def calculated(request, access, game, number=None):
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
    return with_calculator(request, access, game, form, number, 200 if counted else 422)


def goal_chosen(request, access, game, number=None):
    """A goal typed before, tapped: typed in the first empty goal field; nothing saved."""
    initial = with_goal_chosen(request.POST, game.ruleset.goals_per_round)
    form = RoundForm(game, number=number, initial=initial)
    return with_calculator(request, access, game, form, number)


def with_calculator(request, access, game, form, number, status=200):
    """The sheet, or the edit page of round `number`, with the calculator as it is."""
    if number is None:
        return sheet(request, access, game, form, status=status)
    offer_goals(request.session, form.calculator)
    context = page_context(access, game, form)
    return render(request, "games/round_edit.html", context, status=status)


@require_GET
def game_board(request, pk):
    """The owner's board poll. Signed out meanwhile, not the log-in page that login_required
    redirects to, which would be swapped in place of the board: htmx's "stop polling" (286),
    swapping nothing, so the sheet and its form stay as they are and the phone stops asking
    every second (a 403 each time filled its console). Asked without htmx, a 403."""
    if not request.user.is_authenticated:
        if request.htmx:
            return HttpResponse(status=286, headers={"HX-Reswap": "none"})
        return HttpResponse(status=403)
    return board(request, Access(pk, user=request.user))


# The owner's URLs of the views above; the scorer's are in games/views/scorers.py.
game_detail = for_owner(show_sheet)
round_add = for_owner(add_round)


@login_required
@require_POST
def game_about(request, pk):
    """The game's place and note, from the form on its sheet (in play or finished)."""
    game = get_game_for(request.user, pk)
    about = GameAboutForm(request.POST)
    if not about.is_valid():
        game = folds.with_kept_state(game)
        access = Access(pk, user=request.user)
        return sheet(request, access, game, RoundForm(game), status=422, about=about)
    services.set_place_and_note(game, about.cleaned_data["place"], about.cleaned_data["note"])
    messages.success(request, _("The place and the note are saved."))
    return redirect(game)


@login_required
@require_POST
def game_rematch(request, pk):
    game = get_game_for(request.user, pk)
    refusal = new_game_refusal(request.user)
    if refusal:
        messages.error(request, refusal)
        return redirect(game)
    rematch = services.start_game(
        request.user, game.names, game.first_starter, game.kind, night=game.night
    )
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
