"""The group's table as a family reads it (games/reports/rows.py): a rating on a scale that
starts at 1,000 and is never negative, provisional for a new player, how each place moved
since the last night, a streak only from two wins, and why someone with fewer wins is above."""

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from games.reports import ratings, rows

M = ratings.Match


def test_a_new_player_starts_at_1000_and_the_order_is_the_ordinals():
    assert rows.shown_rating(0.0) == 1000
    assert rows.shown_rating(2.5) == 1050 and rows.shown_rating(-1.4) == 972


@hypothesis_settings(deadline=None)  # a busy shared machine is no failure
@given(st.floats(-1e6, 1e6), st.floats(-1e6, 1e6))
def test_the_rating_shown_is_never_negative_and_keeps_the_order(one, other):
    assert rows.shown_rating(one) >= 0
    if one <= other:
        assert rows.shown_rating(one) <= rows.shown_rating(other)


def table_rows(matches, since=None):
    found = ratings.rate(matches, ranked_after=2)
    return {r.player: r for r in rows.table_rows(found, len(matches) if since is None else since)}


def test_a_player_is_provisional_until_the_rating_settles(settings):
    settings.RANKED_AFTER_GAMES, settings.RATING_SETTLES_AFTER_GAMES = 2, 4
    three = [M(("ana", "ben"), (1, 2))] * 3
    shown = table_rows([*three, M(("ana", "cleo"), (1, 2)), M(("cleo", "ben"), (1, 2))])
    assert (shown["ana"].provisional, shown["ben"].provisional) == (False, False)
    assert shown["cleo"].provisional  # two games: ranked, not settled


def test_each_place_moved_since_the_last_night(settings):
    settings.RANKED_AFTER_GAMES = 2
    last_week = [M(("ana", "ben", "cleo"), (1, 2, 3))] * 2
    tonight = [M(("cleo", "ben", "ana", "dan"), (1, 2, 3, 4))] * 4
    before = [r.player for r in ratings.rate(last_week, ranked_after=2).ranked]
    shown = table_rows(last_week + tonight, since=len(last_week))
    now = list(shown)
    assert before == ["ana", "ben", "cleo"] and now.index("cleo") < now.index("ana")
    for player in before:
        assert shown[player].moved == before.index(player) - now.index(player)
    assert shown["cleo"].up and shown["ana"].down and not shown["ana"].up
    assert shown["dan"].moved is None  # new to the table tonight
    unchanged = table_rows(last_week + tonight)  # no game since the last night
    assert {r.moved for r in unchanged.values()} == {0}


def test_a_streak_shows_from_two_wins_in_a_row(settings):
    settings.RANKED_AFTER_GAMES = 2
    ana_wins, ben_wins = M(("ana", "ben"), (1, 2)), M(("ana", "ben"), (2, 1))
    cleo = [M(("cleo", "ben"), (2, 1)), M(("cleo", "ben"), (1, 2))]
    shown = table_rows([ben_wins, ana_wins, ana_wins, ana_wins, *cleo])
    assert shown["ana"].streak == 3
    assert shown["ben"].streak == 0
    assert shown["cleo"].streak == 0  # one win is no streak


def test_a_row_above_someone_with_more_wins_says_why(settings):
    settings.RANKED_AFTER_GAMES = 2
    # Maman is second three times, never first; Zoé wins once, is last three times.
    games = [M(("zoe", "maman", "lea"), (1, 2, 3))] + [M(("lea", "maman", "zoe"), (1, 2, 3))] * 3
    shown = table_rows(games)
    places = list(shown)
    assert places.index("maman") < places.index("zoe")
    why = shown["maman"].why
    assert (why.other, why.reason) == ("zoe", "average")
    assert (why.mine, why.theirs) == (2.0, 2.5)
    assert shown["lea"].why is None  # nobody below won more than Léa


@pytest.mark.parametrize(
    ("above", "reason"),
    [
        (ratings.Row("a", ratings.Rating(25, 5), games=6, wins=0, places=18), "games"),
        (ratings.Row("a", ratings.Rating(25, 5), games=2, wins=0, places=6), "order"),
    ],
)
def test_why_when_the_average_place_is_not_better(above, reason):
    below = ratings.Row("b", ratings.Rating(25, 8), games=2, wins=1, places=4)
    assert rows._why(above, [below]).reason == reason


def test_a_row_above_one_with_the_same_record_says_why(settings):
    settings.RANKED_AFTER_GAMES = 2
    # Ben and Dan: 3 games, 1 win, average place 2 each; Ben ahead of Dan both times they met.
    games = [M(("dan", "ana", "cleo"), (1, 2, 3)), M(("cleo", "ana", "ben"), (1, 2, 3)),
             M(("ana", "ben", "dan"), (1, 2, 3)), M(("ben", "dan", "ana"), (1, 2, 3))]  # fmt: skip
    shown = table_rows(games)
    places = list(shown)
    assert places.index("ben") == places.index("dan") - 1
    assert (shown["ben"].row.games, shown["ben"].row.wins) == (shown["dan"].row.games, 1)
    why = shown["ben"].why
    assert (why.other, why.reason, why.mine, why.theirs, why.more_wins) == (
        "dan",
        "ahead",
        2,
        2,
        False,
    )


def test_the_same_results_in_another_order_still_say_why(settings):
    settings.RANKED_AFTER_GAMES = 2
    games = [M(("ana", "ben", "cleo"), (1, 2, 3))] * 2 + [M(("ana", "cleo", "ben"), (1, 2, 3))] * 2
    shown = table_rows(games)
    assert list(shown) == ["ana", "cleo", "ben"]  # Cleo's second places came last
    assert (shown["cleo"].why.other, shown["cleo"].why.reason) == ("ben", "order")


MATCHES = st.lists(
    st.permutations(["ana", "ben", "cleo", "dan"]).map(lambda p: M(tuple(p[:3]), (1, 2, 3))),
    min_size=1,
    max_size=8,
)


@hypothesis_settings(deadline=None)
@given(MATCHES)
def test_every_row_above_one_with_as_many_wins_says_why(games):
    ranked = list(table_rows(games).values())
    for above, below in pairwise(ranked):
        if above.row.wins <= below.row.wins:  # its figures alone do not say why
            assert above.why is not None


FAMILY = ("Maman", "Léa", "Zoé")
LAMA_GAMES = [[(31, 0, 12), (20, 3, -10)], [(12, 31, 0), (-10, 20, 3)]]  # Zoé, then Maman
LLAMA_GAMES = [[(60, 10, 5), (44, 20, 8)], [(10, 60, 5), (20, 44, 8)]]  # Maman, then Léa


@pytest.fixture
def evening(make_game):
    """Four games, two of each: a family's evening."""
    for kind, games in (("lama", LAMA_GAMES), ("llama_llama", LLAMA_GAMES)):
        for rounds in games:
            make_game(names=FAMILY, rounds=rounds, kind=kind)


@pytest.mark.parametrize(
    ("language", "sentence", "rating"),
    [
        ("en", "Beating players rated above you moves you up more; a new player’s rating "
               "settles after a few games.", "Rating"),
        ("fr", "Battre des joueurs mieux cotés que vous fait monter davantage\u00a0; la cote "
               "d’un nouveau joueur se stabilise après quelques parties.", "Cote"),
    ],
)  # fmt: skip
def test_after_a_four_game_evening_everyone_is_ranked_and_provisional(
    alice_client, evening, language, sentence, rating
):
    alice_client.cookies["django_language"] = language
    page = alice_client.get("/table/").content.decode()
    assert sentence in page
    for word in ("mu", "sigma", "Plackett", "−"):
        assert f" {word} " not in page and f"{word}–" not in page
    tables = alice_client.get("/standings.json").json()
    assert [len(tables[kind]) for kind in ("lama", "llama_llama")] == [3, 3]
    for row in tables["lama"] + tables["llama_llama"]:
        assert {"mu", "sigma", "ordinal"} <= set(row)
        assert row["rating"] == rows.shown_rating(row["ordinal"]) and row["provisional"]
        shown = f"{row['rating']:,}".replace(",", "," if language == "en" else "\u00a0")
        assert f'{rating} <strong class="rating">{shown}</strong>' in page
    assert page.count('class="provisional"') == 6
    assert "Not ranked yet" not in page and "Pas encore classé" not in page
