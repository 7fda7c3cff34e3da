"""How the app words the rules module's refusals, in the reader's language."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

MESSAGES = {
    "missing": gettext_lazy("Enter the points of %(name)s."),
    "not_whole": gettext_lazy("Enter a whole number."),
    "too_high": gettext_lazy(
        "%(value)s is too many: a hand costs at most %(max)s points (1+2+3+4+5+6+10)."
    ),
    "bad_negative": gettext_lazy(
        "%(value)s is not possible: below zero, only −1 or −10 (the chip given back by the "
        "player who emptied their hand)."
    ),
    "return_too_big": gettext_lazy(
        "%(name)s has only %(total)s points and cannot give back a black chip: "
        "the return there is %(best)s."
    ),
    "several_emptied": gettext_lazy(
        "Only one player can empty their hand in a round: %(count)s players are at 0 or below."
    ),
    "game_over": gettext_lazy("The game is over: no round can be added."),
}


def describe(violation, names):
    """The message for one rules.Violation, naming the player where there is one."""
    params = dict(violation.params)
    if violation.seat is not None:
        params["name"] = names[violation.seat]
    for key in ("value", "best"):
        if isinstance(params.get(key), int) and params[key] < 0:
            params[key] = f"−{-params[key]}"
    message = MESSAGES[violation.code] % params
    if violation.round is not None:
        message = _("Round %(number)s: %(message)s") % {
            "number": violation.round,
            "message": message,
        }
    return message


def stale_message(number):
    """Another phone saved round `number` first (or the sheet changed under the form)."""
    return _("Round %(number)s was already saved: here is the sheet as it is now.") % {
        "number": number
    }
