"""Big accounts written in bulk, for the growth tests and the benchmark (bench/growth.py).

A few `bulk_create` statements for thousands of games instead of three queries per game
through the services: 5,000 games take seconds, not minutes.
Every game is played to its end through the rules module, so its rounds are valid.
"""

import random
from datetime import UTC, datetime, timedelta

from django.db import connection, transaction
from django.utils import timezone

from games import nights
from games.models import Entry, Game, Round, Seat
from games.rules.lama import RULES as LAMA
from games.services.players import roster_player

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")
START = datetime(2020, 1, 4, 19, 0, tzinfo=UTC)


def played_game(randomness, players):
    """A whole game to the end at 40, random but valid: one player empties a hand each round."""
    totals, rounds = [0] * players, []
    while not LAMA.is_over(totals, len(rounds)):
        emptier = randomness.randrange(players)
        entries = [randomness.randint(1, 20) for _ in range(players)]
        entries[emptier] = LAMA.best_return(totals[emptier])
        totals = list(LAMA.apply_round(totals, entries))
        rounds.append(entries)
    return rounds


def tables(count, regular="Fay", regular_games=None, seed=6):
    """`count` tables of 3 to 5 players (Ana, Ben, Cleo always); `regular` sits at the first
    `regular_games` of them (all by default) and at no other."""
    randomness = random.Random(seed)
    regular_games = count if regular_games is None else regular_games
    rosters = []
    for index in range(count):
        others = [name for name in NAMES if name != regular]
        roster = others[: randomness.randint(2, 4)]
        rosters.append(roster + [regular] if index < regular_games else roster)
    return rosters


@transaction.atomic
def finished_games(owner, rosters, seed=6, hours_apart=24):
    """One finished game per roster for `owner`, a day (`hours_apart`) apart, the first
    roster's the oldest; placed in nights as an import places them."""
    randomness = random.Random(seed)
    players = {name: roster_player(owner, name) for name in {n for r in rosters for n in r}}
    played = [played_game(randomness, len(roster)) for roster in rosters]
    ended = timezone.now()  # when the rounds below are stored: each game's last round saved
    games = []
    for index, typed in enumerate(played):
        started = START + index * timedelta(hours=hours_apart)
        game = Game(owner=owner, first_starter=0, created_at=started)
        # Every game is played to its end (played_game): settled as Game.settle does, before
        # it is written (no update of thousands of rows after).
        game.decide(LAMA.fold(len(typed[0]), typed), ended)
        games.append(game)
    games = Game.objects.bulk_create(games)
    seats = Seat.objects.bulk_create(
        Seat(game=game, player=players[name], position=position)
        for game, roster in zip(games, rosters, strict=True)
        for position, name in enumerate(roster)
    )
    seats_of = {}
    for seat in seats:
        seats_of.setdefault(seat.game_id, []).append(seat)
    stored = Round.objects.bulk_create(
        Round(game=game, number=number, created_at=ended)
        for game, typed in zip(games, played, strict=True)
        for number in range(1, len(typed) + 1)
    )
    typed_rounds = [(game, entries) for game, typed in zip(games, played, strict=True)
                    for entries in typed]  # fmt: skip
    Entry.objects.bulk_create(
        Entry(round=saved, seat=seat, value=value)
        for saved, (game, entries) in zip(stored, typed_rounds, strict=True)
        for seat, value in zip(seats_of[game.pk], entries, strict=True)
    )
    nights.place_unplaced(owner)
    _analyze()
    return games


def _analyze():
    """PostgreSQL plans by its tables' statistics, which autovacuum keeps in production: without
    them, thousands of rows bulk-inserted a moment ago look like none, and reading 5,000 games'
    rounds took a nested loop for minutes."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE games_game, games_seat, games_round, games_entry")
