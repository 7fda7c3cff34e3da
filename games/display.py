"""What a sheet shows, worked out from a game's fold: its columns and rows, the standings, the
race to the end, the table's helpers before a round, and the end banner's verdict. The sheet,
its edit page and the live view all show it (games/views/sheet.py, games/views/live.py).

What differs per game is in templates/games/kinds/: `kind_templates` finds a game's partial
(its own, else its family's, else the default), and the rules say what a game has.
"""

from collections import defaultdict
from functools import partial

from django.urls import reverse
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rules import FINAL_ROUND, SHARED
from games.wording import and_list

KINDS_DIR = "games/kinds/"


def kind_templates(ruleset, name):
    """Where a game's partial `name` may be, first found first: the game's own (kinds/lato/),
    its family's (kinds/lama/, which its variants share), the default (kinds/)."""
    folders = dict.fromkeys((f"{ruleset.kind}/", f"{ruleset.family}/", ""))
    return [f"{KINDS_DIR}{folder}{name}" for folder in folders]


def sheet_context(game, edit_url=None):
    """What every view of a sheet shows (the sheet itself, the live view, the edit page);
    `edit_url(number)` is where a round is edited, by the owner's URLs unless given."""
    edit_url = edit_url or (lambda number: reverse("round_edit", args=[game.pk, number]))
    ruleset, state, names = game.ruleset, game.state, game.names
    columns = _columns(game, ruleset, state)
    starter = None if state.next_starter is None else names[state.next_starter]
    return (
        {
            "game": game,
            "ruleset": ruleset,
            "state": state,
            "columns": columns,
            # called by the template only when its table is not kept already
            "rows": partial(_rows, state, edit_url),
            "beyond_rows": partial(_beyond_rows, state, edit_url),
            "last_typed": state.next_round - 1,  # the round an undo takes back
            "standings": _standings(columns, ruleset, state),
            "winners": [names[seat] for seat in state.winners],
            "starter": starter,
            # called by the template only for the end banner of a game that asks for it
            "verdict": partial(final_round_verdict, state, names),
        }
        | _race(ruleset, state, names)
        | _table_helpers(state, names)
    )


def saved_by(game):
    """[(scorer link number, [its rounds])]: which link saved each round last; the owner's
    rounds (no link) are left out."""
    rounds = defaultdict(list)
    for stored in game.stored_rounds:
        if stored.saved_by is not None:
            rounds[stored.saved_by].append(stored.number)
    return sorted(rounds.items())


def _rows(state, edit_url):
    """Each round with its cells (what each entry counts, the total it made) and its edit link.
    A cell shows what counts, not what was typed (a return with no chip to give back is 0),
    so that every column adds up to its total."""
    label = _("Edit round %(number)s")
    return [
        {
            "number": r.number,
            "edit_url": edit_url(r.number),
            "edit_label": label % {"number": r.number},
            "cells": [
                {"entry": entry, "total": total, "emptied": seat == r.emptier}
                for seat, (entry, total) in enumerate(zip(r.points, r.totals, strict=True))
            ],
        }
        for r in state.rounds
    ]


def _beyond_rows(state, edit_url):
    """The rounds typed after the end (GameState.beyond): what was typed, which counts
    nothing, with their edit links (a correction may bring them back into play)."""
    label = _("Edit round %(number)s")
    return [
        {
            "number": r.number,
            "edit_url": edit_url(r.number),
            "edit_label": label % {"number": r.number},
            "typed": r.entries,
        }
        for r in state.beyond
    ]


def _columns(game, ruleset, state):
    return [
        {
            "name": name,
            "total": total,
            # once the game is over, the star goes to the winners (after any tie-break)
            "leader": seat in (state.winners if state.finished else state.leaders),
            "winner": seat in state.winners,
            "player_id": game.seats[seat].player_id,
        }
        | _chips(ruleset, total)
        for seat, (name, total) in enumerate(zip(game.names, state.totals, strict=True))
    ]


def _race(ruleset, state, names):
    """Who leads, with what, and how far that is from the end score."""
    return {
        "leader_names": and_list(names[seat] for seat in state.leaders),
        "leader_count": len(state.leaders),
        "top_total": max(state.totals),
        "to_end": max(0, ruleset.end_score - max(state.totals)),
    }


def _table_helpers(state, names):
    """Llama Llama, before a round: the order of the goals, where the dummy hand goes."""
    return {
        "goal_order": _goal_order(state, names),
        "dummy_beside": get_text_list([names[seat] for seat in state.dummy_beside], _("or")),
        "dummy_tied": len(state.dummy_beside) > 1,
    }


def _standings(columns, ruleset, state):
    """The columns in the rules' ranking, each with its place: a shared victory is numbered
    as the final standings number it (1, 1, 3)."""
    return [columns[seat] | {"place": place} for seat, place in ruleset.ranking(state)]


def _goal_order(state, names):
    """In which order the players lay their goals: players tied on total share a place."""
    groups, position = [], 1
    for group in state.goal_order:
        total = state.totals[group[0]]
        groups.append(
            {
                "names": and_list(names[s] for s in group),
                "count": len(group),
                "position": position,
                "total": total,
            }
        )
        position += len(group)
    return groups


def _chips(ruleset, total):
    """A total as chips, in the games that pay in chips: a count of each colour and a range
    to draw them by ("pink" only where the game has pink chips)."""
    if not ruleset.has_chips:
        return {}
    counts = dict(zip(ruleset.chip_names, ruleset.chips(total), strict=True))
    return counts | {f"{name}_range": range(count) for name, count in counts.items()}


def final_round_verdict(state, names):
    """The end banner of a game whose ties go to the final round (Llama Llama): who won, and
    which rule decided it (the highest total, the final round's points, or neither)."""
    best, winners = state.best_total_seats, state.winners
    values = {
        "names": and_list(names[seat] for seat in best),
        "total": state.totals[best[0]],
        "winners": and_list(names[seat] for seat in winners),
        "points": state.rounds[-1].points[winners[0]],
    }
    if state.decided_by == SHARED:
        heading = _("Shared victory: %(names)s!") % {"names": values["winners"]}
    else:
        heading = _("%(name)s wins with %(total)s!") % (values | {"name": values["winners"]})
    reason = _reason(state.decided_by, len(best), len(winners), values["points"])
    return {"heading": heading, "reason": reason % (values | {"name": values["winners"]})}


def _reason(decided_by, tied, won, points):
    """Why the players tied on the best total did, or did not, all win; "" when one had the
    best total alone."""
    if decided_by == FINAL_ROUND:
        if tied == 2:
            return _("%(names)s both have %(total)s; %(name)s scored more in the last round.")
        return _("%(names)s all have %(total)s; %(name)s scored the most in the last round.")
    if decided_by != SHARED:
        return ""
    if won < tied:
        return ngettext(
            "%(names)s all have %(total)s; %(winners)s scored the most in the last round, "
            "%(points)s point each: they share the victory.",
            "%(names)s all have %(total)s; %(winners)s scored the most in the last round, "
            "%(points)s points each: they share the victory.",
            points,
        )
    if tied == 2:
        return ngettext(
            "%(names)s both have %(total)s and scored %(points)s point each in the last round: "
            "they share the victory.",
            "%(names)s both have %(total)s and scored %(points)s points each in the last round: "
            "they share the victory.",
            points,
        )
    return ngettext(
        "%(names)s all have %(total)s and scored %(points)s point each in the last round: "
        "they share the victory.",
        "%(names)s all have %(total)s and scored %(points)s points each in the last round: "
        "they share the victory.",
        points,
    )
