"""Big accounts stay fast: the history and the player pages do the same work at any size.

Work is counted, not timed (the machine is shared): SQL queries, and games folded through the
rules. Each game's fold is kept under its version and each page's figures under the digest of
its games' versions (games/reports/folds.py), so a page seen before folds nothing, and a page seen
after one game changed folds that game alone. bench/growth.py times the same pages at 5,000
games.
"""

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, Player
from games.reports import folds, summaries
from games.rules import Round
from games.services.games import start_game
from games.services.rounds import add_round
from games.views.history import PER_PAGE
from tests.helpers import seeding, worlds
from tests.helpers.pagetext import tags, text, texts

pytestmark = [pytest.mark.engine, pytest.mark.slow, pytest.mark.xdist_group("growth")]

SMALL, LARGE = 20, 300


@pytest.fixture(scope="module")
def accounts(django_db_setup, django_db_blocker):
    """Both accounts, seeded once for the module's tests, each test in a savepoint of its own
    (tests/helpers/worlds.py): what a test writes goes with it. The caches start empty for
    each test (tests/conftest.py), so each starts cold, as with accounts of its own."""
    with worlds.for_the_module(django_db_blocker):
        owners = worlds.users("small", "large")
        for owner, games in zip(owners, (SMALL, LARGE), strict=True):
            seeding.finished_games(owner, seeding.tables(games))
        yield owners


@pytest.fixture
def small(db, accounts):
    return accounts[0]


@pytest.fixture
def large(db, accounts):
    return accounts[1]


def work(client, owner, path, fold_calls):
    """(queries, folds) of one visit to `path`, signed in as `owner`."""
    client.force_login(owner)
    before = len(fold_calls)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 200
    return len(queries), len(fold_calls) - before


def regular(owner):
    return Player.objects.get(owner=owner, name="Fay")


@pytest.mark.parametrize("query", ["", "?status=finished", "?status=playing", "?page=3"])
def test_the_history_does_the_same_work_at_any_size(client, small, large, fold_calls, query):
    path = "/history/" + query
    for owner in (small, large):
        work(client, owner, path, fold_calls)  # the first visit folds what it shows

    again = [work(client, owner, path, fold_calls) for owner in (small, large)]

    assert again[0] == again[1]
    assert again[1][1] == 0  # folds


def test_the_players_figures_do_the_same_work_at_any_size(client, small, large, fold_calls):
    visits = [(owner, f"/players/{regular(owner).pk}/") for owner in (small, large)]
    for owner, path in visits:
        work(client, owner, path, fold_calls)

    again = [work(client, owner, path, fold_calls) for owner, path in visits]

    assert again[0] == again[1]
    # The session, the user, the player, their games' versions; the group's table's key, the
    # table kept for it (games/reports/counting.py) and the roster's names; no fold.
    assert again[1] == (7, 0)


def test_a_game_written_since_is_the_only_one_folded_again(client, large, fold_calls):
    path = f"/players/{regular(large).pk}/"
    work(client, large, path, fold_calls)
    game = start_game(large, ["Fay", "Ana"])
    add_round(game, Round((31, 0)), 1)  # which keeps the fold it saved on

    queries, folded = work(client, large, path, fold_calls)

    assert folded == 0
    assert queries <= 7 + 1  # and where Fay sat in each game
    Game.objects.filter(pk=game.pk).raise_version()  # a write that kept nothing (the admin's)
    queries, folded = work(client, large, path, fold_calls)
    assert folded == 1
    assert queries <= 7 + 2  # and the rounds of the game folded again
    html = client.get(path).content.decode()
    assert f"Games played {LARGE + 1} (" in text(html)  # (so many finished): one in progress


@pytest.mark.parametrize("status", ["finished", "playing"])
def test_the_filter_folds_only_the_games_it_shows(client, small, large, fold_calls, status):
    """Whether a game is over is stored (Game.finished_at): filtering asks no fold, and
    nothing kept, even after a write to a game of another page."""
    path = f"/history/?status={status}"
    cold = [work(client, owner, path, fold_calls) for owner in (small, large)]
    oldest = Game.objects.filter(owner=large).order_by("created_at").first()
    Game.objects.filter(pk=oldest.pk).raise_version()  # page 7 of the finished games

    assert cold[0][0] == cold[1][0]  # queries
    assert cold[1][1] == (PER_PAGE if status == "finished" else 0)  # folds: the page's games
    assert work(client, large, path, fold_calls)[1] == 0


def test_the_figures_are_what_the_rules_fold_from_every_game(large):
    fay = regular(large)
    games = list(fay.games.order_by("created_at", "pk").with_rounds())
    expected = summaries.figures_by_game(summaries.played_by(fay, games))

    figures = summaries.player_figures(fay)

    assert len(expected[0].finals) == LARGE
    assert [f.stats for f in figures] == [f.stats for f in expected]
    assert [f.finals for f in figures] == [f.finals[-summaries.CHART_GAMES :] for f in expected]
    assert summaries.player_figures(fay) == figures  # kept, and read back the same


def test_the_chart_shows_the_last_finished_games_and_says_so(client, large):
    client.force_login(large)

    html = client.get(f"/players/{regular(large).pk}/").content.decode()

    assert f"The last {summaries.CHART_GAMES} of {LARGE} finished games." in html
    # The finals chart and the rating chart (games/reports/table.py) each show the last ones.
    assert len(tags(html, "th", scope="row")) == 2 * summaries.CHART_GAMES


def test_the_finished_filter_is_what_the_rules_fold(client, large):
    game = start_game(large, ["Ana", "Ben"])
    add_round(game, Round((5, 0)), 1)
    client.force_login(large)

    html = client.get("/history/?status=playing").content.decode()
    finished = client.get("/history/?status=finished").content.decode()

    assert counted(html) == "1 game"
    assert tags(html, "a", href=f"/games/{game.pk}/")
    assert counted(finished) == f"{LARGE} games"
    assert not tags(finished, href=f"/games/{game.pk}/")
    assert Game.objects.filter(owner=large).finished().count() == LARGE


def counted(html):
    [title] = texts(html, "h2", id="results-title")
    return title


def test_a_new_version_of_the_rules_never_reads_older_folds(tmp_path, monkeypatch):
    package = tmp_path / "fake_rules"
    package.mkdir()
    (package / "__init__.py").write_text("END_SCORE = 40\n")
    monkeypatch.syspath_prepend(tmp_path)
    before = folds.fingerprint(["fake_rules"])

    (package / "__init__.py").write_text("END_SCORE = 50\n")

    assert folds.fingerprint(["fake_rules"]) != before


def test_a_cold_first_visit_to_a_player_costs_the_same_queries_at_any_size(
    client, small, large, fold_calls
):
    # Nothing kept yet (a worker just started): every game is folded, but the rounds of all of
    # them are read in one query, not one a game (bench/growth.py times it at 5,000 games).
    cold = []
    for owner in (small, large):
        caches["folds"].clear()
        cold.append(work(client, owner, f"/players/{regular(owner).pk}/", fold_calls))
    assert cold[0][0] == cold[1][0], cold
    assert cold[1][1] == LARGE, cold  # each game folded once: the figures and the table share
