"""The read model: a game's rounds as plain values, read in one statement for many games.

Apart from models.py, which reads through it (Game.stored, GameQuerySet.with_rounds): it is
given the rows to read (querysets of seats and links) rather than importing the models, so
that neither module imports the other both ways.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from games import rules


@dataclass(frozen=True)
class StoredRound:
    number: int
    played: rules.Round  # what the rules take of it
    created_at: datetime  # when it was saved
    key: UUID | None  # its submission key (Round.idempotency_key)
    # The number of the scorer link that saved it last, None for the owner (Round.saved_by);
    # a default, so that a StoredRound kept in a cache before it existed still reads.
    saved_by: int | None = None
    version: int = 0  # Round.version
    pk: int | None = None  # Round.pk, what an undo or an edit page is bound to


@dataclass(frozen=True)
class StoredGame:
    # The game's row as read in the same statement as its rounds: `version` is the one of
    # these rounds.
    version: int
    kind: str
    first_starter: int
    player_count: int
    rounds: tuple[StoredRound, ...]

    def as_rules_rounds(self) -> list[rules.Round]:
        return [stored.played for stored in self.rounds]


def read_rounds(seats, links) -> dict[int, StoredGame]:
    """{pk: StoredGame} for the games of `seats` (Seat.objects.filter(game__in=pks)), with
    the numbers of their scorer links from `links` (ScorerLink.objects): the one way rounds
    are read, as plain values (no model instances: they cost the sheet more than
    anything but its template). One statement for all of them, so the version read is the one
    of the rounds read; the numbers of the scorer links that saved some (fixed once made) in a
    second one, only if any did, rather than a join to every round."""
    rows = (
        seats.order_by("game", "entries__round__number", "position")
        .values_list(
            "game", "game__version", "game__kind", "game__first_starter", "position",
            "entries__round__number", "entries__round",
            "entries__round__last_to_quit", "entries__round__created_at",
            "entries__round__idempotency_key", "entries__round__saved_by",
            "entries__round__version", "entries__value",
        )
    )  # fmt: skip
    games = {}  # pk: (the game's row, positions, {number: (last to quit, saved, key, by,
    #                                                       version, pk, values)})
    for game, *row, position, number, pk, last_to_quit, saved, key, by, version, value in rows:
        _row, positions, rounds = games.setdefault(game, (row, set(), {}))
        positions.add(position)
        if number is not None:  # a game with no round yet has seats and no entries
            round_ = rounds.setdefault(number, (last_to_quit, saved, key, by, version, pk, []))
            round_[6].append(value)
    links = _link_numbers(
        links, {r[3] for _row, _positions, rounds in games.values() for r in rounds.values()}
    )
    return {
        game: StoredGame(*row, len(positions), tuple(
            StoredRound(
                number, rules.Round(tuple(values), last), saved, key, links.get(by), version, pk
            )
            for number, (last, saved, key, by, version, pk, values) in rounds.items()
        ))
        for game, (row, positions, rounds) in games.items()
    }  # fmt: skip


@dataclass(frozen=True)
class PlayedGame:
    """What the rules fold of a stored game (read_played): StoredGame without each round's
    time, key, link and version."""

    version: int
    kind: str
    first_starter: int
    player_count: int
    played: tuple[rules.Round, ...]

    def as_rules_rounds(self) -> list[rules.Round]:
        return list(self.played)


def read_played(seats) -> dict[int, PlayedGame]:
    """{pk: PlayedGame} for the games of `seats`, in one statement as read_rounds reads them,
    with only the columns the rules fold: a big account's first visit folds thousands of
    games, and converting the rounds' times alone was a quarter of reading them."""
    rows = (
        seats.order_by("game", "entries__round__number", "position")
        .values_list(
            "game", "game__version", "game__kind", "game__first_starter", "position",
            "entries__round__number", "entries__round__last_to_quit", "entries__value",
        )
    )  # fmt: skip
    games = {}  # pk: (the game's row, positions, {number: (last to quit, values)})
    for game, *row, position, number, last_to_quit, value in rows:
        _row, positions, rounds = games.setdefault(game, (row, set(), {}))
        positions.add(position)
        if number is not None:  # a game with no round yet has seats and no entries
            rounds.setdefault(number, (last_to_quit, []))[1].append(value)
    return {
        game: PlayedGame(*row, len(positions), tuple(
            rules.Round(tuple(values), last) for last, values in rounds.values()
        ))
        for game, (row, positions, rounds) in games.items()
    }  # fmt: skip


def _link_numbers(links, pks):
    """{pk: number} of the scorer links `pks` (None stands for the owner) among `links`."""
    pks.discard(None)
    if not pks:
        return {}
    return dict(links.filter(pk__in=pks).values_list("pk", "number"))
