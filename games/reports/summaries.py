"""What the history, the finished game and the player pages show, read from `Game.state`.

Nothing here decides a score: it arranges what the rules module already folded.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from games import rules
from games.models import Game, Kind, Player
from games.reports import charts, folds, stats


@dataclass(frozen=True)
class HistoryRow:
    game: Game
    players: list[Player]
    winners: list[Player]
    shared: bool
    rounds: int
    finished: bool

    @property
    def names(self):
        return [player.name for player in self.players]


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
    """First place first, as the game's rules rank the players (Ruleset.ranking)."""
    state, seats = game.state, game.seats
    return [
        Standing(
            rank=place,
            player=seats[seat].player,
            total=state.totals[seat],
            winner=seat in state.winners,
            emptied=stats.hands_emptied(state, seat),
        )
        for seat, place in game.ruleset.ranking(state)
    ]


def totals_chart(game: Game, **size) -> charts.Chart:
    """Each player's total after each round, from 0 before the first; a game with a set
    number of rounds (Llama Llama's 4) has them all on its x axis. `size`: the width and
    height of charts.line_chart (the result picture's chart is taller than the page's)."""
    state, ruleset = game.state, game.ruleset
    lines = [
        charts.Line(name, [0] + [r.totals[seat] for r in state.rounds])
        for seat, name in enumerate(game.names)
    ]
    rounds = max(len(state.rounds), ruleset.max_rounds or 0)
    labels = [str(n) for n in range(rounds + 1)]
    return charts.line_chart(lines, labels, threshold=ruleset.end_score, **size)


# The chart shows the last finished games only: a phone's width holds some thirty points.
CHART_GAMES = 30


@dataclass(frozen=True)
class Final:
    """How one finished game ended for a player."""

    started_at: datetime
    total: int
    won: bool  # alone or shared


@dataclass(frozen=True)
class GameFigures:
    """A player's figures in one of the games (L.L.A.M.A., Llama Llama...)."""

    kind: str
    stats: stats.PlayerStats
    finals: list[Final]  # the finished games, oldest first (player_figures: the last ones)

    @property
    def label(self) -> str:
        return Kind(self.kind).label

    @property
    def chart(self) -> charts.Chart:
        return finals_chart(self.finals, rules.for_kind(self.kind))


# One game as a player sat in it: its folded state, their seat, when it started.
Played = tuple[rules.GameState, int, datetime]


def played_by(player: Player, games) -> list[Played]:
    """`player`'s seat in each of `games`, in the order given."""
    found = []
    for game in games:
        seat = next(s.position for s in game.seats if s.player_id == player.pk)
        found.append((game.state, seat, game.created_at))
    return found


def figures_by_game(played: list[Played]) -> list[GameFigures]:
    """The figures of each game played (oldest appearance first), in rules.RULESETS order."""
    figures = []
    for game_stats in stats.by_game((state, seat) for state, seat, _started in played):
        finals = [
            Final(started, state.totals[seat], seat in state.winners)
            for state, seat, started in played
            if state.kind == game_stats.kind and state.finished
        ]
        figures.append(GameFigures(game_stats.kind, game_stats, finals))
    return figures


def player_figures(player: Player) -> list[GameFigures]:
    """`player`'s figures in each game, over all their games: kept under the digest of those
    games' versions (games/reports/folds.py), so thousands of games cost a query and a cache
    read."""
    return folds.derived(f"player-{player.pk}", player.games.all(), partial(_figures, player))


def _figures(player, pairs, states) -> list[GameFigures]:
    seats = {game: (position, started) for game, position, started in
             player.seats.values_list("game_id", "position", "game__created_at")}  # fmt: skip
    played = [  # oldest first: `pairs` come newest first
        (states[pk], *seats[pk]) for pk, _version in reversed(pairs)
        if states.get(pk) is not None and pk in seats
    ]  # fmt: skip
    # The chart shows the last finished games; the figures count them all.
    return [replace(figures, finals=figures.finals[-CHART_GAMES:])
            for figures in figures_by_game(played)]  # fmt: skip


def finals_chart(finals: list[Final], ruleset: rules.Ruleset) -> charts.Chart:
    """The player's final totals in one game, oldest first, with its end score; wins marked."""
    won = frozenset(index for index, final in enumerate(finals) if final.won)
    line = charts.Line(_("Final total"), [final.total for final in finals], won)
    labels = [short_date(final.started_at) for final in finals]
    # Dates are wide labels.
    return charts.line_chart([line], labels, threshold=ruleset.end_score, x_room=3)


def short_date(moment) -> str:
    return formats.date_format(timezone.localtime(moment), "SHORT_DATE_FORMAT")
