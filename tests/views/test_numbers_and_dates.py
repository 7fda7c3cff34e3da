"""Numbers and dates as a person reads them: a real minus sign (U+2212) in what a page shows,
the hyphen-minus left where a program reads it; dates in each language's own order."""

from datetime import UTC, datetime

import pytest
from django.utils import formats, translation

from games import numbers
from games.models import Game, ShareLink
from tests.helpers.pagetext import tags, text

MINUS = "\u2212"
# Cleo empties her hand in round 2 and gives back a black chip: she types -10.
ROUNDS = [(31, 4, 12), (20, 3, -10)]


@pytest.mark.parametrize(
    ("value", "shown"),
    [(-10, "−10"), (-1, "−1"), (0, "0"), (12, "12"), ("-3.5", "−3.5"), ("-3,5", "−3,5"),
     ("—", "—"), (None, None)],
)  # fmt: skip
def test_a_negative_number_is_shown_with_a_minus_sign(value, shown):
    assert numbers.shown(value) == shown


@pytest.mark.parametrize(
    ("count", "most", "rows"),
    [(1, 3, [1]), (3, 3, [3]), (4, 3, [2, 2]), (5, 3, [3, 2]), (6, 3, [3, 3]), (7, 3, [4, 3]),
     (9, 3, [3, 3, 3]), (10, 4, [4, 4, 2]), (13, 4, [5, 5, 3])],
)  # fmt: skip
def test_chips_lie_in_even_rows_with_never_one_alone(count, most, rows):
    columns = numbers.even_columns(count, most)
    laid = [min(columns, count - start) for start in range(0, count, columns)]
    assert laid == rows


def shown_text(client, url, language="en"):
    return text(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_sheet_shows_minus_ten_with_a_minus_sign(alice_client, make_game, language):
    game = make_game(rounds=ROUNDS)
    shown = shown_text(alice_client, game.get_absolute_url(), language)
    assert f"{MINUS}10" in shown
    assert "-10" not in shown


def test_the_live_view_and_the_undo_page_show_the_minus_sign(alice_client, client, make_game):
    game = make_game(rounds=ROUNDS)
    live = shown_text(client, ShareLink.objects.create(game=game).get_absolute_url())
    undo = shown_text(alice_client, f"/games/{game.pk}/undo/")
    assert f"{MINUS}10" in live and "-10" not in live
    assert f"Cleo: {MINUS}10" in undo


def test_a_field_json_and_csv_keep_the_hyphen_minus(alice_client, make_game):
    game = make_game(rounds=ROUNDS)
    edit = alice_client.get(f"/games/{game.pk}/rounds/2/edit/").content.decode()
    assert tags(edit, "input", value="-10")
    assert "-10" in alice_client.get(f"/games/{game.pk}.json").content.decode()
    csv = alice_client.get("/history/export.csv").getvalue().decode()
    assert "-10" in csv and MINUS not in csv


@pytest.mark.parametrize(("language", "date"), [("en", "1 Dec 2026"), ("fr", "1 déc. 2026")])
def test_dates_read_day_month_year_in_each_language(alice_client, make_game, language, date):
    game = make_game(rounds=ROUNDS)
    Game.objects.filter(pk=game.pk).update(created_at=datetime(2026, 12, 1, 12, tzinfo=UTC))
    home = shown_text(alice_client, f"/{language}/", language)
    history = shown_text(alice_client, "/history/", language)
    assert date in home
    assert f"{date}, 13:00" in history  # noon in UTC, 13:00 in Paris
    assert "12/01/2026" not in home + history


def test_polish_dates_read_as_poles_write_them(alice_client, make_game):
    game = make_game(rounds=[(5, 3)], names=["Ana", "Bartek"])
    Game.objects.filter(pk=game.pk).update(created_at=datetime(2026, 12, 6, 13, 5, tzinfo=UTC))
    game.night.__class__.objects.filter(pk=game.night_id).update(
        start=datetime(2026, 12, 6, 13, 5, tzinfo=UTC)
    )
    history = shown_text(alice_client, "/history/", "pl")
    delete = shown_text(alice_client, f"/games/{game.pk}/delete/", "pl")
    night = shown_text(alice_client, f"/nights/{game.night_id}/", "pl")
    # the game's title: short, with dots and one comma (Django's own: "06-12-2026  14:05")
    assert "Ana i\u00a0Bartek · 6.12.2026, 14:05" in history
    assert "Usunąć partię z\u00a06.12.2026, 14:05 (Ana i\u00a0Bartek)?" in delete
    # a night's name, as a title: "Wieczór: " and the long date
    assert "Wieczór: 6 grudnia 2026" in night
    assert "06-12-2026" not in history + delete + night
    alice_client.cookies["django_language"] = "pl"
    deleted = alice_client.post(f"/games/{game.pk}/delete/", follow=True).content.decode()
    assert "Usunięto partię z\u00a06.12.2026, 14:05 (Ana i\u00a0Bartek)." in text(deleted)


@pytest.mark.parametrize(
    ("name", "shown"),
    [("DATE_FORMAT", "6 grudnia 2026"), ("SHORT_DATE_FORMAT", "6.12.2026"),
     ("DATETIME_FORMAT", "6 grudnia 2026, 14:05"), ("SHORT_DATETIME_FORMAT", "6.12.2026, 14:05")],
)  # fmt: skip
def test_each_polish_date_format(name, shown):
    with translation.override("pl"):
        assert formats.date_format(datetime(2026, 12, 6, 14, 5), name) == shown
        assert formats.number_format(1000, force_grouping=True) == "1\u00a0000"
