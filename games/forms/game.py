import uuid

from django import forms
from django.utils.translation import gettext_lazy as _

from common import names
from common.echo import BoundedEcho
from games import rules
from games.forms.calculator import HandCalculator, calculates
from games.forms.fields import NOT_AT_THE_TABLE, NameField, TextLinesField
from games.models import LINE_MAX_LENGTH, NOTE_MAX_LENGTH, Kind
from games.refusals import describe, players_limit
from games.services.rounds import as_key
from games.services.saves import Submission


def _whole(raw):
    """A typed whole number, or None."""
    try:
        return int(str(raw).strip())
    except (TypeError, ValueError):
        return None


class GameSelect(forms.RadioSelect):
    """The games as radio buttons, each carrying its rules' player limits and whether someone
    starts: js/new-game.js shows the name fields and starter field that the game chosen needs."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        ruleset = rules.RULESETS.get(value)
        if ruleset is not None:
            option["players"] = _("%(min)s to %(max)s players") % {
                "min": ruleset.min_players,
                "max": ruleset.max_players,
            }
            option["attrs"] |= {
                "data-max-players": ruleset.max_players,
                "data-has-starter": "true" if ruleset.has_starter else "",
                "data-limit": players_limit(ruleset),
            }
        return option


class NewGameForm(forms.Form):
    """The game, up to six names in seat order (typed or picked from the roster), and who
    starts, in the games where the app says who starts."""

    game = forms.ChoiceField(
        label=_("Game"), choices=Kind.choices, initial=Kind.LAMA, widget=GameSelect
    )
    # Choices are a callable so their labels are translated per request, not once at import.
    # Not required: a game without a starter has none (js/new-game.js disables the field).
    starter = forms.TypedChoiceField(
        label=_("Who starts the first round (the youngest player)"),
        coerce=int,
        choices=lambda: [(i, _("Player %(n)s") % {"n": i + 1}) for i in range(rules.MAX_PLAYERS)],
        initial=0,
        required=False,
        empty_value=None,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for i in range(rules.MAX_PLAYERS):
            self.fields[f"player_{i}"] = NameField(
                label=_("Player %(n)s") % {"n": i + 1},
                required=False,
                widget=forms.TextInput(attrs={"list": "roster", "autocomplete": "off"}),
            )
        # The first name field is where a wrong count of players is refused: it says the limit.
        self.fields["player_0"].widget.attrs["aria-describedby"] = "players-limit"
        if not self.is_bound:  # typing starts at the first name (a refusal: at its message)
            self.fields["player_0"].widget.attrs["autofocus"] = True
        # How js/new-game.js writes a seat with the name typed, in the reader's language
        # ("Joueur 1 : Élodie" in French, its space before the colon unbreakable).
        named = _("%(seat)s: %(name)s") % {"seat": "{seat}", "name": "{name}"}
        self.fields["starter"].widget.attrs["data-named"] = named
        self.order_fields(
            ["game"] + [f"player_{i}" for i in range(rules.MAX_PLAYERS)] + ["starter"]
        )

    @property
    def ruleset(self):
        """The rules of the game chosen, or of the one offered first."""
        kind = self.data.get("game") if self.is_bound else None
        return rules.RULESETS.get(kind) or rules.for_kind(self["game"].initial)

    def players_limit(self):
        """How many may play the game chosen (js/new-game.js rewrites it when another is chosen)."""
        return players_limit(self.ruleset)

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
        ruleset = rules.RULESETS.get(data.get("game"))
        if ruleset and ruleset.players_violation(len(seats)) and not self.errors:
            self.add_error("player_0", players_limit(ruleset))
        data["names"] = [name for _i, name in seats]
        if ruleset is not None:
            self._clean_starter(data, ruleset, [i for i, _name in seats])
        return data

    def _clean_starter(self, data, ruleset, fields):
        """The seat of the first starter, among the names entered; the first seat in a game
        where the app says nothing about who starts."""
        if not ruleset.has_starter:
            data["first_starter"] = 0
        elif data.get("starter") is None:
            self.add_error("starter", self.fields["starter"].error_messages["required"])
        elif data["starter"] not in fields:
            self.add_error("starter", _("The first player must be one of the players entered."))
        else:
            data["first_starter"] = fields.index(data["starter"])


class RoundForm(forms.Form):
    """The numbers typed for one round; the game's rules decide whether they stand.

    `number` is the round being edited, or None for the next round.
    """

    bound_field_class = BoundedEcho
    round_number = forms.IntegerField(widget=forms.HiddenInput)
    idempotency_key = forms.UUIDField(widget=forms.HiddenInput, required=False)
    # An edit: the stored round the page was opened for, and the version it had then (see
    # ConfirmForm).
    round_id = forms.IntegerField(widget=forms.HiddenInput, required=False)
    round_version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    # The form shown just after a save: the key of the round saved. Posted with nothing
    # typed, it is the late second tap of a double tap, answered as the save was.
    saved_key = forms.UUIDField(widget=forms.HiddenInput, required=False)
    # Where it is sent: the owner's URL or a scorer link's, set by the view (views/access.py).
    action = ""

    def __init__(self, game, *args, number=None, calculator=None, **kwargs):
        self.game, self.number, self.ruleset = game, number, game.ruleset
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("round_number", number or game.next_round)
        kwargs["initial"].setdefault("idempotency_key", uuid.uuid4())
        super().__init__(*args, **kwargs)
        self.blank = (
            not self.is_bound
            and number is None
            and calculator is None
            and set(self.initial) <= {"round_number", "idempotency_key", "round_id", "saved_key"}
        )
        if not self.is_bound:
            self._show_return()
        self.calculator = calculator or self._calculator()
        for seat, name in enumerate(game.names):
            self.fields[f"seat_{seat}"] = forms.IntegerField(
                label=name,
                required=False,  # no bounds here: the rules word what is out of range
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
            )
        if self.ruleset.has_starter:
            # One tap on a name (radio buttons shown as names, _round_extra.html), not a select.
            self.fields["last_to_quit"] = forms.TypedChoiceField(
                label=_("If everyone quit: who quit last (starts the next round)"),
                coerce=int,
                required=False,  # only when nobody emptied their hand: the rules say when
                empty_value=None,
                choices=list(enumerate(game.names)),
                error_messages=NOT_AT_THE_TABLE,
                widget=forms.RadioSelect,
            )

    def marked_seat(self):
        """The seat marked as having emptied their hand ("Emptied hand", `emptied_hand`): the
        rules give back for them the best chip they hold when the round is saved, whatever
        the phone showed. None where nobody is, or where the game has no hands to empty."""
        raw = str((self.data if self.is_bound else self.initial).get("emptied_hand") or "")
        seat = int(raw) if raw.isdecimal() and len(raw) < 3 else None
        if not self.ruleset.has_emptied_hand or seat is None or seat >= len(self.game.names):
            return None
        return seat

    def shown_emptier(self):
        """The seat whose "Emptied hand" button shows pressed: the one marked, else, in an
        edit, the one whose number says so (the round as stored, or as sent back): js/sheet.js
        clears that number when another player is marked."""
        marked = self.marked_seat()
        if marked is not None or self.number is None or not self.ruleset.has_emptied_hand:
            return marked
        shown = [str(self[f"seat_{seat}"].value()) for seat in range(len(self.game.names))]
        if not all(value.lstrip("-").isdecimal() and len(value) < 5 for value in shown):
            return None
        return self.ruleset.emptier([int(value) for value in shown])

    def _show_return(self):
        """A form shown again with a seat marked (a refusal, a helper's answer) shows the
        return the rules give back on the totals it is shown with now."""
        seat = self.marked_seat()
        if seat is not None:
            self.initial[f"seat_{seat}"] = self.ruleset.best_return(self.totals_before()[seat])

    def shown_totals(self):
        """The totals the form is shown with, as posted back with it ("12,3,0")."""
        return ",".join(str(total) for total in self.totals_before())

    def _calculator(self):
        """Llama Llama's hand calculator (games whose rounds are scored against goals), showing
        what was typed in it: shown back, never checked, unless the scorekeeper asks it to count."""
        if not calculates(self.ruleset):
            return None
        return HandCalculator(self.game, initial=self.data if self.is_bound else self.initial)

    @property
    def kept_seconds(self):
        """How long its rendered fields may be kept ({% cache %} in _round_form.html): a day for
        the blank form of the next round, which the game's version and the language decide
        alone; never for a form that shows what someone typed or what was refused."""
        return 60 * 60 * 24 if self.blank else 0

    @property
    def playing(self):
        """The number of the round this form plays: the one edited, or the next one."""
        return self.number or self.game.next_round

    def totals_before(self):
        """The totals this round is played on."""
        state = self.game.state
        if self.number is None:
            return state.totals
        if self.number > 1:
            return state.round_at(self.number - 1).totals
        return (0,) * len(self.game.names)

    def entry_rows(self):
        """Each player's field, with the return the emptied-hand button fills in where the
        game has hands to empty (None elsewhere)."""
        ruleset = self.ruleset
        return [
            (self[f"seat_{seat}"], ruleset.best_return(total) if ruleset.has_emptied_hand else None)
            for seat, total in enumerate(self.totals_before())
        ]

    def without_chips(self):
        """The names of the players who hold no chip, where the game has hands to empty: an
        emptied hand gives nothing back there, and the form says so (their button types 0)."""
        if not self.ruleset.has_emptied_hand:
            return []
        totals = self.totals_before()
        return [name for name, total in zip(self.game.names, totals, strict=True)
                if self.ruleset.best_return(total) == 0]  # fmt: skip

    def posted_number(self):
        """The round number the page that sent this form showed, if it is one."""
        return _whole(self.data.get("round_number"))

    def entered_values(self):
        """What was typed for each player (and who quit last), to type it into a new form."""
        keys = [f"seat_{seat}" for seat in range(len(self.game.names))]
        keys += ["last_to_quit", "emptied_hand"]
        return {key: self.data.get(key) for key in keys if self.data.get(key) not in (None, "")}

    def is_empty(self):
        """Nothing typed at all: no number, nobody named as last to quit, no calculator."""
        typed = [value for key, value in self.data.items() if key.startswith(("seat_", "goal_"))]
        typed += [self.data.get("last_to_quit")]
        typed += [v for k, v in self.data.items() if k.startswith("hand_")]
        return not any(str(value or "").strip() for value in typed)

    def submission(self):
        """The form as the service takes it (saves.Submission): whether a save is new, a
        repeat, a replay after an undo or a race is the service's to say, not the form's."""
        valid = self.is_valid()
        shown = [_whole(total) for total in str(self.data.get("totals", "")).split(",")]
        return Submission(
            number=self.posted_number(),
            round=self.cleaned_data["round"] if valid else None,
            state=self.cleaned_data.get("state") if valid else None,
            key=as_key(self.data.get("idempotency_key")),
            saved_key=as_key(self.data.get("saved_key")),
            empty=self.is_empty(),
            shown_totals=None if None in shown else tuple(shown),
        )

    def clean(self):
        data = super().clean()
        if "round_number" in self.errors:
            return data
        if self.number is None and data["round_number"] != self.playing:
            # A page behind the game (another phone saved this round first): the round as
            # typed, unchecked; the service compares it with the round saved (services/saves.py).
            data["round"] = rules.Round(self._entries(data), data.get("last_to_quit"))
            return data
        # Every reason the round is refused, at once: a field that is no whole number has
        # its own message already, and counts as missing for the rules.
        data["round"] = rules.Round(self._entries(data), data.get("last_to_quit"))
        try:
            # The one fold of a save: the service writes the round on the state it decides,
            # and the answer shows it (games/services/rounds.py, add_round).
            data["state"] = self._fold_with(data["round"])
        except rules.RoundRefused as refused:
            self._show(refused.violations)
        for violation in self.ruleset.missing_facts(data["round"]):
            self.add_error("last_to_quit", self._describe(violation))
        return data

    def _entries(self, data):
        """The numbers typed, an emptied hand marked as such (rules.EMPTIED) unless a penalty
        was typed over it since."""
        entries = [data.get(f"seat_{seat}") for seat in range(len(self.game.names))]
        marked = self.marked_seat()
        if marked is not None and (entries[marked] is None or entries[marked] <= 0):
            entries[marked] = rules.EMPTIED
        return tuple(entries)

    def _fold_with(self, round_):
        """The game's rounds as read, with `round_` as the round this form plays."""
        game = self.game
        return self.ruleset.fold_with(
            len(game.names), game.as_rules_rounds(), self.playing, round_, game.first_starter
        )

    def _describe(self, violation, change=False):
        return describe(violation, self.game.names, self.ruleset, change)

    def _show(self, violations):
        this_round = self.playing
        for violation in violations:
            if violation.round != this_round:  # a later round this change makes impossible
                self.add_error(None, self._describe(violation, change=True))
                continue
            # In the round being typed, the round number goes without saying.
            here = type(violation)(violation.code, violation.seat, None, violation.params)
            field = None if violation.seat is None else f"seat_{violation.seat}"
            if field not in self.errors:  # "Enter a whole number." says it already
                self.add_error(field, self._describe(here))


class ConfirmForm(forms.Form):
    """An undo confirmed: the round it was opened for, by number and by identity (the stored
    round's id), so that a page shown again by Back, or a new round of that number typed
    since, is never undone by it. Pages from before the id was sent bind by number alone."""

    round_number = forms.IntegerField(widget=forms.HiddenInput)
    round_id = forms.IntegerField(widget=forms.HiddenInput, required=False)
    # The version of the round when the page was opened: an undo confirmed after another phone
    # edited it changes nothing.
    round_version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def clean(self):
        # Its fields are hidden: what refuses them is said once, beside the button.
        if any(self.has_error(name) for name in self.fields):
            raise forms.ValidationError(
                _("Nothing was undone: the page did not say which round to undo. Confirm again."),
                code="unreadable",
            )
        return self.cleaned_data


class RoundAsked(forms.Form):
    """The round an undo link was made for (`?round=7`); the last round when it names none."""

    round = forms.IntegerField(required=False, min_value=1)


class GameAboutForm(forms.Form):
    """Where a game was played and a note about it, both optional."""

    venue = TextLinesField(
        label=_("Place"), required=False, lines=False, max_length=LINE_MAX_LENGTH,
        help_text=_("Where you played, for example “At Anaïs’s”."),
    )  # fmt: skip
    note = TextLinesField(
        label=_("Note"), required=False, max_length=NOTE_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
    )  # fmt: skip


class BoardForm(forms.Form):
    """The version a following phone last saw; it gets a 204 while nothing changed."""

    seen = forms.CharField(required=False, max_length=64)
