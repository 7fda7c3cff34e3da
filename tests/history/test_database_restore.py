"""A database restored from a backup counts its games' revisions again, for other rounds; the
folds kept in a cache that outlives the restart (Redis) must not be read for them."""

from games import services
from games.models import Game
from games.reports import folds
from games.rules import Round


def kept_totals(game):
    return folds.with_kept_state(Game.objects.get(pk=game.pk)).state.totals


def test_a_fold_kept_before_a_restore_is_never_read_after_it(make_game):
    game = make_game(rounds=[(5, 0, 3)])
    backed_up = Game.objects.filter(pk=game.pk).values("revision", "stamp").get()
    services.add_round(game, Round((1, 0, 2)), 2)
    before = Game.objects.get(pk=game.pk).revision
    assert kept_totals(game) == (6, 0, 5)  # and kept

    # The backup restored: its second round gone, the game's row as it was then.
    game.rounds.filter(number=2).delete()
    Game.objects.filter(pk=game.pk).update(**backed_up)
    services.add_round(Game.objects.get(pk=game.pk), Round((9, 0, 1)), 2)

    assert Game.objects.get(pk=game.pk).revision == before  # the same number, other rounds
    assert kept_totals(game) == (14, 0, 4)
