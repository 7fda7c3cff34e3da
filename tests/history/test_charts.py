from django.template.loader import render_to_string
from django.utils import translation

from games.reports import charts
from tests.helpers.pagetext import tags


def test_lines_start_at_the_left_and_rise_with_the_values():
    chart = charts.line_chart([charts.Line("Ana", [0, 20, 40])], ["0", "1", "2"])

    (series,) = chart.series
    xs = [float(dot.x) for dot in series.dots]
    ys = [float(dot.y) for dot in series.dots]
    assert xs[0] == float(chart.left) and xs[-1] == float(chart.right)
    assert ys[0] == float(chart.bottom)  # 0 sits on the bottom line
    assert ys[0] > ys[1] > ys[2]  # SVG y grows downwards
    assert series.path.startswith(f"M{series.dots[0].x} {series.dots[0].y} L")


def test_the_y_axis_reaches_the_end_score_and_the_highest_value():
    low = charts.line_chart([charts.Line("Ana", [0, 3])], ["0", "1"], threshold=40)
    high = charts.line_chart([charts.Line("Ana", [0, 57])], ["0", "1"], threshold=40)

    assert [t.label for t in low.y_ticks] == ["0", "10", "20", "30", "40"]
    assert low.threshold == low.y_ticks[-1].at
    assert low.end_score == 40
    assert high.y_ticks[-1].label == "60"


def test_a_game_to_a_hundred_draws_its_line_at_a_hundred():
    chart = charts.line_chart([charts.Line("Ana", [0, 30, 55])], ["0", "1", "2"], threshold=100)

    assert chart.y_ticks[-1].label == "100"
    assert chart.threshold == chart.y_ticks[-1].at
    assert chart.end_score == 100


def test_without_an_end_score_there_is_no_line():
    chart = charts.line_chart([charts.Line("Ana", [0, 3])], ["0", "1"])

    assert (chart.threshold, chart.end_score) == (None, None)
    assert [t.label for t in chart.y_ticks] == ["0", "10"]


def test_each_series_gets_its_own_class_for_light_and_dark_colours():
    lines = [charts.Line(str(n), [0, n]) for n in range(7)]

    chart = charts.line_chart(lines, ["0", "1"])

    assert [s.css for s in chart.series] == [f"series-{n}" for n in (0, 1, 2, 3, 4, 5, 0)]


def test_many_x_labels_are_thinned_but_keep_both_ends():
    labels = [str(n) for n in range(31)]

    chart = charts.line_chart([charts.Line("Ana", range(31))], labels)

    shown = [t.label for t in chart.x_ticks]
    assert shown[0] == "0" and shown[-1] == "30"
    assert len(shown) <= 13
    assert (chart.x_ticks[0].anchor, chart.x_ticks[-1].anchor) == ("start", "end")


def test_marked_points_are_flagged():
    chart = charts.line_chart([charts.Line("Ana", [12, 45, 8], frozenset({0, 2}))], ["a", "b", "c"])

    assert [dot.marked for dot in chart.series[0].dots] == [True, False, True]


def test_rows_give_the_same_numbers_as_a_table():
    chart = charts.line_chart(
        [charts.Line("Ana", [0, 5, 9]), charts.Line("Ben", [0, 31, 30])], ["0", "1", "2"]
    )

    assert chart.rows == [("0", [0, 0]), ("1", [5, 31]), ("2", [9, 30])]


def test_the_svg_coordinates_are_not_localized():
    # French writes 12,5: a comma inside an SVG coordinate would break the drawing.
    chart = charts.line_chart([charts.Line("Ana", [0, 7, 13])], ["0", "1", "2"])
    context = {"chart": chart, "chart_id": "c", "title": "t", "x_title": "x"}

    with translation.override("fr"):
        html = render_to_string("games/_chart.html", context)

    assert tags(html, "circle", cy=chart.series[0].dots[1].y)
    assert "." in chart.series[0].dots[1].y
    assert not tags(html, style=True)


def test_the_last_label_never_crowds_the_one_before():
    labels = [f"11/{n:02}/2026" for n in range(8)]

    chart = charts.line_chart([charts.Line("Ana", range(8))], labels, x_room=4)

    assert [t.label for t in chart.x_ticks] == [
        "11/00/2026",
        "11/02/2026",
        "11/04/2026",
        "11/07/2026",
    ]
