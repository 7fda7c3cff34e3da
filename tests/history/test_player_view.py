import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from pytest_django.asserts import assertContains, assertInHTML

from tests.helpers.pagetext import parts, tags


def test_it_requires_login(client, make_game):
    game = make_game()

    response = client.get(f"/players/{game.seats[0].player_id}/")

    assert response.status_code == 302


def test_it_shows_the_figures_the_stats_module_computes(alice_client, make_game):
    make_game(names=("Ana", "Ben"), rounds=[(5, 0), (-1, 31), (3, 12)])  # Ana wins on 7
    make_game(names=("Ana", "Ben"), rounds=[(31, 0), (12, 4)])  # Ana loses on 43
    game = make_game(names=("Ana", "Ben"), rounds=[(0, 6)])  # in progress
    ana = game.seats[0].player

    response = alice_client.get(f"/players/{ana.pk}/")

    for figures in (
        '<dt>Games played</dt><dd>3 <span class="muted">(2 finished)</span></dd>',
        "<dd>1 alone, 0 shared</dd>",
        "<dt>Win rate</dt><dd>50%</dd>",
        "<dt>Average final total</dt><dd>25.0</dd>",
        "<dt>Best (lowest) final total</dt><dd>7</dd>",
        "<dt>Hands emptied</dt><dd>2</dd>",
        '<dt>Chips returned</dt><dd>1 chip <span class="muted">(1 point)</span></dd>',
        "<dt>Longest winning streak</dt><dd>1 game</dd>",
    ):
        assertContains(response, figures, html=True)
    assertContains(response, "finished games only")


def test_the_win_rate_is_spaced_as_each_language_writes_it(alice_client, make_game):
    game = make_game(names=("Ana", "Ben"), rounds=[(5, 0), (-1, 31), (3, 12)])  # Ana wins
    url = f"/players/{game.seats[0].player_id}/"
    english = alice_client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    french = alice_client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    german = alice_client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assertContains(english, "<dd>100%</dd>", html=True)
    assertContains(french, "<dd>100\u00a0%</dd>", html=True)
    assertContains(german, "<dd>100\u202f%</dd>", html=True)  # a narrow space that never breaks


def test_it_draws_the_final_totals_with_wins_marked(alice_client, make_game):
    make_game(names=("Ana", "Ben"), rounds=[(5, 0), (-1, 31), (3, 12)])
    game = make_game(names=("Ana", "Ben"), rounds=[(31, 0), (12, 4)])

    html = alice_client.get(f"/players/{game.seats[0].player_id}/").content.decode()

    assert tags(html, "svg", class_="chart-svg")
    assert len(tags(html, class_="marked")) == 2  # the won game, and the legend's sample
    assertInHTML("<td>7</td>", html)
    assertInHTML("<td>43</td>", html)


def test_a_player_without_finished_games_has_no_chart(alice_client, make_game):
    game = make_game(rounds=[(1, 2, 3)])

    html = alice_client.get(f"/players/{game.seats[0].player_id}/").content.decode()

    assert "No finished game yet." in html
    assert "chart-svg" not in html


def test_it_links_to_the_players_history(alice_client, make_game):
    game = make_game()
    pk = game.seats[0].player_id

    html = alice_client.get(f"/players/{pk}/").content.decode()

    assert tags(html, "a", href=f"/history/?player={pk}")


@pytest.mark.engine
def test_its_query_count_does_not_grow_with_the_games(alice_client, make_game):
    game = make_game(names=("Ana", "Ben"), rounds=[(31, 10), (12, 0)])
    url = f"/players/{game.seats[0].player_id}/"
    with CaptureQueriesContext(connection) as few:
        alice_client.get(url)
    for _ in range(10):
        make_game(names=("Ana", "Ben"), rounds=[(31, 10), (12, 0)])

    with CaptureQueriesContext(connection) as many:
        alice_client.get(url)

    assert len(many) == len(few)


def section(html, kind):
    """The block of the player page about one game."""
    [block] = parts(html, "section", class_="player-game", aria_labelledby=f"game-{kind}")
    return block


def test_a_player_of_two_games_gets_a_block_for_each(alice_client, make_game):
    make_game(names=("Ana", "Ben"), rounds=[(5, 0), (-1, 31), (3, 12)])  # Ana wins on 7
    make_game(names=("Ana", "Ben"), rounds=[(30, 20)] * 4, kind="llama_llama")  # 120 to 80
    game = make_game(names=("Ana", "Ben"), rounds=[(10, 60), (5, 50)], kind="llama_llama")
    ana = game.seats[0].player

    html = " ".join(alice_client.get(f"/players/{ana.pk}/").content.decode().split())

    lama, llama_llama = section(html, "lama"), section(html, "llama_llama")
    assert html.index(lama) < html.index(llama_llama)
    assertInHTML('<h2 id="game-lama">L.L.A.M.A.</h2>', lama)
    assertInHTML("<dt>Games played</dt><dd>1</dd>", lama)
    assertInHTML("<dt>Best (lowest) final total</dt><dd>7</dd>", lama)
    assertInHTML("<dt>Hands emptied</dt><dd>1</dd>", lama)
    assert "Chips returned" in lama
    assertInHTML('<h2 id="game-llama_llama">Llama Llama</h2>', llama_llama)
    assertInHTML("<dt>Games played</dt><dd>2</dd>", llama_llama)
    assertInHTML("<dt>Best (highest) final total</dt><dd>120</dd>", llama_llama)
    assertInHTML("<dt>Wins</dt><dd>1 alone, 0 shared</dd>", llama_llama)
    assert "Hands emptied" not in llama_llama and "Chips returned" not in llama_llama
    assert "game-lato" not in html  # no block for a game not played


def test_each_game_has_its_own_chart_with_its_end_score(alice_client, make_game):
    make_game(names=("Ana", "Ben"), rounds=[(5, 0), (-1, 31), (3, 12)])
    game = make_game(names=("Ana", "Ben"), rounds=[(30, 20)] * 4, kind="llama_llama")

    html = alice_client.get(f"/players/{game.seats[0].player_id}/").content.decode()

    lama, llama_llama = section(html, "lama"), section(html, "llama_llama")
    assert tags(lama, aria_labelledby="finals-chart-lama-title")
    assert "40 points: the end of the game" in lama
    assertInHTML("<td>7</td>", lama)
    assert tags(llama_llama, aria_labelledby="finals-chart-llama_llama-title")
    assert "100 points: the end of the game" in llama_llama
    assertInHTML("<td>120</td>", llama_llama)
    assert "in each finished game of Llama Llama" in llama_llama


def test_a_game_of_the_lato_rule_has_its_own_block(alice_client, make_game):
    make_game(names=("Ana", "Ben"), rounds=[(5, 0)])
    game = make_game(names=("Ana", "Ben"), rounds=[(21, 31), (-10, 3), (5, 20)], kind="lato")

    html = " ".join(alice_client.get(f"/players/{game.seats[0].player_id}/").text.split())

    lato = section(html, "lato")
    assertInHTML('<h2 id="game-lato">L.L.A.M.A., Lato z komarami rule</h2>', lato)
    assertInHTML("<dt>Best (lowest) final total</dt><dd>16</dd>", lato)
    assertInHTML(
        '<dt>Chips returned</dt><dd>1 chip <span class="muted">(10 points)</span></dd>', lato
    )
    assert "No finished game yet." in section(html, "lama")


def test_a_player_whose_games_were_deleted_has_no_figures(alice_client, make_game):
    game = make_game()
    ana = game.seats[0].player
    game.delete()

    html = alice_client.get(f"/players/{ana.pk}/").content.decode()

    assert "No game yet." in html
    assert "player-game" not in html
