"""How the app words the rules modules' refusals, in the reader's language.

The numbers in a message (the most a hand costs and the sum behind it, the end score) come
from the game's ruleset, never from here.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from games import numbers
from games.models import Kind
from games.wording import and_list, elide

MESSAGES = {
    "players": gettext_lazy("%(game)s is played by %(min)s to %(max)s players."),
    "missing": gettext_lazy("Enter the points of %(name)s."),
    "not_whole": gettext_lazy("Enter a whole number."),
    "too_high": ngettext_lazy(
        "%(value)s is too many: a hand costs at most %(max)s point (%(sum)s).",
        "%(value)s is too many: a hand costs at most %(max)s points (%(sum)s).",
        "max",
    ),
    # The Lato z komarami rule: its seven cards of 10 are mosquitoes (the rules' `llama`), each
    # counted, and its players look for that word.
    "too_high_mosquitoes": ngettext_lazy(
        "%(value)s is too many: a hand costs at most %(max)s point (%(values)s, plus "
        "%(mosquitoes)s at %(cost)s each: %(costs)s).",
        "%(value)s is too many: a hand costs at most %(max)s points (%(values)s, plus "
        "%(mosquitoes)s at %(cost)s each: %(costs)s).",
        "max",
    ),
    "bad_negative": gettext_lazy(
        "%(value)s is not possible: below zero, only %(white)s or %(black)s (the chip given "
        "back by the player who emptied their hand)."
    ),
    "bad_negative_pink": gettext_lazy(
        "%(value)s is not possible: below zero, only %(white)s, %(black)s or %(pink)s (the chip "
        "given back by the player who emptied their hand)."
    ),
    "return_too_big": ngettext_lazy(
        "%(name)s has only %(total)s point and cannot give back a black chip: "
        "the return there is %(best)s.",
        "%(name)s has only %(total)s points and cannot give back a black chip: "
        "the return there is %(best)s.",
        "total",
    ),
    "return_too_big_pink": ngettext_lazy(
        "%(name)s has only %(total)s point and cannot give back a pink chip: "
        "the return there is %(best)s.",
        "%(name)s has only %(total)s points and cannot give back a pink chip: "
        "the return there is %(best)s.",
        "total",
    ),
    "several_emptied": ngettext_lazy(
        "Only one player can empty their hand in a round: %(count)s player is at 0 or below.",
        "Only one player can empty their hand in a round: %(count)s players are at 0 or below.",
        "count",
    ),
    "negative_score": gettext_lazy("%(value)s is not possible: a score is 0 or more."),
    "score_too_high": gettext_lazy("%(value)s is too many: a round scores at most %(max)s."),
    "who_quit_last": gettext_lazy(
        "Nobody emptied their hand: say who quit last, who starts the next round."
    ),
    "too_many_rounds": ngettext_lazy(
        "This game already has %(max)s round, more than any real game: no round can be added.",
        "This game already has %(max)s rounds, more than any real game: no round can be added.",
        "max",
    ),
    "game_over": gettext_lazy("The game is over: no round can be added."),
}


def players_limit(ruleset):
    """How many may play a game: the new-game form's help, and every refusal of a count."""
    limits = {"min": ruleset.min_players, "max": ruleset.max_players}
    return MESSAGES["players"] % ({"game": Kind(ruleset.kind).label} | limits)


def describe_all(violations, names, ruleset, change=False):
    """The messages for rules.Violations, each once: several seats can share one (two hands
    emptied in one round)."""
    return list(dict.fromkeys(describe(v, names, ruleset, change) for v in violations))


def describe(violation, names, ruleset, change=False):
    """The message for one rules.Violation, naming the player where there is one; `change`
    when the violation follows from a change to an earlier round (an edit, the admin)."""
    if violation.code == "game_over" and violation.round is not None:
        return ended_before(violation, names, ruleset, change)
    if violation.code == "players":
        return players_limit(ruleset)
    params = dict(violation.params)
    if violation.seat is not None:
        params["name"] = names[violation.seat]
    code = violation.code
    if code == "too_high" and ruleset.kind == Kind.LATO:
        code = "too_high_mosquitoes"
        params |= _mosquitoes(ruleset)
    elif code == "too_high":
        params["sum"] = ruleset.penalty_formula()
    for key in ("value", "best", "white", "black", "pink"):
        if isinstance(params.get(key), int) and params[key] < 0:
            params[key] = numbers.shown(params[key])
    message = elide(MESSAGES[_wording(code, violation)] % params, params.get("name"))
    if violation.round is not None:
        message = _("Round %(number)s: %(message)s") % {
            "number": violation.round,
            "message": message,
        }
    return message


def _wording(code, violation):
    """The message's key: the Party Edition's pink chip has words of its own."""
    pink = "pink" in violation.params or violation.params.get("chip") == "pink"
    own = f"{code}_pink"
    return own if pink and own in MESSAGES else code


def _mosquitoes(ruleset):
    """The most a hand costs under the Lato z komarami rule, part by part: "1+2+3+4+5+6, plus
    7 mosquitoes at 10 each: 70"."""
    count = ruleset.llama_cards
    return {
        "values": "+".join(str(value) for value in ruleset.card_values),
        "mosquitoes": ngettext("%(count)s mosquito", "%(count)s mosquitoes", count)
        % {"count": count},
        "cost": ruleset.llama_cost,
        "costs": ruleset.llamas_cost(count),
    }


# Llama Llama's hand calculator: what games.rules.llama_llama cannot read (Unreadable.code).
UNREADABLE = {
    "goal_empty": gettext_lazy("Type this goal's rules as printed, for example A=1, ABCDEFG=50."),
    "goal_rule": gettext_lazy(
        "“%(part)s” is not a rule: letters, = and the points, for example AACC=15."
    ),
    "hand_letters": gettext_lazy("Only the letters of the cards: %(chars)s is not one."),
}


def describe_unreadable(error):
    """The message for a goal or a hand the calculator cannot read, next to its field."""
    if error.code == "hand_too_big":
        wording = ngettext(
            "%(count)s letter: a hand holds at most %(max)s.",
            "%(count)s letters: a hand holds at most %(max)s.",
            error.params["count"],
        )
        return wording % error.params
    return UNREADABLE[error.code] % error.params


def stale_message(number):
    """Another phone saved round `number` first (or the sheet changed under the form)."""
    return _("Round %(number)s was already saved: here is the sheet as it is now.") % {
        "number": number
    }


def moved_message(moved):
    """Numbers typed against totals another phone changed since (`moved`: (name, total then,
    total now)): nothing is saved, and what changed is said."""
    changes = and_list(
        [_("%(name)s has %(now)s (not %(was)s)") % {"name": n, "now": now, "was": was}
         for n, was, now in moved]
    )  # fmt: skip
    return _(
        "Another phone changed the totals since these numbers were typed: %(changes)s. "
        "Nothing was saved: check the numbers, then save again."
    ) % {"changes": changes}


def changed_message(number, undo, numbers=""):
    """An undo or an edit confirmed from a page opened before another phone changed round
    `number`: nothing is done, the round is shown as it now stands, and the numbers typed
    for the edit (`numbers`) are named."""
    values = {"number": number, "numbers": numbers}
    if undo:
        return (
            _(
                "Round %(number)s was changed on another phone since this page was opened: "
                "nothing was undone."
            )
            % values
        )
    if not numbers:
        return (
            _(
                "Round %(number)s was changed on another phone since this page was opened: "
                "nothing was changed. Here it is as it now stands."
            )
            % values
        )
    return (
        _(
            "Round %(number)s was changed on another phone since this page was opened: nothing "
            "was changed, and your numbers (%(numbers)s) were not saved. Here it is as it now "
            "stands."
        )
        % values
    )


def recount_message(recounts, names):
    """What a correction does to later returns (rules.Recount): "Round 3: Ben’s return now
    counts −1, with 7 points then." One sentence per return."""
    return " ".join(
        ngettext(  # fmt: skip
            "Round %(number)s: %(name)s’s return now counts %(points)s, with %(total)s point then.",
            "Round %(number)s: %(name)s’s return now counts %(points)s, with %(total)s points "
            "then.",
            r.total,
        )
        % {
            "number": r.number,
            "name": names[r.seat],
            "points": numbers.shown(r.points),
            "total": r.total,
        }
        for r in recounts
    )


def end_shift_message(shift, names, end_score):
    """Where a correction moves the end (rules.EndShift), before it is saved and after: "Ana
    reaches 51 in round 2: the game ends there. Round 3 no longer counts." "" if it does not."""
    if shift is None:
        return ""
    sentences = [_ended(shift, names, end_score)]
    first, last = sorted((shift.was_in_play, shift.in_play))
    # "3", or "3–5": a range in figures, the same in every language
    count = {"rounds": str(last) if last == first + 1 else f"{first + 1}–{last}"}
    if shift.in_play < shift.was_in_play:
        sentences.append(
            ngettext(
                "Round %(rounds)s no longer counts.",
                "Rounds %(rounds)s no longer count.",
                last - first,
            )
            % count
        )
    elif shift.in_play > shift.was_in_play:
        sentences.append(
            ngettext(
                "Round %(rounds)s counts again.",
                "Rounds %(rounds)s count again.",
                last - first,
            )
            % count
        )
    return " ".join(sentences)


def _ended(shift, names, end_score):
    """Where the game now ends, or that it goes on."""
    if not shift.finished:
        return _("Nobody reaches %(score)s any more: the game goes on.") % {"score": end_score}
    if not shift.reached:  # the round limit ended it
        return _("The game ends after round %(number)s, its last.") % {"number": shift.in_play}
    reached = [
        _("%(name)s reaches %(total)s") % {"name": names[seat], "total": total}
        for seat, total in sorted(shift.reached.items())
    ]
    values = {"reached": and_list(reached), "number": shift.in_play}
    return _("%(reached)s in round %(number)s: the game ends there.") % values


def undone_message(number):
    """An undo page for round `number`, which is gone (undone from this page before Back, or
    from another phone): nothing more is undone."""
    return _(
        "Round %(number)s was already undone: nothing more was undone. Here is the sheet as it "
        "is now."
    ) % {"number": number}


def undone_replay_message(number, numbers):
    """A round sent again (`numbers`: "Ana 4, Ben 0") whose first sending saved round
    `number`, undone since: it stays undone."""
    return _(
        "Round %(number)s was saved with these numbers (%(numbers)s), then undone: it was not "
        "saved again. Here is the sheet as it is now."
    ) % {"number": number, "numbers": numbers}


def not_last_message(number):
    """An undo page for round `number`, which is still there but no longer the last round."""
    return _(
        "Round %(number)s is no longer the last round: nothing was undone. Here is the sheet as "
        "it is now."
    ) % {"number": number}


def edit_gone_message(number, numbers=""):
    """An edit page for round `number`, which was undone since (another round may have taken
    its number): nothing is changed, and the numbers typed (`numbers`) are named."""
    if not numbers:
        return _(
            "Round %(number)s was undone since this page was opened: nothing was changed. Here "
            "is the sheet as it is now."
        ) % {"number": number}
    return _(
        "Round %(number)s was undone since this page was opened: nothing was changed, and "
        "your numbers (%(numbers)s) were not saved. Here is the sheet as it is now."
    ) % {"number": number, "numbers": numbers}


def stale_round_message(number, numbers, next_round, finished, theirs=""):
    """A round typed on a sheet that was no longer the game's (another phone saved round
    `number` first, or the page was an old one): where it went, and where the numbers typed
    (`numbers`: "Ana 4, Ben 0") are now; `theirs`: the numbers saved, when they differ."""
    values = {"number": number, "numbers": numbers, "next": next_round, "theirs": theirs}
    if not numbers:
        return stale_message(number)
    if theirs and finished:
        return (
            _(
                "Round %(number)s was already saved (%(theirs)s) and the game is over: your "
                "numbers (%(numbers)s) were not saved."
            )
            % values
        )
    if theirs:
        return (
            _(
                "Round %(number)s was already saved, from another phone or an older page, with "
                "other numbers (%(theirs)s): it is in the table. Your numbers (%(numbers)s) are "
                "in the form below: save them as round %(next)s if they are a new round, or "
                "edit round %(number)s if yours are the right ones."
            )
            % values
        )
    if finished:
        return (
            _(
                "Round %(number)s was already saved and the game is over: your numbers "
                "(%(numbers)s) were not saved."
            )
            % values
        )
    return (
        _(
            "Round %(number)s was already saved, from another phone or an older page: it is in "
            "the table. Your numbers (%(numbers)s) are in the form below: save them as round "
            "%(next)s if they are a new round."
        )
        % values
    )


def ended_before(violation, names, ruleset, change=False):
    """A round refused because the game had ended before it (an edit or the admin changed an
    earlier round, or an imported game goes on past its end): who reached the end, in which
    round, with what total, as the rules' fold found them (Ruleset.end_facts)."""
    facts = violation.params
    numbers = {"number": facts["ended_in"], "next": violation.round}
    if facts["reached"]:
        reached = [
            _("%(name)s reaches %(total)s") % {"name": names[seat], "total": total}
            for seat, total in sorted(facts["reached"].items())
        ]
        fact = _("%(reached)s in round %(number)s, so round %(next)s could not have been played.")
        fact %= numbers | {"reached": and_list(reached)}
    else:
        fact = _(
            "%(game)s ends after round %(number)s, its last, so round %(next)s could not have "
            "been played."
        ) % (numbers | {"game": ruleset.name})
    return _("With this change, %(fact)s") % {"fact": fact} if change else fact
