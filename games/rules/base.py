"""What every game's rules share: the values they take and give back, and the replay of a game.

A game is played by seats (0-based positions at the table); a round is the tuple of numbers
typed for each seat. Each game's module (lama, lato, llama_llama, party) subclasses `Ruleset`
and says what an entry may be, what it does to a total, when the game ends and who wins. The
app never restates any of it: it asks the ruleset of the game's kind.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

# No real game comes near this; it only bounds a game that never ends (two L.L.A.M.A.
# players giving back chips forever) so that a sheet cannot grow without end.
ROUND_LIMIT = 200

TOTAL = "total"  # one player has the best total
FINAL_ROUND = "final_round"  # tied on total, one scored more in the final round
SHARED = "shared"  # still tied: the victory is shared


@dataclass(frozen=True)
class Violation:
    """One reason a round is refused; `code` is stable, the app words it."""

    code: str
    seat: int | None = None
    round: int | None = None
    params: dict = field(default_factory=dict, compare=False)


class RoundRefused(ValueError):
    def __init__(self, violations: Sequence[Violation]):
        self.violations = tuple(violations)
        super().__init__(", ".join(v.code for v in self.violations))


class _EmptiedHand:
    """The entry of a player who emptied their hand, whatever they hold: the fold gives back
    for them the best chip the rules allow on their total at that round (`best_return`), so
    that a phone that has not seen the last round yet still has the right chip stored. Only
    rounds being typed hold it: the round is stored with that chip in its place, the number
    the "Emptied hand" button types on the totals as they stand when it is saved, and from
    then on that number is what was typed."""

    def __repr__(self):
        return "EMPTIED"


EMPTIED = _EmptiedHand()


@dataclass(frozen=True)
class Round:
    """What was typed for one round, and who quit last when nobody emptied their hand
    (L.L.A.M.A. only: the other games leave it None). An entry may be EMPTIED where the game
    has hands to empty."""

    entries: tuple[int, ...]
    last_to_quit: int | None = None


@dataclass(frozen=True)
class RoundResult:
    number: int
    entries: tuple[int, ...]  # as typed (and stored): a correction's revert needs them
    points: tuple[int, ...]  # what each entry counts: the sheet shows these, they sum to totals
    totals: tuple[int, ...]  # the totals after this round
    emptier: int | None = None  # L.L.A.M.A.: the seat that emptied its hand
    next_starter: int | None = None  # L.L.A.M.A.: who starts the round after this one


@dataclass(frozen=True)
class Recount:
    """A return that a correction of an earlier round makes count otherwise (`Ruleset.recounted`):
    in round `number`, `seat`'s entry now counts `points`, on the `total` held before it."""

    number: int
    seat: int
    points: int
    total: int


@dataclass(frozen=True)
class EndShift:
    """Where a correction moves the end (`Ruleset.end_shift`): the game had `was_in_play`
    rounds in play and `was_finished`; it now has `in_play` and `finished`, of `typed` rounds
    typed. `reached`: each seat at or past the end score now, with its total."""

    was_in_play: int
    was_finished: bool
    in_play: int
    finished: bool
    typed: int
    reached: dict = field(default_factory=dict, compare=False)

    @property
    def beyond(self) -> int:
        """How many typed rounds the game leaves beyond its end now."""
        return self.typed - self.in_play


@dataclass(frozen=True)
class GameState:
    kind: str
    players: int
    rounds: tuple[RoundResult, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]  # empty while the game goes on
    leaders: tuple[int, ...]  # best totals so far; empty before the first round
    next_starter: int | None = None  # L.L.A.M.A.: who starts the next round
    # How the winners were found (TOTAL, FINAL_ROUND or SHARED); None while the game goes on.
    decided_by: str | None = None
    # The seats tied for the best total at the end, before any tie-break.
    best_total_seats: tuple[int, ...] = ()
    # Llama Llama, before each round after the first: the seats in the order they lay their
    # goals on the display cards, as groups of players tied on total (they shuffle theirs).
    goal_order: tuple[tuple[int, ...], ...] = ()
    # Llama Llama with 3 players: the dummy hand goes to the right of this seat (several
    # seats when they tie for the lowest total).
    dummy_beside: tuple[int, ...] = ()
    # The rounds typed after the round the game ended in (an earlier round corrected since
    # moved the end before them): kept as typed, counted nothing (each one's `points` are
    # zeros, its `totals` the final ones), and counted again when the correction is taken
    # back. `rounds` are the rounds in play alone.
    beyond: tuple[RoundResult, ...] = ()

    @property
    def next_round(self) -> int:
        """The number the next round stored would take (after any beyond the end)."""
        return len(self.rounds) + len(self.beyond) + 1

    def round_at(self, number: int) -> RoundResult:
        """Round `number` as folded, in play or beyond the end; IndexError for none."""
        if number < 1:
            raise IndexError(number)
        return (*self.rounds, *self.beyond)[number - 1]

    @property
    def shared_victory(self) -> bool:
        return len(self.winners) > 1


def best_seats(values: Sequence[int], highest: bool) -> tuple[int, ...]:
    """The seats holding the highest (or lowest) of `values`."""
    best = max(values) if highest else min(values)
    return tuple(seat for seat, value in enumerate(values) if value == best)


def is_whole(entry: object) -> bool:
    return isinstance(entry, int) and not isinstance(entry, bool)


def missing_or_not_whole(entry: object, seat: int | None) -> Violation | None:
    if entry is None or entry == "":
        return Violation("missing", seat)
    if not is_whole(entry):
        return Violation("not_whole", seat, params={"value": entry})
    return None


class Ruleset:
    """One game's rules. Subclasses set the constants and the entry rules; `fold` is shared."""

    kind: str
    name: str  # the game's own name, the same in every language
    min_players: int
    max_players: int
    min_entry: int
    max_entry: int
    end_score: int  # the game ends after the round in which someone reaches this
    max_rounds: int | None = None  # the game ends after this many rounds, if it has a limit
    round_limit: int = ROUND_LIMIT
    highest_wins: bool = False
    has_starter: bool = False  # whether the app says who starts each round
    has_chips: bool = False  # whether totals are paid in chips (`chips` says which)
    chip_names: tuple[str, ...] = ()  # the chips' colours, the biggest first, where it has chips
    # Whether a round may end with a player who emptied their hand and gives back a chip
    # (`best_return` says which): the sheet's "Emptied hand" button, the statistics.
    has_emptied_hand: bool = False
    # The goal cards a hand is scored against each round (Llama Llama); 0 in games without.
    goals_per_round: int = 0
    variant_of: str | None = None  # the kind this one is a variant of

    @property
    def family(self) -> str:
        """The game a variant plays like (L.L.A.M.A. for its Lato z komarami rule)."""
        return self.variant_of or self.kind

    # ------------------------------------------------------------------ what a game's module says

    def value_violation(self, entry: object, seat: int | None = None) -> Violation | None:
        """What is wrong with a typed value on its own, whatever the totals; None if nothing."""
        raise NotImplementedError

    def entry_violation(self, seat: int, entry: int, total: int) -> Violation | None:
        """What is wrong with a valid value given the player's total (a chip they lack). Asked
        only of numbers being typed: a stored number is replayed by `points`, leniently."""
        return None

    def round_violations(self, entries: Sequence[int | None]) -> list[Violation]:
        """What is wrong with the round as a whole, judged on the entries valid on their own
        (None stands for one that is not)."""
        return []

    def chips(self, total: int) -> tuple[int, ...]:
        """A total as chips, a count per colour, the biggest chip first ((black, white) in
        L.L.A.M.A., (pink, black, white) in the Party Edition); asked only where `has_chips`."""
        raise NotImplementedError(f"{self.name} has no chips")

    def best_return(self, total: int) -> int:
        """What the player who emptied their hand types; asked only where `has_emptied_hand`."""
        raise NotImplementedError(f"in {self.name}, nobody empties their hand")

    def missing_facts(self, round_: Round) -> list[Violation]:
        """What the table must still say about a new round besides its numbers (L.L.A.M.A.:
        who quit last). Asked of rounds being typed, not of stored ones, which stay readable."""
        return []

    def reads_total(self, entry: int) -> bool:
        """Whether what `entry` does depends on the player's total (L.L.A.M.A.: a chip given
        back, or none), so that a number typed against other totals may mean another thing."""
        return False

    def points(self, total: int, entry: int) -> int:
        """What an entry counts on a total: what the sheet shows for it, so that every column
        adds up to its total (L.L.A.M.A.: a return counts the best chip the player holds).
        The entry itself is stored as typed."""
        return entry

    def round_details(
        self, entries: tuple[int, ...], last_to_quit: int | None, starter: int | None
    ) -> tuple[int | None, int | None]:
        """The round's emptier and who starts the next one (L.L.A.M.A.); nothing elsewhere."""
        return None, None

    def table_helpers(self, totals: tuple[int, ...]) -> dict:
        """GameState fields that help the table before the next round (Llama Llama)."""
        return {}

    # ------------------------------------------------------------------ shared by every game

    def players_violation(self, players: int) -> Violation | None:
        if not self.min_players <= players <= self.max_players:
            params = {"count": players, "min": self.min_players, "max": self.max_players}
            return Violation("players", params=params)
        return None

    def is_over(self, totals: Sequence[int], played: int) -> bool:
        """Whether a game with these totals after `played` rounds has ended."""
        if self.max_rounds is not None and played >= self.max_rounds:
            return True
        return any(total >= self.end_score for total in totals)

    def end_facts(self, totals: Sequence[int], played: int) -> dict:
        """What ended a game with these totals after `played` rounds, for a refusal to say:
        `reached` maps each seat at or past the end score to its total (empty when the round
        limit ended it); `ended_in` is the last round played, `max_rounds` the limit."""
        reached = {seat: total for seat, total in enumerate(totals) if total >= self.end_score}
        return {
            "reached": reached,
            "ended_in": played,
            "end_score": self.end_score,
            "max_rounds": self.max_rounds,
        }

    def ranking(self, state: GameState) -> tuple[tuple[int, int], ...]:
        """(seat, place), first place first. The winners share first place (a tie-break puts
        the one it chose above the others on the same total); then the best totals, equal
        totals sharing a place (1, 1, 3)."""
        sign = -1 if self.highest_wins else 1

        def key(seat):
            return seat not in state.winners, sign * state.totals[seat]

        ranked: list[tuple[int, int]] = []
        for position, seat in enumerate(sorted(range(state.players), key=key), start=1):
            shared = ranked and key(ranked[-1][0]) == key(seat)
            ranked.append((seat, ranked[-1][1] if shared else position))
        return tuple(ranked)

    def places(self, state: GameState) -> tuple[int, ...]:
        """Each seat's place in `ranking`, in seat order."""
        placed = dict(self.ranking(state))
        return tuple(placed[seat] for seat in range(state.players))

    def leaders(self, totals: Sequence[int]) -> tuple[int, ...]:
        return best_seats(totals, self.highest_wins)

    def winners(
        self, totals: Sequence[int], final_points: Sequence[int]
    ) -> tuple[tuple[int, ...], str]:
        """The winners of a finished game and what decided it (TOTAL or SHARED here)."""
        best = self.leaders(totals)
        return best, (TOTAL if len(best) == 1 else SHARED)

    def validate_round(
        self,
        totals: Sequence[int],
        entries: Sequence[object],
        played: int = 0,
        checked: Collection[int] | None = None,
    ) -> list[Violation]:
        """Every reason `entries`, played on top of `totals` after `played` rounds, is refused.

        Two modes. A round being typed is checked against the totals (`entry_violation`: a
        black chip held by nobody is refused), in the seats `checked` (None: every seat). A
        stored round is replayed with `checked=()`: a number typed against other totals (an
        earlier round corrected since) is never refused for it, and counts what the rules
        then allow (`points`), so that taking the correction back gives it back as typed."""
        if len(entries) != len(totals):
            raise ValueError(f"{len(entries)} entries for {len(totals)} players")
        if self.is_over(totals, played):
            return [Violation("game_over", params=self.end_facts(totals, played))]
        if played >= self.round_limit:
            return [Violation("too_many_rounds", params={"max": self.round_limit})]
        found, valid = [], []
        for seat, (entry, total) in enumerate(zip(entries, totals, strict=True)):
            violation = self.value_violation(entry, seat)
            if violation is None and (checked is None or seat in checked):
                violation = self.entry_violation(seat, entry, total)
            if violation is not None:
                found.append(violation)
            valid.append(None if violation else entry)
        # Every reason at once, so that a round is corrected in one go: the round as a whole
        # is judged on the entries valid on their own (None for the others).
        return found + self.round_violations(valid)

    def apply_round(
        self,
        totals: Sequence[int],
        entries: Sequence[int],
        played: int = 0,
        checked: Collection[int] | None = None,
    ) -> tuple[int, ...]:
        """The totals after a valid round; RoundRefused if it breaks the rules (`checked`:
        as `validate_round`)."""
        violations = self.validate_round(totals, entries, played, checked)
        if violations:
            raise RoundRefused(violations)
        return tuple(
            total + self.points(total, entry) for total, entry in zip(totals, entries, strict=True)
        )

    def fold(
        self,
        players: int,
        rounds: Iterable[Round | Sequence[int]],
        first_starter: int | None = None,
        typing: int | None = None,
        retyped: Collection[int] | None = None,
    ) -> GameState:
        """Replay a whole game from its first round; RoundRefused names the first bad round.

        Every round is replayed as stored, leniently (`validate_round`), except round `typing`,
        the one being typed, whose seats `retyped` (None: all of them) are checked as typed.
        The fold decides where the game ends: the rounds after that one are kept as typed in
        `GameState.beyond` and count nothing (an earlier round corrected since moved the end
        before them), never refused for it; `fold_with` refuses a new one."""
        if self.players_violation(players) is not None:
            raise ValueError(f"{self.name} is for {self.min_players} to {self.max_players} players")
        totals, results, beyond = (0,) * players, [], []
        starter = first_starter if self.has_starter else None
        for number, round_ in enumerate(map(_as_round, rounds), start=1):
            entries = self._given_back(round_.entries, totals)
            if beyond or self.is_over(totals, number - 1):
                # The game ended before it: typed all the same (an earlier round corrected
                # since moved the end), kept as typed, counted nothing.
                if number == typing:
                    self._check_beyond(entries, number)
                beyond.append(RoundResult(number, entries, (0,) * players, totals))
                continue
            try:
                checked = retyped if number == typing else ()
                new_totals = self.apply_round(totals, entries, number - 1, checked)
            except RoundRefused as refused:
                raise RoundRefused([_in_round(v, number) for v in refused.violations]) from None
            quitter = round_.last_to_quit
            if not is_whole(quitter) or quitter not in range(players):
                quitter = None
            emptier, starter = self.round_details(entries, quitter, starter)
            change = tuple(b - a for a, b in zip(totals, new_totals, strict=True))
            results.append(RoundResult(number, entries, change, new_totals, emptier, starter))
            totals = new_totals
        return self._state(players, tuple(results), totals, starter, tuple(beyond))

    def _check_beyond(self, entries, number):
        """A round beyond the end being typed again (its edit) is checked on its own: its
        numbers and the round as a whole, not against totals it no longer counts on."""
        found = [v for seat, e in enumerate(entries) if (v := self.value_violation(e, seat))]
        valid = [None if self.value_violation(e) else e for e in entries]
        found += self.round_violations(valid)
        if found:
            raise RoundRefused([_in_round(v, number) for v in found])

    def fold_with(
        self,
        players: int,
        rounds: Sequence[Round | Sequence[int]],
        number: int,
        round_: Round,
        first_starter: int | None = None,
    ) -> GameState:
        """Replay a game with `round_`, being typed, as its round `number`: in place of a round
        played, or as the next one (`number` one past the last). The numbers typed in it are
        checked as typed; those it keeps from the round it replaces, and the other rounds, are
        replayed as stored (`fold`). ValueError for a round it cannot be."""
        if not 1 <= number <= len(rounds) + 1:
            raise ValueError(f"no round {number} in a game of {len(rounds)} rounds")
        played = [*rounds[: number - 1], round_, *rounds[number:]]
        retyped = None
        if number <= len(rounds):
            kept = _as_round(rounds[number - 1]).entries
            if len(kept) == len(round_.entries):
                pairs = enumerate(zip(round_.entries, kept, strict=True))
                retyped = {seat for seat, (typed, was) in pairs if typed != was}
        state = self.fold(players, played, first_starter, typing=number, retyped=retyped)
        if number > len(rounds) and state.beyond:
            # A new round after the end is refused, as ever; only a correction may leave
            # rounds typed beyond it.
            before = state.rounds[-1]
            facts = self.end_facts(before.totals, before.number)
            raise RoundRefused([Violation("game_over", round=number, params=facts)])
        return state

    def end_shift(self, before: GameState, after: GameState) -> EndShift | None:
        """Where a correction moves the end, from the game `before` it to the game `after`
        it; None when the same rounds stay in play and the game is as over as it was: what
        the edit page says before the correction is saved."""
        was, now = len(before.rounds), len(after.rounds)
        if was == now and before.finished == after.finished:
            return None
        reached = self.end_facts(after.totals, now)["reached"] if after.finished else {}
        typed = now + len(after.beyond)
        return EndShift(was, before.finished, now, after.finished, typed, reached)

    def recounted(self, before: GameState, after: GameState, since: int) -> tuple[Recount, ...]:
        """The entries of the rounds after round `since` that count otherwise in `after` (the
        game with round `since` corrected) than in `before`, where what they count depends on
        the total (a return): what the edit page says before the correction is saved, and
        the sheet after it. Taking the correction back gives them back, and says so too."""
        found = []
        for old, new in zip(before.rounds[since:], after.rounds[since:], strict=False):
            held = after.rounds[new.number - 2].totals
            for seat, (was, now) in enumerate(zip(old.points, new.points, strict=True)):
                if was != now and self.reads_total(new.entries[seat]):
                    found.append(Recount(new.number, seat, now, held[seat]))
        return tuple(found)

    def _given_back(self, entries, totals) -> tuple:
        """`entries` with EMPTIED given as the best chip the player can give back on `totals`."""
        if EMPTIED not in entries or not self.has_emptied_hand or len(entries) != len(totals):
            return tuple(entries)  # (a count that differs: apply_round says so)
        pairs = zip(entries, totals, strict=True)
        return tuple(self.best_return(total) if e is EMPTIED else e for e, total in pairs)

    def _state(self, players, results, totals, starter, beyond=()) -> GameState:
        finished = self.is_over(totals, len(results))
        final = results[-1].points if results else (0,) * players
        winners, decided_by = self.winners(totals, final) if finished else ((), None)
        return GameState(
            kind=self.kind,
            players=players,
            rounds=results,
            totals=totals,
            finished=finished,
            winners=winners,
            leaders=self.leaders(totals) if results else (),
            next_starter=None if finished else starter,
            decided_by=decided_by,
            best_total_seats=self.leaders(totals) if finished else (),
            beyond=beyond,
            **({} if finished or not results else self.table_helpers(totals)),
        )


def _as_round(round_: Round | Sequence[int]) -> Round:
    return round_ if isinstance(round_, Round) else Round(tuple(round_))


def _in_round(violation: Violation, number: int) -> Violation:
    return Violation(violation.code, violation.seat, number, violation.params)
