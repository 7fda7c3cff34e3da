from django.db import connection
from django.test.utils import CaptureQueriesContext


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

    html = " ".join(response.content.decode().split())
    assert response.status_code == 200
    assert '<dt>Games played</dt><dd>3 <span class="muted">(2 finished)</span>' in html
    assert "<dd>1 alone, 0 shared</dd>" in html
    assert "<dt>Win rate</dt><dd>50 %</dd>" in html
    assert "<dt>Average final total</dt><dd>25.0</dd>" in html
    assert "<dt>Best (lowest) final total</dt><dd>7</dd>" in html
    assert "<dt>Hands emptied</dt><dd>2</dd>" in html
    assert '<dt>Chips returned</dt><dd>1 chip <span class="muted">(1 point)</span></dd>' in html
    assert "<dt>Longest winning streak</dt><dd>1 game</dd>" in html
    assert "finished games only" in html


def test_it_draws_the_final_totals_with_wins_marked(alice_client, make_game):
    make_game(names=("Ana", "Ben"), rounds=[(5, 0), (-1, 31), (3, 12)])
    game = make_game(names=("Ana", "Ben"), rounds=[(31, 0), (12, 4)])

    html = alice_client.get(f"/players/{game.seats[0].player_id}/").content.decode()

    assert '<svg class="chart-svg"' in html
    assert html.count('class="marked"') == 2  # the won game, and the legend's sample
    assert "<td>7</td>" in html and "<td>43</td>" in html


def test_a_player_without_finished_games_has_no_chart(alice_client, make_game):
    game = make_game(rounds=[(1, 2, 3)])

    html = alice_client.get(f"/players/{game.seats[0].player_id}/").content.decode()

    assert "No finished game yet." in html
    assert "chart-svg" not in html


def test_it_links_to_the_players_history(alice_client, make_game):
    game = make_game()
    pk = game.seats[0].player_id

    html = alice_client.get(f"/players/{pk}/").content.decode()

    assert f'href="/history/?player={pk}"' in html


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
