import pytest

from games.reports import stats
from games.rules.lama import RULES as LAMA
from games.rules.lato import RULES as LATO
from games.rules.llama_llama import RULES as LLAMA_LLAMA


def game(players, *rounds):
    return LAMA.fold(players, rounds)


# Ana (seat 0) wins alone: Ben passes 40.
ANA_WINS = game(2, (5, 0), (-1, 31), (3, 12))
# Ana and Ben tie on 20 while Cleo passes 40.
SHARED = game(3, (10, 10, 20), (10, 10, 25))
# Ana loses: she passes 40 first.
ANA_LOSES = game(2, (31, 0), (12, 4))
IN_PROGRESS = game(2, (0, 6), (7, -1))


def test_outcome_tells_sole_from_shared_wins():
    assert stats.outcome(ANA_WINS, 0) == stats.SOLE
    assert stats.outcome(SHARED, 1) == stats.SHARED
    assert stats.outcome(ANA_LOSES, 0) is None
    assert stats.outcome(IN_PROGRESS, 0) is None


def test_returns_count_what_the_rules_applied_not_what_was_typed():
    # Ana typed -1 in round 2 holding 5 points: 1 taken off. Ben typed -1 at 6: 1 taken off.
    assert stats.returns(ANA_WINS, 0) == [1]
    assert stats.returns(IN_PROGRESS, 1) == [1]
    clamped = game(2, (3, -1))  # Ben empties with no chip: nothing given back
    assert stats.returns(clamped, 1) == []
    big = game(2, (12, 3), (-10, 5))
    assert stats.returns(big, 0) == [10]


def test_hands_emptied_lists_the_rounds():
    assert stats.hands_emptied(ANA_WINS, 0) == [2]
    assert stats.hands_emptied(ANA_WINS, 1) == [1]
    assert stats.hands_emptied(SHARED, 0) == []


@pytest.mark.parametrize(
    ("outcomes", "expected"),
    [
        ([], 0),
        ([None, None], 0),
        (["sole", "shared", None, "sole"], 2),
        ([None, "sole", "sole", "sole"], 3),
    ],
)
def test_longest_streak_counts_shared_wins(outcomes, expected):
    assert stats.longest_streak(outcomes) == expected


def test_player_stats_over_several_games():
    figures = stats.player_stats(
        [(ANA_WINS, 0), (SHARED, 0), (ANA_LOSES, 0), (IN_PROGRESS, 0), (SHARED, 1)], LAMA
    )

    assert figures.games == 5
    assert figures.finished == 4
    assert (figures.sole_wins, figures.shared_wins, figures.wins) == (1, 2, 3)
    assert figures.win_rate == 3 / 4
    assert figures.win_percent == 75
    # Final totals: 7, 20, 43, 20 (the game in progress does not count).
    assert figures.average_final == 22.5
    assert figures.best_final == 7
    # Rounds: 5,-1,3 | 10,10 | 31,12 | 0,7 | 10,10 -> 97 over 11 rounds
    assert figures.rounds == 11
    assert figures.average_per_round == pytest.approx(97 / 11)
    assert figures.hands_emptied == 2  # ANA_WINS round 2, IN_PROGRESS round 1
    assert (figures.chips_returned, figures.points_returned) == (1, 1)
    assert figures.longest_streak == 2  # win, shared, loss, shared


def test_player_stats_without_games():
    figures = stats.player_stats([], LAMA)

    assert figures.games == 0
    assert figures.win_rate is None
    assert figures.win_percent is None
    assert figures.average_final is None
    assert figures.best_final is None
    assert figures.average_per_round is None


LL_ANA_WINS = LLAMA_LLAMA.fold(2, [(30, 20), (30, 20), (30, 20), (30, 20)])  # 120 to 80
LL_ANA_LOSES = LLAMA_LLAMA.fold(2, [(10, 60), (5, 50)])  # Ben reaches 100: 15 to 110
LATO_ANA_WINS = LATO.fold(2, [(21, 31), (-10, 3), (5, 20)])  # Ana gives back 10: 16 to 54


def test_the_best_final_total_is_the_highest_where_the_highest_wins():
    figures = stats.player_stats([(LL_ANA_WINS, 0), (LL_ANA_LOSES, 0)], LLAMA_LLAMA)

    assert figures.best_final == 120
    assert figures.highest_wins is True
    assert figures.average_final == 67.5


def test_the_best_final_total_is_the_lowest_where_the_lowest_wins():
    figures = stats.player_stats([(LATO_ANA_WINS, 0), (LATO_ANA_WINS, 1)], LATO)

    assert figures.best_final == 16
    assert figures.highest_wins is False


def test_a_game_without_chips_counts_no_chips_and_no_emptied_hands():
    figures = stats.player_stats([(LL_ANA_WINS, 0)], LLAMA_LLAMA)

    assert (figures.hands_emptied, figures.chips_returned, figures.points_returned) == (
        None,
        None,
        None,
    )


def test_the_lato_rule_counts_chips_as_lama_does():
    figures = stats.player_stats([(LATO_ANA_WINS, 0)], LATO)

    assert (figures.hands_emptied, figures.chips_returned, figures.points_returned) == (1, 1, 10)


def test_figures_are_told_apart_per_game_in_the_rules_order():
    played = [(LL_ANA_WINS, 0), (ANA_WINS, 0), (LATO_ANA_WINS, 0), (ANA_LOSES, 0)]

    figures = stats.by_game(played)

    assert [f.kind for f in figures] == ["lama", "lato", "llama_llama"]
    assert [f.games for f in figures] == [2, 1, 1]
    assert [f.best_final for f in figures] == [7, 16, 120]


def test_a_player_of_one_game_gets_one_set_of_figures():
    assert [f.kind for f in stats.by_game([(LL_ANA_WINS, 1)])] == ["llama_llama"]
    assert stats.by_game([]) == []
