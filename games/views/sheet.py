"""The scoresheet: a new game, its rounds added (edited and undone: corrections.py; the hand
calculator and the emptied hand's return: fill.py), a rematch, its JSON."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import formats, timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseStopPolling, reswap

from common.names import collation_key
from games.access import Access, board_gone, for_owner, for_scorer, get_game_for
from games.answers import answer
from games.archive import backup
from games.forms.calculator import offer_goals
from games.forms.game import BoardForm, GameAboutForm, NewGameForm, RoundForm
from games.pages import page_context, posted, sheet
from games.reports import folds
from games.services.games import delete_game, new_game_refusal, set_venue_and_note, start_game
from games.services.players import SamePlayer
from games.services.saves import save_round
from games.wording import and_list


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
        return start_game(user, data["names"], data["first_starter"], data["game"])
    except SamePlayer as same:
        form.add_error(None, _("%(name)s is already at the table.") % {"name": same.name})
        return None


@require_GET
@never_cache  # Back must not show a sheet from before the last round (nor the bfcache keep it)
def show_sheet(request, access):
    game = folds.with_kept_state(access.read())
    return sheet(request, access, game, RoundForm(game))


@require_GET
def board(request, access):
    """What the sheet shows, for a phone that follows it: a 204 while the game's version is
    the one it has seen (a poll of one query), else the fresh parts, the round form with
    them, for the round the game is at (js/live.js keeps in it what the phone had typed)."""
    seen = BoardForm(request.GET)
    if seen.is_valid() and seen.cleaned_data["seen"] == str(access.version()):
        return HttpResponse(status=204)
    game = folds.with_kept_state(access.read())
    form = RoundForm(game)  # the form follows: the next round, at the version just read
    offer_goals(request.session, form.calculator)
    return render(request, "games/game.html#board-update", page_context(access, game, form))


@require_POST
def add_round(request, access):
    """A round saved: the form reads it (the one fold of the save), the service writes it and
    says what became of it, and games/answers.py turns that into the response."""
    game = access.read()
    form = RoundForm(game, request.POST)
    outcome = save_round(game, form.submission(), access.scorer)
    return answer(request, access, game, form, outcome)


@require_GET
def game_board(request, pk):
    """The owner's board poll. Signed out meanwhile, not the log-in page that login_required
    redirects to, which would be swapped in place of the board: htmx's "stop polling" (286),
    swapping nothing, so the sheet and its form stay as they are and the phone stops asking
    every second (a 403 each time filled its console). Asked without htmx, a 403."""
    if not request.user.is_authenticated:
        if request.htmx:
            return reswap(HttpResponseStopPolling(), "none")
        return HttpResponse(status=403)
    return board(request, Access(pk, user=request.user))


# The views above at the owner's URLs, and at a scorer link's (games/access.py).
game_detail = for_owner(show_sheet)
round_add = for_owner(add_round)
scorer_sheet = for_scorer(show_sheet, showing=True)
scorer_board = for_scorer(board, gone=board_gone, showing=True)
scorer_round_add = for_scorer(add_round)


@login_required
@require_POST
def game_about(request, pk):
    """Where the game was played and its note, from the form on its sheet (in play or finished)."""
    game = get_game_for(request.user, pk)
    about = GameAboutForm(request.POST)
    if not about.is_valid():
        game = folds.with_kept_state(game)
        access = Access(pk, user=request.user)
        return sheet(request, access, game, RoundForm(game), status=422, about=about)
    set_venue_and_note(game, about.cleaned_data["venue"], about.cleaned_data["note"])
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
    # Tonight's night, not the old game's: a rematch joins a night as any new game does.
    rematch = start_game(request.user, game.names, game.first_starter, game.kind)
    return redirect(rematch)


@login_required
@require_http_methods(["GET", "POST"])
def game_delete(request, pk):
    """The owner deletes a game, after a page that names it: it leaves the history and the
    statistics (its players stay in the roster)."""
    game = get_game_for(request.user, pk)
    if request.method == "POST":
        delete_game(game)
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
    return JsonResponse(backup.game_json(game), json_dumps_params={"ensure_ascii": False})
