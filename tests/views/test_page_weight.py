"""The sheet's weight stays within its budget (issue 12's target, docs/benchmarks.md): the
HTML of a 6-player game at round 21, as sent before any compression, at most 20 kB. Every
phone at the table loads it after each save, often on a weak signal."""

from games.rules.lama import RULES as LAMA
from tests.helpers.pagetext import tags

SIX = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")
BUDGET = 20_000
# In production each static file's name carries its hash (scorekeeper/storage.py, Django's
# manifest storage): "app.css" is sent as "app.0123456789ab.css", 13 bytes longer.
HASHED_NAME = len(".0123456789ab")


def as_sent_in_production(html):
    return len(html) + HASHED_NAME * html.count(b"/static/")


def quiet_rounds(count, players=6):
    """The benchmark's rounds (bench/seed.py): each round one player empties a hand and gives
    back the best chip, the others take 1 point; nobody reaches 40."""
    totals, rounds = [0] * players, []
    for number in range(count):
        entries = [1] * players
        entries[number % players] = LAMA.best_return(totals[number % players])
        totals = list(LAMA.apply_round(totals, entries))
        rounds.append(entries)
    return rounds


def test_the_sheet_of_6_players_and_20_rounds_weighs_at_most_20_kB(alice_client, make_game):
    game = make_game(SIX, quiet_rounds(20))
    assert not game.state.finished and len(game.state.rounds) == 20
    html = alice_client.get(f"/games/{game.pk}/").content
    assert len(tags(html.decode(), "tr")) == 22  # the names, 20 rounds, the totals: a whole sheet
    assert as_sent_in_production(html) <= BUDGET, as_sent_in_production(html)
