import uuid

from django import forms
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games import names, rules
from games.messages import describe, stale_message


class NewGameForm(forms.Form):
    """Up to six names in seat order, typed or picked from the roster, and who starts."""

    # Choices are a callable so their labels are translated per request, not once at import.
    starter = forms.TypedChoiceField(
        label=_("Who starts the first round (the youngest player)"),
        coerce=int,
        choices=lambda: [(i, _("Player %(n)s") % {"n": i + 1}) for i in range(rules.MAX_PLAYERS)],
        initial=0,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for i in range(rules.MAX_PLAYERS):
            self.fields[f"player_{i}"] = names.NameField(
                label=_("Player %(n)s") % {"n": i + 1},
                required=False,
                widget=forms.TextInput(attrs={"list": "roster", "autocomplete": "off"}),
            )
        self.order_fields([f"player_{i}" for i in range(rules.MAX_PLAYERS)] + ["starter"])

    def name_fields(self):
        return [self[f"player_{i}"] for i in range(rules.MAX_PLAYERS)]

    def clean(self):
        data = super().clean()
        seats = []
        for i in range(rules.MAX_PLAYERS):
            field = f"player_{i}"
            name = data.get(field)
            if not name:
                continue
            other = names.look_alike(name, [seated for _i, seated in seats])
            if other is not None:
                self.add_error(field, names.same_name_message(name, other))
                continue
            seats.append((i, name))
        if not rules.MIN_PLAYERS <= len(seats) <= rules.MAX_PLAYERS and not self.errors:
            self.add_error(
                "player_0",
                _("Enter between %(min)s and %(max)s players.")
                % {"min": rules.MIN_PLAYERS, "max": rules.MAX_PLAYERS},
            )
        fields = [i for i, _name in seats]
        if data.get("starter") is not None and data["starter"] not in fields:
            self.add_error("starter", _("The first player must be one of the players entered."))
        data["names"] = [name for _i, name in seats]
        if data.get("starter") in fields:
            data["first_starter"] = fields.index(data["starter"])
        return data


class RoundForm(forms.Form):
    """The numbers typed for one round; the rules module decides whether they stand.

    `number` is the round being edited, or None for the next round.
    """

    # The card picker types a hand's penalty; it reads the cards and their costs from here.
    card_values = rules.CARD_VALUES
    llama = rules.LLAMA
    llama_cost = rules.LLAMA_COST

    round_number = forms.IntegerField(widget=forms.HiddenInput)
    idempotency_key = forms.UUIDField(widget=forms.HiddenInput, required=False)

    def __init__(self, game, *args, number=None, **kwargs):
        self.game, self.number = game, number
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("round_number", number or game.state.next_round)
        kwargs["initial"].setdefault("idempotency_key", uuid.uuid4())
        super().__init__(*args, **kwargs)
        for seat, name in enumerate(game.names):
            self.fields[f"seat_{seat}"] = forms.IntegerField(
                label=name,
                required=False,  # no bounds here: the rules word what is out of range
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
            )
        self.fields["last_to_quit"] = forms.TypedChoiceField(
            label=_("If everyone quit: who quit last (starts the next round)"),
            coerce=int,
            required=False,
            empty_value=None,
            choices=[("", "—")] + list(enumerate(game.names)),
        )
        if number is not None:
            self.fields["confirm"] = forms.BooleanField(
                label=_("Yes, replace round %(number)s with these numbers") % {"number": number},
            )

    @property
    def action(self):
        if self.number is None:
            return reverse("round_add", args=[self.game.pk])
        return reverse("round_edit", args=[self.game.pk, self.number])

    def entry_rows(self):
        """Each player's field with the return the emptied-hand button fills in."""
        state = self.game.state
        before = state.rounds[self.number - 2].totals if (self.number or 0) > 1 else None
        if self.number is None:
            before = state.totals
        before = before or (0,) * len(self.game.names)
        return [
            (self[f"seat_{seat}"], rules.best_return(total)) for seat, total in enumerate(before)
        ]

    def is_stale(self):
        return any(e.code == "stale" for e in self.non_field_errors().as_data())

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        expected = self.number or self.game.state.next_round
        if data.get("round_number") != expected:
            raise forms.ValidationError(stale_message(data.get("round_number")), code="stale")
        entries = [data.get(f"seat_{seat}") for seat in range(len(self.game.names))]
        data["round"] = rules.Round(tuple(entries), data.get("last_to_quit"))
        try:
            data["state"] = self._fold_with(data["round"])
        except rules.RoundRefused as refused:
            self._show(refused.violations)
        return data

    def _fold_with(self, new_round):
        rounds = self.game.as_rules_rounds()
        if self.number is None:
            rounds.append(new_round)
        else:
            rounds[self.number - 1] = new_round
        return rules.fold(len(self.game.names), rounds, self.game.first_starter)

    def _show(self, violations):
        this_round = self.number or self.game.state.next_round
        for violation in violations:
            message = describe(violation, self.game.names)
            if violation.round == this_round and violation.seat is not None:
                self.add_error(f"seat_{violation.seat}", describe_here(violation, self.game.names))
            else:
                self.add_error(None, message)


def describe_here(violation, names):
    """Next to the field, the round number goes without saying."""
    return describe(type(violation)(violation.code, violation.seat, None, violation.params), names)


class ConfirmForm(forms.Form):
    round_number = forms.IntegerField(widget=forms.HiddenInput)
