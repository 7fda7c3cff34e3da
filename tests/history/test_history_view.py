from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from pytest_django.asserts import assertContains, assertInHTML

from games.models import Game
from tests.helpers.pagetext import parts, tags, texts

FINISHED = [(31, 10, 5), (20, 3, 0)]  # Cleo wins alone on 5
SHARED = [(20, 20, 31), (5, 5, 12)]  # Ana and Ben share the win on 25


def test_it_requires_login(client):
    response = client.get("/history/")

    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_home_and_menu_link_to_the_history(alice_client):
    html = alice_client.get("/en/").content.decode()

    assert len(tags(html, "a", href="/history/")) == 2


@pytest.mark.engine
def test_it_lists_games_newest_first_with_their_facts(alice_client, make_game):
    old = make_game(rounds=FINISHED)
    new = make_game(names=("Ana", "Dan"), rounds=[(4, 0)])
    start = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
    Game.objects.filter(pk=old.pk).update(created_at=start)
    old.rounds.filter(number=2).update(created_at=start + timedelta(minutes=17))

    response = alice_client.get("/history/")

    html = response.content.decode()
    assert response.status_code == 200
    links = [link["href"] for link in tags(html, "a", href=True)]
    assert links.index(f"/games/{new.pk}/") < links.index(f"/games/{old.pk}/")
    assert "17 minutes" in html
    assert "2 rounds" in html and "1 round" in html
    assertInHTML("<strong>Won by:</strong> Cleo", html)
    assert "In progress" in html
    dan = new.seats[1].player
    assertInHTML(f'<a href="/players/{dan.pk}/">Dan</a>', html)


def test_a_shared_win_is_shown_as_such(alice_client, make_game):
    make_game(rounds=SHARED)

    html = alice_client.get("/history/").content.decode()

    assertInHTML("<strong>Shared victory:</strong> Ana and Ben", html)


def test_it_filters_by_player(alice_client, make_game):
    with_dan = make_game(names=("Ana", "Dan"))
    without = make_game(names=("Ana", "Ben"))
    dan = with_dan.seats[1].player

    html = alice_client.get("/history/", {"player": dan.pk}).content.decode()

    assert f"/games/{with_dan.pk}/" in html
    assert f"/games/{without.pk}/" not in html


@pytest.mark.engine
def test_the_player_filter_offers_names_in_dictionary_order(alice_client, make_game):
    make_game(names=("Zoé", "émile", "Ömer", "Ben", "Anna"))
    html = alice_client.get("/history/").content.decode()
    offered = texts(parts(html, "select", name="player")[0], "option")
    assert offered == ["Everyone", "Anna", "Ben", "émile", "Ömer", "Zoé"]


@pytest.mark.parametrize(("status", "shown"), [("finished", 0), ("playing", 1)])
def test_it_filters_by_in_progress_or_finished(alice_client, make_game, status, shown):
    games = [make_game(rounds=FINISHED), make_game(rounds=[(1, 2, 3)])]

    html = alice_client.get("/history/", {"status": status}).content.decode()

    assert tags(html, "a", href=f"/games/{games[shown].pk}/")
    assert not tags(html, href=f"/games/{games[1 - shown].pk}/")


def test_the_filters_are_a_labelled_get_form(alice_client):
    html = alice_client.get("/history/").content.decode()

    assert tags(html, "form", method="get")
    assert tags(html, "label", for_="id_player") and tags(html, "label", for_="id_status")
    assertInHTML('<label for="id_game">Game</label>', html)


def test_each_row_says_which_game_was_played(alice_client, make_game):
    make_game(kind="lato")
    make_game(kind="llama_llama")

    html = alice_client.get("/history/").content.decode()

    rows = texts(html, "p", class_="history-game")
    assert rows == ["Llama Llama", "L.L.A.M.A., Lato z komarami rule"]


def test_the_game_filter_offers_every_game(alice_client):
    html = alice_client.get("/history/").content.decode()

    [select] = parts(html, "select", name="game", id="id_game")
    assert texts(select, "option") == [
        "Every game",
        "L.L.A.M.A.",
        "L.L.A.M.A., Lato z komarami rule",
        "Llama Llama",
        "L.A.M.A. Party Edition",
    ]


@pytest.mark.parametrize("kind", ["lama", "lato", "llama_llama", "party"])
def test_it_filters_by_game(alice_client, make_game, kind):
    games = {k: make_game(kind=k) for k in ("lama", "lato", "llama_llama", "party")}

    html = alice_client.get("/history/", {"game": kind}).content.decode()

    assert [g for g in games.values() if tags(html, href=f"/games/{g.pk}/")] == [games[kind]]
    assert "1 game" in html


def test_the_game_filter_combines_with_the_status(alice_client, make_game):
    done = make_game(kind="llama_llama", rounds=[(10, 20, 30)] * 4)
    playing = make_game(kind="llama_llama", rounds=[(10, 20, 30)])
    other = make_game(kind="lama", rounds=FINISHED)

    html = alice_client.get("/history/", {"game": "llama_llama", "status": "finished"}).text

    assert tags(html, "a", href=f"/games/{done.pk}/")
    assert not tags(html, href=f"/games/{playing.pk}/") and not tags(
        html, href=f"/games/{other.pk}/"
    )


def test_it_refuses_a_game_it_does_not_know_as_a_filter(alice_client, make_game):
    game = make_game()

    response = alice_client.get("/history/", {"game": "chess"})

    assert response.status_code == 422
    assert "Game: Select a valid choice. chess is not one of the available choices." in (
        response.text
    )
    assert tags(response.text, "a", href=f"/games/{game.pk}/")


def test_it_refuses_another_accounts_player_as_a_filter(alice_client, make_game, bob):
    mine = make_game()
    bobs = make_game(names=("Zed", "Yan"), owner=bob)

    response = alice_client.get("/history/", {"player": bobs.seats[0].player_id})

    html = response.content.decode()
    assert response.status_code == 422
    assert tags(html, role="alert")
    assert f"/games/{mine.pk}/" in html
    assert f"/games/{bobs.pk}/" not in html and "Zed" not in html


def test_it_pages_by_fifty_and_keeps_the_filters(alice_client, make_game):
    games = [make_game(names=("Ana", "Ben")) for _ in range(51)]

    first = alice_client.get("/history/", {"status": "playing"}).content.decode()
    second = alice_client.get("/history/", {"status": "playing", "page": 2}).content.decode()

    assert len(tags(first, class_="history-row")) == 50
    assert "?status=playing&amp;page=2" in first
    assert len(tags(second, class_="history-row")) == 1
    assert tags(second, "a", href=f"/games/{games[0].pk}/")


def test_a_page_number_out_of_range_shows_the_last_page(alice_client, make_game):
    make_game()

    response = alice_client.get("/history/", {"page": "999"})

    assert response.status_code == 200
    assert len(tags(response.text, class_="history-row")) == 1


def test_htmx_gets_only_the_results(alice_client, make_game):
    make_game()

    response = alice_client.get("/history/", {"status": "playing"}, headers={"HX-Request": "true"})

    html = response.content.decode()
    assert parts(html, "section", id="results") == [html.strip()]
    assert not tags(html, "html")


def count_queries(client, params=None):
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/history/", params or {})
    assert response.status_code == 200
    return len(queries)


@pytest.mark.engine
@pytest.mark.slow
def test_its_query_count_does_not_grow_with_the_games(alice_client, make_game):
    # Each filter's count at 6 games and at 60, the games made once for all four.
    filters = [{}, {"status": "finished"}, {"status": "playing"}, {"game": "lama"}]
    for _ in range(3):
        make_game(rounds=FINISHED)
        make_game(rounds=[(1, 2, 3)])
    few = [count_queries(alice_client, params) for params in filters]
    for _ in range(27):
        make_game(rounds=FINISHED)
        make_game(rounds=[(1, 2, 3)])

    assert [count_queries(alice_client, params) for params in filters] == few


def test_a_history_restore_gets_the_whole_page(alice_client, make_game):
    make_game()

    response = alice_client.get(
        "/history/", headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
    )

    assert tags(response.text, "html")
    assert "HX-Request" in response["Vary"]


def test_each_row_names_its_game_by_who_played_and_when_it_started(alice_client, make_game):
    game = make_game(rounds=FINISHED)
    start = datetime(2026, 3, 1, 20, 5, tzinfo=UTC)  # 21:05 in Paris
    Game.objects.filter(pk=game.pk).update(created_at=start)
    english = alice_client.get("/history/", HTTP_ACCEPT_LANGUAGE="en")
    french = alice_client.get("/history/", HTTP_ACCEPT_LANGUAGE="fr")
    link = '<a href="/games/{}/">{}</a>'
    assertContains(
        english, link.format(game.pk, "Ana, Ben and Cleo · 1 Mar 2026, 21:05"), html=True
    )
    assertContains(french, link.format(game.pk, "Ana, Ben et Cleo · 1 mars 2026, 21:05"), html=True)


def test_a_row_names_its_game_by_its_place_where_it_has_one(alice_client, make_game):
    game = make_game(rounds=FINISHED)
    Game.objects.filter(pk=game.pk).update(
        created_at=datetime(2026, 3, 1, 20, 5, tzinfo=UTC), venue="Chez Zoé"
    )
    response = alice_client.get("/history/", HTTP_ACCEPT_LANGUAGE="en")
    link = f'<a href="/games/{game.pk}/">Chez Zoé · 1 Mar 2026, 21:05</a>'
    assertContains(response, link, html=True)


def test_a_game_under_a_minute_says_so_rather_than_0_minutes(alice_client, make_game):
    game = make_game(rounds=FINISHED)
    game.rounds.update(created_at=game.created_at + timedelta(seconds=25))
    english = alice_client.get("/history/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    french = alice_client.get("/history/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "under a minute" in english and "0 minutes" not in english
    assert "moins d’une minute" in french and "0 minute" not in french
