"""The group's table (games/reports/ratings.py), checked against openskill called directly."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from games.reports import ratings
from games.rules.lama import RULES as LAMA
from games.rules.llama_llama import RULES as LLAMA_LLAMA

# Matches of 2 to 6 players among eight, with ties (a shared win, an equal final).
MATCHES = [
    ratings.Match(("ana", "ben"), (1, 2)),
    ratings.Match(("ana", "ben", "cleo"), (1, 1, 3)),
    ratings.Match(("dan", "cleo", "ben", "ana"), (2, 1, 2, 4)),
    ratings.Match(("eve", "fay", "gus", "hal", "ana"), (5, 1, 2, 3, 4)),
    ratings.Match(("eve", "fay", "gus", "hal", "ana", "ben"), (1, 1, 1, 4, 5, 6)),
    ratings.Match(("ben", "cleo"), (1, 1)),
]


def by_hand(matches):
    """openskill's PlackettLuce with its defaults, fed each match as given."""
    model, held = PlackettLuce(), {}
    for match in matches:
        teams = [[held.get(p) or model.rating()] for p in match.players]
        for player, (new,) in zip(
            match.players, model.rate(teams, ranks=list(match.places)), strict=True
        ):
            held[player] = new
    return held


def test_ratings_are_openskills_plackett_luce_with_its_defaults():
    table = ratings.rate(MATCHES, ranked_after=1)
    expected = by_hand(MATCHES)
    assert {row.player for row in table.ranked} == set(expected)
    for row in table.ranked:
        assert row.mu == pytest.approx(expected[row.player].mu, abs=1e-9)
        assert row.sigma == pytest.approx(expected[row.player].sigma, abs=1e-9)
        assert row.ordinal == pytest.approx(expected[row.player].ordinal(), abs=1e-9)
    ordinals = [row.ordinal for row in table.ranked]
    assert ordinals == sorted(ordinals, reverse=True)


def test_a_shared_win_rates_the_winners_alike():
    table = ratings.rate([ratings.Match(("ana", "ben", "cleo"), (1, 1, 3))], ranked_after=1)
    ana, ben = table.row("ana"), table.row("ben")
    assert (ana.mu, ana.sigma) == (ben.mu, ben.sigma)
    assert ana.wins == ben.wins == 1 and table.row("cleo").wins == 0


def test_games_wins_average_place_and_streak():
    table = ratings.rate(MATCHES, ranked_after=1)
    ana, ben = table.row("ana"), table.row("ben")
    assert (ana.games, ana.wins, ana.average_place) == (5, 2, (1 + 1 + 4 + 4 + 5) / 5)
    assert ana.streak == 0  # fifth in the last game she played
    assert (ben.games, ben.wins, ben.streak) == (5, 2, 1)  # his last game a shared win
    assert table.row("fay").streak == 2


def test_players_below_the_threshold_are_listed_apart_with_what_they_still_need():
    table = ratings.rate(MATCHES, ranked_after=3)
    assert {row.player for row in table.ranked} == {"ana", "ben", "cleo"}
    needs = {row.player: row.needs for row in table.unranked}
    assert needs == {"dan": 2, "eve": 1, "fay": 1, "gus": 1, "hal": 1}
    assert table.unranked[0].needs == 1


def test_head_to_head_counts_games_shared_who_finished_ahead_and_level():
    table = ratings.rate(MATCHES, ranked_after=1)
    # ana-ben: 1-2 (ana), 1-1 (level), 4-2 (ben), 5-6 (ana)
    assert table.against("ana", "ben") == (4, 2, 1, 1)
    assert table.against("ben", "ana") == (4, 1, 2, 1)
    assert table.against("ana", "dan") == (1, 0, 1, 0)
    assert table.against("ana", "nobody") == (0, 0, 0, 0)
    assert [other for other, _ in table.opponents("ana")][:2] == ["ben", "cleo"]


def test_history_gives_each_players_ordinal_after_each_of_their_games():
    table = ratings.rate(MATCHES, ranked_after=1)
    assert [index for index, _ordinal in table.history["cleo"]] == [1, 2, 5]
    assert table.history["cleo"][-1][1] == table.row("cleo").ordinal


def test_a_match_comes_from_the_rules_ranking():
    # Ana and Ben tie on 20 while Cleo passes 40: a shared win.
    shared = LAMA.fold(3, [(10, 10, 20), (10, 10, 25)])
    assert ratings.match_of(shared, ["a", "b", "c"]) == ratings.Match(("a", "b", "c"), (1, 1, 3))
    # Llama Llama: the highest wins.
    high = LLAMA_LLAMA.fold(2, [(60, 10), (50, 20)])
    assert ratings.match_of(high, [7, 8]).places == (1, 2)


NAMES = st.sampled_from(["ana", "ben", "cleo", "dan", "eve", "fay", "gus", "hal"])


@st.composite
def matches(draw):
    players = draw(st.lists(NAMES, min_size=2, max_size=6, unique=True))
    places = draw(
        st.lists(st.integers(1, len(players)), min_size=len(players), max_size=len(players))
    )
    return ratings.Match(tuple(players), tuple(places))


# No deadline: a few dozen openskill rates take longer than 200 ms on a busy shared machine.
@settings(deadline=None)
@given(st.lists(matches(), min_size=1, max_size=8), st.randoms())
def test_reordering_the_players_inside_a_game_changes_nothing(games, random):
    shuffled = []
    for match in games:
        seats = list(zip(match.players, match.places, strict=True))
        random.shuffle(seats)
        shuffled.append(ratings.Match(*map(tuple, zip(*seats, strict=True))))
    assert ratings.rate(shuffled, 3) == ratings.rate(games, 3)


@settings(deadline=None)
@given(st.lists(matches(), min_size=1, max_size=6))
def test_ratings_agree_with_openskill_on_any_games(games):
    table = ratings.rate(games, ranked_after=1)
    for player, rating in by_hand(games).items():
        assert table.row(player).mu == pytest.approx(rating.mu, abs=1e-6)
        assert table.row(player).sigma == pytest.approx(rating.sigma, abs=1e-6)


def long_run(count, offset=0):
    """`count` matches of MATCHES in turn, each a little different (so none repeats)."""
    return [
        ratings.Match(MATCHES[n % 6].players + (f"guest{n + offset}",), (*MATCHES[n % 6].places, 7))
        for n in range(count)
    ]


@pytest.mark.parametrize(
    ("changed", "rated_anew"),
    [
        (lambda run: run + long_run(3, offset=1000), 3),  # games ended since
        (lambda run: run[:-1], 29),  # the last game undone: from the checkpoint at 200
        (lambda run: run[:150] + run[151:], 129),  # a game deleted: from the one at 100
        (lambda run: [*run[:40], MATCHES[0], *run[41:]], 230),  # changed before any: all
        (lambda run: run, 0),  # nothing changed but a note or a name
    ],
)
def test_going_on_from_an_earlier_rating_rates_as_from_the_start(changed, rated_anew, monkeypatch):
    run = long_run(2 * ratings.CHECKPOINT_EVERY + 30)
    earlier, whole = ratings.progress(run), ratings.progress(changed(run))
    played, play = [], ratings._play
    monkeypatch.setattr(ratings, "_play", lambda match, rows: played.append(play(match, rows)))

    going_on = ratings.progress(changed(run), earlier)

    assert going_on.table(5) == whole.table(5)  # to the last bit
    assert going_on.checkpoints == whole.checkpoints
    assert len(played) == rated_anew
