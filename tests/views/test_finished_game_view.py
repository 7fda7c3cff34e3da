from django.utils import translation
from pytest_django.asserts import assertInHTML

from tests.helpers.pagetext import parts, tags, texts


def finished_game(make_game):
    # Ben empties his hand in round 1, Cleo in round 2 (returning a black chip); Ana passes 40.
    return make_game(rounds=[(31, 0, 12), (20, 3, -10)])


def test_a_finished_game_shows_the_standings_and_who_emptied_their_hand(alice_client, make_game):
    game = finished_game(make_game)

    html = alice_client.get(f"/games/{game.pk}/").content.decode()

    [standings] = parts(html, "table", class_="standings-table")
    rows = [
        (
            texts(row, "a")[0],
            "".join(texts(row, "small", class_="emptied-rounds")),
            texts(row, "td")[-1],
        )
        for row in parts(parts(standings, "tbody")[0], "tr")
    ]
    assert rows == [
        ("Cleo", "Emptied their hand in round 2", "2"),
        ("Ben", "Emptied their hand in round 1", "3"),
        ("Ana", "", "51"),
    ]


def test_a_game_in_progress_has_no_final_section(alice_client, make_game):
    game = make_game(rounds=[(3, 0, 12)])

    html = alice_client.get(f"/games/{game.pk}/").content.decode()

    assert "Final standings" not in html
    assert not tags(html, "svg")


def test_the_totals_chart_is_svg_with_a_table_and_no_inline_style(alice_client, make_game):
    game = finished_game(make_game)

    html = alice_client.get(f"/games/{game.pk}/").content.decode()

    assert tags(html, "svg", class_="chart-svg")
    assert len(tags(html, "g", class_="chart-series")) == 3
    assert tags(html, "details") and tags(html, "table", class_="data")
    [table] = parts(html, "details", class_="chart-data")
    assertInHTML('<th scope="row">2</th><td>51</td><td>3</td><td>2</td>', table)
    assert not tags(html, style=True)
    assert not tags(table, "script")


def test_player_names_in_the_sheet_link_to_their_pages(alice_client, make_game):
    game = make_game(rounds=[(3, 0, 12)])
    ana = game.seats[0].player

    html = alice_client.get(f"/games/{game.pk}/").content.decode()

    assertInHTML(f'<a class="name" href="/players/{ana.pk}/">Ana</a>', html)


def test_the_finished_page_renders_in_french(alice_client, make_game):
    game = finished_game(make_game)

    with translation.override("fr"):
        response = alice_client.get(f"/games/{game.pk}/", headers={"accept-language": "fr"})

    assert response.status_code == 200
    points = [v for found in tags(response.text) for k, v in found.items() if k in ("cx", "cy")]
    assert points and not [point for point in points if "," in point]


def chart_of(html):
    """The chart's figure and, beside it, its numbers as a table."""
    return "".join(
        parts(html, "figure", class_="chart") + parts(html, "details", class_="chart-data")
    )


def test_the_totals_chart_draws_the_line_at_forty_in_lama(alice_client, make_game):
    chart = chart_of(alice_client.get(finished_game(make_game).get_absolute_url()).text)

    assert tags(chart, "line", class_="chart-threshold")
    assert "40 points: the end of the game" in chart
    assert texts(chart, "th", scope="row") == ["0", "1", "2"]


def test_the_totals_chart_of_llama_llama_has_its_four_rounds_and_the_line_at_100(
    alice_client, make_game
):
    game = make_game(rounds=[(60, 10, 5), (44, 20, 8)], kind="llama_llama")  # Ana: 104

    chart = chart_of(alice_client.get(game.get_absolute_url()).text)

    assert "100 points: the end of the game" in chart
    ticks = texts(chart, "text", dy="16")  # the round numbers under the x axis
    assert ticks == ["0", "1", "2", "3", "4"]  # the game ended early: its axis still has 4
    assert texts(chart, "th", scope="row") == ["0", "1", "2", "3", "4"]
    assertInHTML('<th scope="row">3</th><td></td><td></td><td></td>', chart)


def test_the_standings_of_llama_llama_put_the_highest_total_first(alice_client, make_game):
    game = make_game(rounds=[(60, 10, 5), (44, 20, 8)], kind="llama_llama")

    html = alice_client.get(game.get_absolute_url()).text

    [standings] = parts(html, "table", class_="standings-table")
    rows = parts(parts(standings, "tbody")[0], "tr")
    names = [(texts(row, "a")[0], texts(row, "td")[-1]) for row in rows]
    assert names == [("Ana", "104"), ("Ben", "30"), ("Cleo", "13")]
    assert "Emptied their hand" not in standings  # no hand is emptied in Llama Llama
    assert len(tags(standings, "td")) == 3 * 2


def test_a_shared_victory_is_numbered_alike_in_the_banner_and_the_standings(
    alice_client, make_game
):
    game = make_game(rounds=[(30, 6, 4), (10, 2, 4)])  # Ben and Cleo share the victory on 8
    html = alice_client.get(game.get_absolute_url()).text
    [banner] = parts(html, "ol", class_="standings")
    places = [li["value"] for li in tags(banner, "li")]
    names = [said.split(" —")[0] for said in texts(banner, "li")]
    assert list(zip(places, names, strict=True)) == [("1", "Ben"), ("1", "Cleo"), ("3", "Ana")]
    [table] = parts(html, "table", class_="standings-table")
    ranks = [texts(row, "td")[0].split()[0] for row in parts(parts(table, "tbody")[0], "tr")]
    assert ranks == ["1", "1", "3"]
