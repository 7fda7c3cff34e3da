"""A database restored from a backup takes its games back to versions they had; the folds kept
in a cache that outlives the restart (Redis) must not be read for the rounds played after it.
A version is drawn at random (games/models.py, new_version), not counted: a count would give
the round played after the restore the number of the one the backup lost."""

from games.models import Game
from games.reports import folds
from games.rules import Round
from games.services.rounds import add_round


def kept_totals(game):
    return folds.with_kept_state(Game.objects.get(pk=game.pk)).state.totals


def test_a_fold_kept_before_a_restore_is_never_read_after_it(make_game):
    game = make_game(rounds=[(5, 0, 3)])
    backed_up = Game.objects.filter(pk=game.pk).values("version").get()
    add_round(game, Round((1, 0, 2)), 2)
    assert kept_totals(game) == (6, 0, 5)  # and kept

    # The backup restored: its second round gone, the game's row as it was then.
    game.rounds.filter(number=2).delete()
    Game.objects.filter(pk=game.pk).update(**backed_up)
    assert kept_totals(game) == (5, 0, 3)  # its version names that state still
    add_round(Game.objects.get(pk=game.pk), Round((9, 0, 1)), 2)

    assert kept_totals(game) == (14, 0, 4)
