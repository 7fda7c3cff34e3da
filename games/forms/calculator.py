"""Llama Llama's hand calculator: the round's goals typed once as printed, then a player's
letters, and the rules module (games/rules/llama_llama.py) counts what the hand scores.

It rides in the round form: the goals and the letters are posted with every button of it
and typed back into the page, so they stay until the round is saved. Nothing of it is ever
stored; only the scores it helps type are.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from common.echo import ECHO_MAX, BoundedEcho
from games.forms.fields import NOT_AT_THE_TABLE
from games.refusals import describe_unreadable
from games.rules.llama_llama import Unreadable, hand_score, parse_goal, parse_hand
from games.wording import elide

# The goals by the display card they lie on, in the order they are revealed.
GOAL_LABELS = (_("1st goal"), _("2nd goal"), _("3rd goal"), _("4th goal"))
SHORT_LABELS = (_("1st"), _("2nd"), _("3rd"), _("4th"))
TYPED_MAX = ECHO_MAX  # far more than a goal card or a hand holds


class HandCalculator(forms.Form):
    """The goals of the round, each player's letters, and the player to calculate for."""

    bound_field_class = BoundedEcho
    calculate = forms.TypedChoiceField(coerce=int, choices=(), error_messages=NOT_AT_THE_TABLE)

    def __init__(self, game, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.names, self.score, self.scores, self.offered = game.names, None, {}, []
        self.fields["calculate"].choices = list(enumerate(self.names))
        labels = GOAL_LABELS[: game.ruleset.goals_per_round]
        self.goal_names = [f"goal_{n}" for n in range(1, len(labels) + 1)]
        for name, label in zip(self.goal_names, labels, strict=True):
            self.fields[name] = _letters_field(label)
        for seat, name in enumerate(self.names):
            label = elide(_("Letters in %(name)s's hand") % {"name": name}, name)
            self.fields[f"hand_{seat}"] = _letters_field(label)

    def goal_fields(self):
        return [self[name] for name in self.goal_names]

    def row(self, seat):
        """What a player's row shows: their letters, and what they score once calculated (every
        player's whose letters are typed, not only the last one's: all stay on screen)."""
        score = self.scores.get(seat)
        parts = list(zip(SHORT_LABELS, score.per_goal, strict=False)) if score else []
        return {"hand": self[f"hand_{seat}"], "score": score, "parts": parts}

    def clean(self):
        data = super().clean()
        goals = [self._read(name, parse_goal) for name in self.goal_names]
        seat = data.get("calculate")
        if seat is None:
            return data
        hand_field = f"hand_{seat}"
        if hand_field not in self.errors and not data[hand_field].strip():
            name = self.names[seat]
            message = elide(_("Type the letters in %(name)s's hand.") % {"name": name}, name)
            self.add_error(hand_field, message)
        hand = self._read(hand_field, parse_hand)
        if not self.errors:
            self.score = hand_score(goals, hand)
            self.scores = self._others(goals, seat) | {seat: self.score}
        return data

    def _others(self, goals, seat):
        """The other players' scores against the same goals, where their letters are typed
        and readable (the others are left as they are, with no message)."""
        scores = {}
        for other in range(len(self.names)):
            letters = self.cleaned_data.get(f"hand_{other}", "").strip()
            if other == seat or not letters:
                continue
            try:
                scores[other] = hand_score(goals, parse_hand(letters))
            except Unreadable:
                continue
        return scores

    def _read(self, name, parse):
        """What the rules module reads in a field; its refusal worded next to that field."""
        if name in self.errors:
            return None
        try:
            return parse(self.cleaned_data[name])
        except Unreadable as unreadable:
            self.add_error(name, describe_unreadable(unreadable))
            return None


# The goals typed in earlier rounds and games, offered as one-tap choices: stored in
# the session (on this phone, for this account), never in the database.
REMEMBERED = "llama_llama_goals"
REMEMBERED_GOALS = 12


def _same(goal):
    return "".join(goal.upper().split())


def remember_goals(session, calculator):
    """Keep the goals a calculator just counted with, newest first, each once."""
    typed = [calculator.cleaned_data[name].strip() for name in calculator.goal_names]
    typed = [goal for goal in typed if goal]
    known = {_same(goal) for goal in typed}
    earlier = [goal for goal in session.get(REMEMBERED, []) if _same(goal) not in known]
    session[REMEMBERED] = list(dict.fromkeys(typed + earlier))[:REMEMBERED_GOALS]


def offer_goals(session, calculator):
    """The goals remembered that are not typed in this calculator already."""
    if calculator is None:
        return
    typed = {_same(str(calculator[name].value() or "")) for name in calculator.goal_names}
    calculator.offered = [g for g in session.get(REMEMBERED, []) if _same(g) not in typed]


def with_goal_chosen(data, goals_per_round):
    """Without JavaScript, a goal tapped among those offered comes back typed in the first
    empty goal field, everything else as typed."""
    initial = {key: data.get(key) for key in data if key != "csrfmiddlewaretoken"}
    chosen = str(data.get("goal_choice", ""))[:TYPED_MAX]
    for n in range(1, goals_per_round + 1):
        if not str(initial.get(f"goal_{n}") or "").strip():
            initial[f"goal_{n}"] = chosen
            break
    return initial


def calculates(ruleset):
    """Whether a game's rounds are scored against goals, with this calculator's help."""
    return ruleset.goals_per_round > 0


def _letters_field(label):
    # Rendered by hand (templates/games/kinds/llama_llama/), with what makes typing letters
    # quick on a phone: capitals without the shift key, no autocorrect.
    return forms.CharField(label=label, required=False, max_length=TYPED_MAX)
