"""What the history, the finished game and the player pages show, read from `Game.state`.

Nothing here decides a score: it arranges what the rules module already folded.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import partial

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from games import charts, folds, stats
from games.models import Game, Player


@dataclass(frozen=True)
class HistoryRow:
    game: Game
    players: list[Player]
    winners: list[Player]
    shared: bool
    rounds: int
    finished: bool


def history_rows(games) -> list[HistoryRow]:
    rows = []
    for game in games:
        state, players = game.state, [seat.player for seat in game.seats]
        rows.append(
            HistoryRow(
                game=game,
                players=players,
                winners=[players[seat] for seat in state.winners],
                shared=state.shared_victory,
                rounds=len(state.rounds),
                finished=state.finished,
            )
        )
    return rows


@dataclass(frozen=True)
class Standing:
    rank: int
    player: Player
    total: int
    winner: bool
    emptied: list[int]  # the rounds in which this player emptied their hand


def standings(game: Game) -> list[Standing]:
    """Lowest total first; equal totals share a rank."""
    state, seats = game.state, game.seats
    order = sorted(range(len(seats)), key=lambda seat: state.totals[seat])
    rows = []
    for place, seat in enumerate(order, start=1):
        tied = rows and rows[-1].total == state.totals[seat]
        rows.append(
            Standing(
                rank=rows[-1].rank if tied else place,
                player=seats[seat].player,
                total=state.totals[seat],
                winner=seat in state.winners,
                emptied=stats.hands_emptied(state, seat),
            )
        )
    return rows


def totals_chart(game: Game) -> charts.Chart:
    """Each player's total after each round, from 0 before the first."""
    state = game.state
    lines = [
        charts.Line(name, [0] + [r.totals[seat] for r in state.rounds])
        for seat, name in enumerate(game.names)
    ]
    labels = [str(n) for n in range(len(state.rounds) + 1)]
    return charts.line_chart(lines, labels, threshold=game.ruleset.end_score)


# The chart shows the last finished games only: a phone's width holds some thirty points.
CHART_GAMES = 30


@dataclass(frozen=True)
class Final:
    """How one finished game ended for a player."""

    started_at: datetime
    total: int
    won: bool  # alone or shared


@dataclass(frozen=True)
class PlayerFigures:
    stats: stats.PlayerStats
    finals: list[Final]  # the last CHART_GAMES finished games, oldest first
    finished: int  # all the finished games


def with_status(owner, games, finished: bool) -> list[int]:
    """The pks of `owner`'s `games` that are over (or not), newest first, as the rules fold them.

    Whether each game is over is kept under its revision (games/folds.py): filtering thousands
    of games costs a query and a cache read, and a write to one game folds that game alone."""
    pairs = list(games.order_by("-created_at", "-pk").values_list("pk", "revision"))
    over = folds.per_game(f"history-finished:{owner.pk}", pairs, _is_over)
    return [pk for pk, _revision in pairs if over.get(pk, False) == finished]


def _is_over(state) -> bool:
    return state is not None and state.finished  # None: rounds the rules refuse


def player_figures(player: Player) -> PlayerFigures:
    """`player`'s figures over all their games, kept under the digest of the games' revisions."""
    return folds.derived(f"player-{player.pk}", player.games.all(), partial(_figures, player))


def _figures(player, pairs, states) -> PlayerFigures:
    seats = {game: (position, started) for game, position, started in
             player.seats.values_list("game_id", "position", "game__created_at")}  # fmt: skip
    played = [  # oldest first: `pairs` come newest first
        (states[pk], *seats[pk]) for pk, _revision in reversed(pairs)
        if states.get(pk) is not None and pk in seats
    ]  # fmt: skip
    finals = [
        Final(started, state.totals[seat], seat in state.winners)
        for state, seat, started in played
        if state.finished
    ]
    appearances = [(state, seat) for state, seat, _started in played]
    return PlayerFigures(stats.player_stats(appearances), finals[-CHART_GAMES:], len(finals))


def finals_chart(finals: list[Final]) -> charts.Chart:
    """The player's final totals, oldest first; wins are marked."""
    won = frozenset(index for index, final in enumerate(finals) if final.won)
    line = charts.Line(_("Final total"), [final.total for final in finals], won)
    labels = [short_date(final.started_at) for final in finals]
    return charts.line_chart([line], labels, x_room=3)  # dates are wide labels


def short_date(moment) -> str:
    return formats.date_format(timezone.localtime(moment), "SHORT_DATE_FORMAT")
