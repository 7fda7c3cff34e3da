"""What types numbers into a round form and saves nothing: Llama Llama's hand calculator and
its goals typed before, and L.L.A.M.A.'s emptied hand. Each has its own URL, which the form's
buttons post to (`formaction`), so that a save is only ever a save (views/sheet.py). With
JavaScript the emptied hand is typed on the phone (app.js); these answer without it too.
"""

from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from games.access import for_owner, for_scorer
from games.forms.calculator import HandCalculator, calculates, remember_goals, with_goal_chosen
from games.forms.game import RoundForm
from games.pages import refill, round_page
from games.reports import folds


@require_POST
def calculate(request, access, number=None):
    """Llama Llama's hand calculator: the form again, everything typed still in it, the player's
    score counted by the rules and typed in their field; nothing saved. A goal or a hand it
    cannot read is refused (422) with the reason next to its field. `number`: the round
    edited, None for the next one."""
    game = folds.with_kept_state(access.read())
    if _no_round(game, number):
        return redirect(access.url("round_edit", number))  # its page says it is gone
    if not calculates(game.ruleset):
        return round_page(request, access, game, RoundForm(game, number=number), status=422)
    calculator = HandCalculator(game, request.POST)
    initial, counted = refill(request.POST), calculator.is_valid()
    if counted:
        initial[f"seat_{calculator.cleaned_data['calculate']}"] = calculator.score.total
        remember_goals(request.session, calculator)
    form = RoundForm(game, number=number, initial=initial, calculator=calculator)
    return round_page(request, access, game, form, 200 if counted else 422)


@require_POST
def choose_goal(request, access, number=None):
    """A goal typed before, tapped: typed in the first empty goal field; nothing saved."""
    game = folds.with_kept_state(access.read())
    if _no_round(game, number):
        return redirect(access.url("round_edit", number))
    initial = with_goal_chosen(request.POST, game.ruleset.goals_per_round)
    return round_page(request, access, game, RoundForm(game, number=number, initial=initial))


def _no_round(game, number):
    """Whether `number` names a round the game does not have (undone since, or never)."""
    return number is not None and not 1 <= number <= game.state.next_round - 1


@require_POST
def fill_return(request, access, number=None):
    """Without JavaScript, the emptied-hand button comes back with the player marked as having
    emptied their hand, and the best return typed (on the totals the round is played on)."""
    game = folds.with_kept_state(access.read())
    if _no_round(game, number):
        return redirect(access.url("round_edit", number))
    initial = refill(request.POST) | {"emptied_hand": request.POST.get("emptied", "")}
    # marked: the form shows the return, and the save gives back the chip held then
    return round_page(request, access, game, RoundForm(game, number=number, initial=initial))


round_calculate = for_owner(calculate)
round_goal = for_owner(choose_goal)
round_return = for_owner(fill_return)
scorer_round_calculate = for_scorer(calculate)
scorer_round_goal = for_scorer(choose_goal)
scorer_round_return = for_scorer(fill_return)
