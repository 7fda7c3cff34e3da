"""What the history, the finished game and the player pages show, read from `Game.state`.

Nothing here decides a score: it arranges what the rules module already folded.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from games import charts, stats
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


def appearances(player: Player, games) -> list[stats.Appearance]:
    """`player`'s seat in each of `games`, in the order given."""
    found = []
    for game in games:
        seat = next(s.position for s in game.seats if s.player_id == player.pk)
        found.append((game.state, seat))
    return found


def finals_chart(player: Player, games) -> charts.Chart:
    """The player's final total in each finished game, oldest first; wins are marked."""
    pairs = zip(games, appearances(player, games), strict=True)
    finished = [(game, seat) for game, (state, seat) in pairs if state.finished]
    values = [game.state.totals[seat] for game, seat in finished]
    won = frozenset(i for i, (game, seat) in enumerate(finished) if seat in game.state.winners)
    labels = [short_date(game.created_at) for game, _seat in finished]
    line = charts.Line(_("Final total"), values, won)
    return charts.line_chart([line], labels, x_room=3)  # dates are wide labels


def short_date(moment) -> str:
    return formats.date_format(timezone.localtime(moment), "SHORT_DATE_FORMAT")
