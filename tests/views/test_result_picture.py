"""The result picture of a finished game (games/views/result.py, games/reports/picture.py)."""

import io
from datetime import UTC, datetime

import pytest
from django.core.cache import caches
from django.utils import translation
from PIL import Image

from games.models import Game
from games.reports import picture
from games.rules import Round
from games.services.rounds import replace_round


def finished_game(make_game, **kwargs):
    # Ben empties his hand in round 1, Cleo in round 2 (returning a black chip); Ana passes 40.
    return make_game(rounds=[(31, 0, 12), (20, 3, -10)], **kwargs)


FINISHED_FOUR = [(31, 0, 12, 5), (20, 3, -10, 4)]


def url(game):
    return f"/games/{game.pk}/result.png"


def test_it_is_a_png_of_the_stated_size(alice_client, make_game):
    response = alice_client.get(url(finished_game(make_game)))

    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    assert image.format == "PNG" and image.size == (picture.WIDTH, picture.HEIGHT)


def test_its_file_name_names_the_winner_and_the_day_as_the_table_lived_it(
    alice_client, make_game, settings
):
    settings.TIME_ZONE = "Europe/Paris"
    game = finished_game(make_game, names=("Ana", "Ben", "Zoé"))
    # Half past midnight in Paris, still the 14th in UTC (it failed each night from 23:00 UTC,
    # when the test read the day in UTC).
    Game.objects.filter(pk=game.pk).update(created_at=datetime(2026, 3, 14, 23, 30, tzinfo=UTC))

    response = alice_client.get(url(game))

    assert response["Content-Disposition"] == (
        "inline; filename*=utf-8''scorekeeper-zo%C3%A9-2026-03-15.png"
    )


def test_it_asks_to_log_in(client, make_game):
    response = client.get(url(finished_game(make_game)))

    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_game_in_progress_has_no_picture_yet(alice_client, make_game):
    game = make_game(rounds=[(3, 0, 12)])

    assert alice_client.get(url(game)).status_code == 404


def test_a_game_that_does_not_exist_is_a_404(alice_client):
    assert alice_client.get("/games/999999/result.png").status_code == 404


def test_it_answers_get_only(alice_client, make_game):
    assert alice_client.post(url(finished_game(make_game))).status_code == 405


def test_an_unchanged_picture_is_not_sent_again(alice_client, make_game):
    game = finished_game(make_game)
    first = alice_client.get(url(game))

    again = alice_client.get(url(game), headers={"if-none-match": first["ETag"]})

    assert first["Cache-Control"] == "private, no-cache"
    assert again.status_code == 304 and again.content == b""


def test_an_edited_round_makes_a_new_picture(alice_client, make_game):
    game = finished_game(make_game)
    first = alice_client.get(url(game))
    replace_round(Game.objects.get(pk=game.pk), 2, Round((20, 8, -10)))

    again = alice_client.get(url(game), headers={"if-none-match": first["ETag"]})

    assert again.status_code == 200 and again["ETag"] != first["ETag"]


def test_each_language_has_its_picture(alice_client, make_game):
    game = finished_game(make_game)
    english = alice_client.get(url(game), headers={"accept-language": "en"})
    french = alice_client.get(url(game), headers={"accept-language": "fr"})

    assert english["ETag"] != french["ETag"]
    assert english.content != french.content
    assert "Accept-Language" in french["Vary"] and "Cookie" in french["Vary"]


def test_each_time_zone_has_its_picture(alice_client, make_game):
    """Its date is read in the account's zone (common/zones.py): at 23:30 in Paris it is
    the next day in Auckland."""
    game = finished_game(make_game)
    Game.objects.filter(pk=game.pk).update(created_at=datetime(2026, 6, 15, 21, 30, tzinfo=UTC))
    paris = alice_client.get(url(game))
    assert alice_client.post("/accounts/", {"time_zone": "Pacific/Auckland"}).status_code == 302

    auckland = alice_client.get(url(game), headers={"if-none-match": paris["ETag"]})

    assert auckland.status_code == 200 and auckland.content != paris.content


def kept_pictures():
    return [key for key in caches["default"]._cache if "result-png" in key]


def test_a_new_note_replaces_the_kept_picture_rather_than_add_one(alice_client, make_game):
    game = finished_game(make_game)
    for note in ("Revanche", "Revanche dimanche"):
        Game.objects.filter(pk=game.pk).update(note=note)
        assert alice_client.get(url(game)).status_code == 200

    assert len(kept_pictures()) == 1


def test_an_account_draws_a_few_pictures_a_minute_whichever_games_and_nights(
    alice_client, client, bob, make_game, settings, monkeypatch
):
    settings.PICTURES_PER_MINUTE = 2
    first, second = finished_game(make_game), finished_game(make_game)
    drawn = []
    monkeypatch.setattr(picture, "png", lambda game: drawn.append(game) or b"png")
    answers = [alice_client.get(url(first)), alice_client.get(url(first))]  # kept: not drawn
    night = f"/nights/{first.night_id}/night.png"
    answers += [alice_client.get(url(second)), alice_client.get(night)]

    assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
    assert len(drawn) == 2
    assert 0 < int(answers[-1]["Retry-After"]) <= 60
    client.force_login(bob)
    assert client.get(url(finished_game(make_game, owner=bob))).status_code == 200  # bob's own


@pytest.mark.engine
def test_it_costs_a_few_queries(alice_client, make_game, django_assert_max_num_queries):
    game = finished_game(make_game)
    alice_client.get(url(game))

    with django_assert_max_num_queries(4):  # session, user, stamp, game with its seats
        alice_client.get(url(game))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_it_says_who_won_in_the_language_read(make_game, language):
    game = finished_game(make_game, names=("Anaïs", "Bartholomew", "Zoé"))

    with translation.override(language):
        result = picture.describe(game)

    assert result.headline == {"en": "Zoé wins!", "fr": "Zoé gagne\u00a0!"}[language]
    assert result.text.startswith(result.headline)


def test_llama_llama_says_the_winning_total(make_game):
    rounds = [(23, 31, 12, 19), (30, 22, 25, 17), (28, 24, 30, 21), (23, 27, 18, 31)]
    game = make_game(names=("Ana", "Ben", "Cleo", "Dan"), rounds=rounds, kind="llama_llama")

    assert picture.describe(game).headline == "Ben wins with 104!"


def test_llama_llama_states_the_tie_break_that_decided_it(make_game, monkeypatch):
    # Ana and Ben both end on 80; Ben scored more in the final round.
    rounds = [(30, 20), (20, 30), (20, 10), (10, 20)]
    game = make_game(names=("Ana", "Ben"), rounds=rounds, kind="llama_llama")

    result = picture.describe(game)

    assert result.reason == "Ana and Ben both have 80; Ben scored more in the last round."
    assert result.reason in result.text
    drawn = picture.png(game)
    monkeypatch.setattr(picture, "tie_break", lambda game: "")
    assert picture.png(game) != drawn  # the reason is in the picture


def test_a_line_never_breaks_at_a_no_break_space():
    image = picture.Image.new("RGB", (10, 10))
    draw = picture.ImageDraw.Draw(image)
    headline = "Bartholomew gagne avec 80\u00a0!"
    width = draw.textlength("Bartholomew gagne avec 80", font=picture.font(60, True)) + 5

    lines, _ = picture.wrapped(draw, headline, width, 60, bold=True)

    assert lines[-1].endswith("80\u00a0!")


def test_a_sole_winner_on_total_states_no_tie_break(make_game):
    rounds = [(23, 31, 12, 19), (30, 22, 25, 17), (28, 24, 30, 21), (22, 27, 18, 31)]
    game = make_game(names=("Ana", "Ben", "Cleo", "Dan"), rounds=rounds, kind="llama_llama")

    assert picture.describe(game).reason == ""


def test_a_shared_victory_names_every_winner(make_game):
    # Ben and Cleo both end on 10 after Ana passes 40.
    game = make_game(rounds=[(31, 5, 5), (10, 5, 5)])

    result = picture.describe(game)

    assert result.headline == "Shared victory: Ben and Cleo!"
    assert result.filename.startswith("scorekeeper-ben-cleo-")


def test_negative_totals_print_a_minus_sign():
    assert picture.signed(-10) == "\u221210" and picture.signed(7) == "7"


def test_the_font_sets_accents_and_the_minus_sign():
    """DejaVu Sans is there (fonts-dejavu-core), and has a glyph for each of these."""
    typeface = picture.font(40)
    assert typeface.getname()[0] == "DejaVu Sans"
    for char in "ÉéïçœÀ−★·":
        assert typeface.getmask(char).getbbox() is not None, char


POLISH_LETTERS = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ"


@pytest.mark.parametrize("bold", [False, True])
def test_the_font_draws_every_polish_letter(bold):
    """Each letter is drawn as a glyph of its own, not as the box of a missing one (what
    Pillow's own font, or a font without them, draws for all alike)."""
    typeface = picture.font(40, bold)

    def glyph(char):
        image = Image.new("L", (60, 60))
        picture.ImageDraw.Draw(image).text((5, 5), char, font=typeface, fill=255)
        return image.tobytes()

    missing = glyph("\u0378")  # a code point no font has
    drawn = {char: glyph(char) for char in POLISH_LETTERS}
    assert [char for char, mask in drawn.items() if mask == missing] == []
    assert len(set(drawn.values())) == len(POLISH_LETTERS)  # no two letters drawn alike


@pytest.mark.parametrize(
    ("language", "headline"), [("pl", "Wygrywa Źdźbło!"), ("de", "Sieg für Źdźbło!")]
)
def test_the_picture_speaks_polish_and_german(make_game, language, headline):
    game = finished_game(make_game, names=("Łucja", "Ścibor", "Źdźbło"))

    with translation.override(language):
        result = picture.describe(game)
        drawn = Image.open(io.BytesIO(picture.png(game)))

    assert result.headline == headline
    assert drawn.size == (picture.WIDTH, picture.HEIGHT)


@pytest.mark.parametrize("kind", ["lama", "lato", "llama_llama"])
def test_every_game_and_six_long_names_draw(make_game, kind):
    names = [f"Bartholomew-Maximilian {n}" for n in range(4 if kind == "llama_llama" else 6)]
    rounds = {
        "llama_llama": [(23, 31, 12, 19), (30, 22, 25, 17), (28, 24, 30, 21), (23, 27, 18, 31)],
    }.get(kind, [(31, 0, 1, 2, 3, 4), (31, 5, 5, 5, 5, 5)])
    game = make_game(names=names, rounds=rounds, kind=kind)

    image = Image.open(io.BytesIO(picture.png(game)))

    assert image.size == (picture.WIDTH, picture.HEIGHT)


def test_its_policy_lets_the_browser_show_the_picture_and_run_nothing(alice_client, make_game):
    response = alice_client.get(url(finished_game(make_game)))

    policy = response["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src" not in policy


def test_names_in_any_script_or_with_emoji_draw(alice_client, make_game):
    game = make_game(names=("🦙 Max", "مريم", "Zoë\u0301", "李小龍"), rounds=FINISHED_FOUR)

    response = alice_client.get(url(game))

    assert response.status_code == 200
    assert Image.open(io.BytesIO(response.content)).size == (picture.WIDTH, picture.HEIGHT)


def beyond_the_end(make_game):
    """Ana 13, 20, 6 with round 1 corrected to 31: she passes 40 in round 2, round 3 stays
    on record after the end (GameState.beyond)."""
    game = make_game(rounds=[(13, 5, 2), (20, 3, 4), (6, 2, 1)])
    replace_round(game, 1, Round((31, 5, 2), last_to_quit=0))
    return Game.objects.get(pk=game.pk)


def test_rounds_typed_after_the_end_are_said_kept_and_not_counted(make_game, monkeypatch):
    game = beyond_the_end(make_game)
    assert [r.number for r in game.state.beyond] == [3]

    result = picture.describe(game)

    said = "Round 3, typed after the end of the game, is kept but not counted."
    assert result.beyond == said and result.text.endswith(said)
    drawn = picture.png(game)
    monkeypatch.setattr(picture, "beyond_note", lambda game: "")
    assert picture.png(game) != drawn  # the words are in the picture


def test_a_game_that_ended_where_it_was_typed_says_nothing_of_it(make_game):
    assert picture.describe(finished_game(make_game)).beyond == ""
