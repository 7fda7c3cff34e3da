"""Moving the test database between migrations, for the tests of a data migration."""

from datetime import timedelta

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """The database migrated to `targets`; the models as they were there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def migrate_to_latest():
    """The database migrated to the latest migration of every app; the models as they are."""
    return migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def apps_before(targets):
    """A fixture's body: the models at `targets`, then the database back at the latest."""
    yield migrate(targets)
    migrate_to_latest()


def old_game(apps, owner, rounds, kind="lama", saved=None):
    """A game as the code of before stored it (`apps`: its models): seats for as many players
    as a round has (three without rounds), rounds a minute apart after `saved` if given, and
    their entries as typed. Its pk."""
    Player, Game, Seat, Round, Entry = (
        apps.get_model("games", name) for name in ("Player", "Game", "Seat", "Round", "Entry")
    )
    game = Game.objects.create(owner=owner, kind=kind)
    names = ["Ana", "Ben", "Cleo", "Dan"][: len(rounds[0]) if rounds else 3]
    seats = [
        Seat.objects.create(game=game, position=position,
                            player=Player.objects.get_or_create(owner=owner, name=name)[0])
        for position, name in enumerate(names)
    ]  # fmt: skip
    for number, entries in enumerate(rounds, start=1):
        stored = Round.objects.create(game=game, number=number)
        if saved is not None:
            Round.objects.filter(pk=stored.pk).update(created_at=saved + timedelta(minutes=number))
        for seat, value in zip(seats, entries, strict=True):
            Entry.objects.create(round=stored, seat=seat, value=value)
    return game.pk
