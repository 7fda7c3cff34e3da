"""Backups of an account's games: the game JSON listed, a CSV for spreadsheets, and the way back.

This module owns the format: `game_json` writes a game as other programs and backups read it
(`/games/N.json` too), `read_game` reads it back.

A backup is read back only through the rules module: every game is replayed by its ruleset
(`Ruleset.fold`) before it is written (games/archive/tasks.py reads the file a game at a time,
games/archive/restore.py writes them out of sight, and shows all or none). A game the account
already holds (same identity, see games/archive/identity.py) is not added again.
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from common import names
from games import rules
from games.archive import identity
from games.models import LINE_MAX_LENGTH, NAME_MAX_LENGTH, NOTE_MAX_LENGTH
from games.refusals import describe, describe_all

# An account of years of play (some 3,000 to 6,000 games as exported, within the upload's
# size); its numbers typed bound how long the import writes. games/archive/stream.py counts
# them before any game is replayed.
MAX_GAMES = 5000
MAX_ENTRIES = 250_000
MAX_ROUNDS = 500  # a real game ends long before; this only bounds a forged file
# Scorekeeper's games were played after this, and never more than a day ahead of the server's
# clock (a phone in another time zone): a date outside would break every page that shows it.
FIRST_YEAR = 2000

CSV_HEADER = (
    gettext_lazy("game"),
    gettext_lazy("date"),
    gettext_lazy("round"),
    gettext_lazy("seat"),
    gettext_lazy("player"),
    gettext_lazy("entry typed"),
    gettext_lazy("points applied"),
    gettext_lazy("total after"),
    gettext_lazy("card game"),  # the game played: "game" is taken by the game's number
    gettext_lazy("place"),
    gettext_lazy("note"),
)


def game_json(game):
    """The game for other programs and for backups (`read_game` reads it back)."""
    state, names, stored = game.state, game.names, game.stored_rounds
    return {
        "id": game.pk,
        "uuid": str(game.uuid),
        "game": game.kind,
        "started_at": game.created_at.isoformat(),
        "players": names,
        "first_starter": _seat_name(names, game.first_starter),
        "rounds": [
            {
                "number": r.number,
                "entries": dict(zip(names, r.entries, strict=True)),
                "points": dict(zip(names, r.points, strict=True)),
                "last_to_quit": _seat_name(names, s.played.last_to_quit),
                "saved_at": s.created_at.isoformat(),
                # typed after the end (a correction moved it): kept, counted nothing
                **({"beyond_end": True} if r in state.beyond else {}),
            }
            for r, s in zip((*state.rounds, *state.beyond), stored, strict=True)
        ],
        "totals": dict(zip(names, state.totals, strict=True)),
        "finished": state.finished,
        "winners": [names[seat] for seat in state.winners],
        "next_starter": None if state.next_starter is None else names[state.next_starter],
        "place": game.venue,  # the key of the first backups, kept: other programs read it
        "note": game.note,
        # The evening it was played in (games/nights.py): an import puts the game back in it.
        "night": None if game.night is None else {
            "id": game.night.pk, "start": game.night.start.isoformat(), "label": game.night.label,
        },
    }  # fmt: skip


def _check_beyond(raw_rounds, state, spelled, ruleset):
    """Rounds after the end come back only as a backup wrote them: marked `beyond_end` (typed
    after the end, a correction having moved it). Unmarked, the file says they were played
    after the end, which cannot be: refused as the sheet refuses adding them."""
    unmarked = [
        r.number
        for r in state.beyond
        if not (isinstance(item := raw_rounds[r.number - 1], dict) and item.get("beyond_end"))
    ]
    if unmarked:
        facts = ruleset.end_facts(state.totals, len(state.rounds))
        violation = rules.Violation("game_over", round=unmarked[0], params=facts)
        raise Refused(*describe_all([violation], spelled, ruleset))


def _seat_name(names, seat):
    return names[seat] if seat is not None and seat < len(names) else None


def as_json(games):
    return [game_json(game) for game in games]


def encoder():
    return DjangoJSONEncoder(indent=1, ensure_ascii=False)


def json_list(items):
    """A JSON list of `items` as text, an item at a time: what json.dumps(list(items),
    indent=1) writes, without holding every item at once (the account's history can be
    thousands of games)."""
    encoding, opening = encoder(), "[\n "
    for item in items:
        # each line of an item one level deeper, as inside the list
        yield opening + encoding.encode(item).replace("\n", "\n ")
        opening = ",\n "
    yield "[]" if opening == "[\n " else "\n]"


def csv_rows(games):
    """One row per player per round, after a header row."""
    yield [str(title) for title in CSV_HEADER]
    for game in games:
        state, names, played = game.state, game.names, game.get_kind_display()
        venue, note = spreadsheet_safe(game.venue), spreadsheet_safe(game.note)
        date = timezone.localtime(game.created_at).date().isoformat()
        # every round typed: one beyond the end (a correction moved it) applies 0 points,
        # and its "total after" is the final total, so that the columns still add up
        for r in (*state.rounds, *state.beyond):
            for seat, name in enumerate(names):
                yield [
                    game.pk,
                    date,
                    r.number,
                    seat + 1,
                    spreadsheet_safe(name),
                    r.entries[seat],
                    r.points[seat],
                    r.totals[seat],
                    played,
                    venue,
                    note,
                ]


# A spreadsheet runs a cell that starts with one of these as a formula; and a cell starts
# after whatever separator the reader splits lines on, not only the writer's (a name
# "x;=1+2;y" written with commas and opened with semicolons gives a cell "=1+2").
FORMULA_START = re.compile(r"(?<![^,;\t| ])(?=[=+\-@\t\r])")


def spreadsheet_safe(text):
    """`text` with an apostrophe before each formula a spreadsheet could find in it, so it
    shows as typed (spreadsheets hide a leading apostrophe or show it as text)."""
    return FORMULA_START.sub("'", text)


@dataclass(frozen=True)
class GameBackup:
    kind: str
    players: list[str]
    first_starter: int
    rounds: list[rules.Round]
    started_at: datetime | None
    saved_at: list[datetime | None]
    uuid: uuid.UUID
    state: rules.GameState  # its rounds folded by its rules: what Game.decide decides on
    venue: str = ""
    note: str = ""
    night: BackupNight | None = None  # absent from the backups made before nights


@dataclass(frozen=True)
class BackupNight:
    """The night a game of the file was played in: `id` is the file's, which its other games
    of that night share (restore.py makes one night of the account for each)."""

    id: int
    start: datetime
    label: str


class Refused(ValueError):
    """Why one game of the file cannot be restored, in words for the reader."""


def in_game(index, item, message):
    """`message` about the `index`th game of the file, named by its id when it has one."""
    game_id = item.get("id") if isinstance(item, dict) else None
    if isinstance(game_id, int | str) and not isinstance(game_id, bool):
        return _("Game %(index)s (id %(id)s): %(message)s") % {
            "index": index,
            "id": game_id,
            "message": message,
        }
    return _("Game %(index)s: %(message)s") % {"index": index, "message": message}


def read_game(item) -> GameBackup:
    if not isinstance(item, dict):
        raise Refused(_("it is not a game (an object with players and rounds)."))
    ruleset = _ruleset(item.get("game", rules.DEFAULT_KIND))  # before kinds: L.L.A.M.A.
    spelled = _players(item.get("players"), ruleset)
    raw_rounds = item.get("rounds", [])
    if not isinstance(raw_rounds, list) or len(raw_rounds) > MAX_ROUNDS:
        message = ngettext(
            "its rounds must be a list of at most %(max)s round.",
            "its rounds must be a list of at most %(max)s rounds.",
            MAX_ROUNDS,
        )
        raise Refused(message % {"max": MAX_ROUNDS})
    rounds = [_round(number, r, spelled) for number, r in enumerate(raw_rounds, start=1)]
    first_starter = _seat_of(item.get("first_starter"), spelled, default=0)
    try:
        state = ruleset.fold(len(spelled), rounds, first_starter)
    except rules.RoundRefused as refused:
        raise Refused(*describe_all(refused.violations, spelled, ruleset)) from None
    _check_beyond(raw_rounds, state, spelled, ruleset)
    _check_totals(item.get("totals"), spelled, state)
    players = [names.clean(name) for name in spelled]
    started_at = _moment(item.get("started_at"), _("it started on “%(value)s”"))
    saved_at = [
        _moment(r.get("saved_at"), _("Round %(number)s was saved on “%(value)s”"), number)
        for number, r in enumerate(raw_rounds, start=1)
    ]
    return GameBackup(
        kind=ruleset.kind,
        players=players,
        first_starter=first_starter,
        rounds=rounds,  # as typed: what they count is the fold's, as on the sheet
        started_at=started_at,
        saved_at=saved_at,
        uuid=_identity(item.get("uuid"), started_at, players)
        or identity.content_uuid(ruleset.kind, players, first_starter, rounds),
        state=state,
        # absent from the backups made before games had them
        venue=_text(item.get("place"), _("its place"), LINE_MAX_LENGTH, names.clean),
        note=_text(item.get("note"), _("its note"), NOTE_MAX_LENGTH, names.clean_lines),
        night=_night(item.get("night")),
    )


def _night(value):
    """The game's night as the file gives it, or None when it gives none."""
    if value is None:
        return None
    night_id = value.get("id") if isinstance(value, dict) else None
    if not isinstance(night_id, int) or isinstance(night_id, bool):
        raise Refused(
            _("its night must be an object with an id (a whole number), a start and a label.")
        )
    start = _moment(value.get("start"), _("its night started on “%(value)s”"))
    if start is None:
        raise Refused(_("its night must give the date and time it started."))
    label = _text(value.get("label"), _("its night’s label"), LINE_MAX_LENGTH, names.clean)
    return BackupNight(night_id, start, label)


def _text(value, what, max_length, clean):
    """A venue, a label or a note as the file gives it, cleaned; "" when it gives none."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise Refused(_("%(what)s must be text.") % {"what": what})
    text = clean(value)
    if len(text) > max_length:
        message = ngettext(
            "%(what)s must have at most %(max)s character.",
            "%(what)s must have at most %(max)s characters.",
            max_length,
        )
        raise Refused(message % {"what": what, "max": max_length})
    if not names.lines_visible(text):
        raise Refused(_("%(what)s holds an invisible or control character.") % {"what": what})
    return text


def _ruleset(kind):
    if not isinstance(kind, str) or kind not in rules.RULESETS:
        message = _("“%(game)s” is not a game Scorekeeper knows (%(known)s).")
        shown = kind if isinstance(kind, str) else json.dumps(kind)  # as the file writes it
        raise Refused(message % {"game": shown, "known": ", ".join(rules.RULESETS)})
    return rules.for_kind(kind)


def _players(raw, ruleset):
    """The names as the file spells them (its rounds use them), once each is found fit."""
    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw):
        raise Refused(_("its players must be a list of names."))
    if (violation := ruleset.players_violation(len(raw))) is not None:
        raise Refused(describe(violation, [], ruleset))
    cleaned = [names.clean(name) for name in raw]
    for index, name in enumerate(cleaned):
        if not 1 <= len(name) <= NAME_MAX_LENGTH:
            message = ngettext(
                "the player name “%(name)s” must have 1 to %(max)s character.",
                "the player name “%(name)s” must have 1 to %(max)s characters.",
                NAME_MAX_LENGTH,
            )
            raise Refused(message % {"name": name, "max": NAME_MAX_LENGTH})
        if not names.is_visible(name):
            message = _("the player name “%(name)s” holds an invisible or control character.")
            raise Refused(message % {"name": names.shown(name)})
        other = names.look_alike(name, cleaned[:index])
        if other is not None:
            raise Refused(names.same_name_message(name, other))
    return raw


def _round(number, raw, names) -> rules.Round:
    entries = raw.get("entries") if isinstance(raw, dict) else None
    if not isinstance(entries, dict) or set(entries) != set(names):
        raise Refused(
            _("Round %(number)s: it must give one entry for each player: %(names)s.")
            % {"number": number, "names": ", ".join(names)}
        )
    if raw.get("number", number) != number:
        raise Refused(
            _("Round %(number)s is numbered %(found)s: the rounds must follow each other.")
            % {"number": number, "found": raw.get("number")}
        )
    try:
        quitter = _seat_of(raw.get("last_to_quit"), names, default=None)
    except Refused as refused:
        message = _("Round %(number)s: %(message)s") % {"number": number, "message": refused}
        raise Refused(message) from None
    return rules.Round(tuple(entries[name] for name in names), quitter)


def _seat_of(name, names, default):
    if name is None:
        return default
    if name not in names:
        raise Refused(_("“%(name)s” is not a player of this game.") % {"name": name})
    return names.index(name)


def _check_totals(totals, names, state):
    """Totals are derived, so a file whose totals disagree with its rounds was altered."""
    if totals is None:
        return
    expected = dict(zip(names, state.totals, strict=True))
    if totals != expected:
        raise Refused(
            _("the totals in the file are not what the rules give for its rounds (%(totals)s).")
            % {"totals": ", ".join(f"{name} {total}" for name, total in expected.items())}
        )


def _moment(value, when, number=None):
    """The date and time `value`, or None; `when` words it in the refusal if out of range."""
    if value is None:
        return None
    try:
        moment = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None:
        raise Refused(_("“%(value)s” is not a date and time.") % {"value": value})
    moment = moment if timezone.is_aware(moment) else _aware(moment)
    first = datetime(FIRST_YEAR, 1, 1, tzinfo=UTC)
    if moment is None or not first <= moment <= timezone.now() + timedelta(days=1):
        message = _("%(when)s, which is not between %(first)s and tomorrow.")
        when = when % {"value": value, "number": number}
        raise Refused(message % {"when": when, "first": FIRST_YEAR})
    return moment


def _aware(naive):
    try:
        return timezone.make_aware(naive)
    except OverflowError:  # year 1 or 9999 in the server's time zone
        return None


def _identity(value, started_at, players):
    """The game's UUID, from the file or its start and players; None when it has neither."""
    if value is None:  # an export from before games carried a UUID
        return None if started_at is None else identity.legacy_uuid(started_at, players)
    try:
        return uuid.UUID(value)
    except (TypeError, ValueError, AttributeError):
        message = _("“%(value)s” is not a game identifier (a UUID).")
        raise Refused(message % {"value": value}) from None
