"""The rule page of the group's table: three L.L.A.M.A. games, folded by the rules module and
rated by games/reports/ratings.py, the code of the table itself."""

from dataclasses import dataclass

from games.reports import ratings
from games.rules.lama import RULES

PLAYERS = ("Ana", "Ben", "Cleo")
# Each game: who sat, and the rounds typed for them (one hand emptied a round).
GAMES = (
    (PLAYERS, [(31, 0, 12), (20, 3, -10)]),  # Cleo wins alone
    (("Ana", "Ben"), [(0, 31), (3, 20)]),  # Ana wins; Cleo sits out
    (PLAYERS, [(10, 10, 20), (10, 10, 25)]),  # Ana and Ben tie on 20: a shared win
)


@dataclass(frozen=True)
class Step:
    number: int
    players: tuple[str, ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]
    rows: tuple[ratings.Row, ...]  # everyone's rating after this game, best ordinal first

    @property
    def seated(self):
        """(name, final total, place) of each player, in seat order."""
        return tuple(zip(self.players, self.totals, self.places, strict=True))


def example() -> list[Step]:
    """Each game of GAMES with its final totals, the places the rules give, and the table
    after it (everyone rated from their first game, to show the numbers move)."""
    steps, matches = [], []
    for number, (players, rounds) in enumerate(GAMES, start=1):
        state = RULES.fold(len(players), rounds)
        match = ratings.match_of(state, players)
        matches.append(match)
        table = ratings.rate(matches, ranked_after=1)
        steps.append(Step(number, players, state.totals, match.places, tuple(table.ranked)))
    return steps
