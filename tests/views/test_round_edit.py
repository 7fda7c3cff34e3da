import pytest

from tests.helpers.pagetext import parts, tags, text, texts

pytestmark = pytest.mark.django_db


def edit(client, game, number, *values, **extra):
    data = {f"seat_{seat}": value for seat, value in enumerate(values)}
    data |= {"round_number": number} | extra
    return client.post(f"/games/{game.pk}/rounds/{number}/edit/", data)


def fresh(game):
    return type(game).objects.get(pk=game.pk)


def test_the_edit_form_shows_the_round_as_typed(alice_client, make_game):
    game = make_game(rounds=[[12, 3, 5], [3, -1, 7]])
    body = alice_client.get(f"/games/{game.pk}/rounds/2/edit/").content.decode()
    assert tags(body, "input", name="seat_1", id="id_seat_1", value="-1")
    assert "Replace round 2 with these numbers" in texts(body, "button", class_="primary")
    assert not tags(body, "input", type="checkbox")  # the button is the confirmation


def test_it_replaces_a_round_and_the_totals_follow(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, -1, 7]])
    response = edit(alice_client, game, 1, 20, 0, 5)
    assert response.status_code == 302
    assert fresh(game).state.totals == (23, 0, 12)


def test_it_refuses_an_edit_that_breaks_the_round(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5]])
    response = edit(alice_client, game, 1, 0, 0, 5)
    assert response.status_code == 422
    assert "Only one player can empty their hand" in response.content.decode()
    assert fresh(game).state.totals == (12, 0, 5)


def test_an_edit_that_takes_a_later_black_chip_away_is_saved_and_says_what_it_counts(
    alice_client, make_game
):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7], [-10, 4, 7]])
    response = edit(alice_client, game, 1, 2, 0, 5)
    assert response.status_code == 302
    sheet = alice_client.get(response["Location"]).text
    assert "Round 3: Ana’s return now counts −1, with 5 points then." in sheet
    assert fresh(game).state.totals == (4, 8, 19)
    assert fresh(game).state.rounds[2].entries == (-10, 4, 7)  # as typed

    back = edit(alice_client, game, 1, 12, 0, 5)  # taken back: the black chip counts again
    assert "Round 3: Ana’s return now counts −10, with 15 points then." in (
        alice_client.get(back["Location"]).text
    )
    assert fresh(game).state.totals == (5, 8, 19)


def test_the_edit_page_says_what_later_returns_will_count_before_saving(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7], [-10, 4, 7]])
    page = alice_client.get(f"/games/{game.pk}/rounds/1/edit/").text
    assert tags(page, "div", id="later-returns")  # where it will say it, empty for now
    assert "now counts" not in page
    typed = {"round_number": 1, "seat_0": 2, "seat_1": 0, "seat_2": 5, "totals": "0,0,0"}
    url = f"/games/{game.pk}/rounds/1/later/"

    partial = alice_client.post(url, typed, headers={"HX-Request": "true"})
    plain = alice_client.post(url, typed)

    said = "Round 3: Ana’s return now counts −1, with 5 points then."
    assert said in partial.text and 'id="later-returns"' in partial.text
    assert said in plain.text and 'value="2"' in plain.text  # the page again, as typed
    assert fresh(game).state.totals == (5, 8, 19)  # nothing saved
    # said above the button that saves it, in its form: read before the tap, not after it
    form = next(f for f in parts(plain.text, "form") if "Replace round 1" in f)
    assert form.index(said) < form.index("Replace round 1 with these numbers")


def test_an_edit_that_ends_the_game_before_later_rounds_is_saved_and_keeps_them(
    alice_client, make_game
):
    game = make_game(rounds=[[31, 0, 5], [3, 4, 7], [1, 2, 3]])
    response = edit(alice_client, game, 2, 9, 4, 7, last_to_quit=0)
    assert response.status_code == 302
    said = "Ana reaches 40 in round 2: the game ends there. Round 3 no longer counts."
    sheet = alice_client.get(response["Location"]).text
    assert said in text(sheet)
    state = fresh(game).state
    assert state.finished and state.totals == (40, 4, 12)
    assert [r.entries for r in state.beyond] == [(1, 2, 3)]  # kept as typed


def test_it_names_everyone_the_edit_takes_to_the_end(alice_client, make_game):
    game = make_game(rounds=[[31, 0, 25], [3, 4, 7], [1, 2, 3], [2, 3, 0]])
    response = edit(alice_client, game, 2, 9, 0, 20)
    assert response.status_code == 302
    assert (
        "Ana reaches 40 and Cleo reaches 45 in round 2: the game ends there. Rounds 3–4 no longer "
        "count." in text(alice_client.get(response["Location"]).text)
    )


def test_it_says_so_in_french(alice_client, make_game):
    game = make_game(["Zoé", "Ben", "Émile"], rounds=[[30, 0, 5], [3, 4, 7], [1, 2, 3]])
    alice_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    response = edit(alice_client, game, 2, 11, 4, 0)
    assert (
        "Zoé atteint 41 à la manche 2\u00a0: la partie s’arrête là. La manche 3 ne compte plus."
        in text(alice_client.get(response["Location"]).text)
    )


def test_the_edit_page_of_a_round_that_is_gone_shows_the_sheet_and_says_so(alice_client, make_game):
    """Back to an edit page after its round was undone: the sheet as it is (409), no form."""
    game = make_game(rounds=[[12, 0, 5]])
    response = alice_client.get(f"/games/{game.pk}/rounds/2/edit/")
    assert response.status_code == 409
    assert "Round 2 was undone since this page was opened: nothing was changed." in response.text
    assert "Replace round 2" not in response.text


def edit_page_fields(client, game, number):
    html = client.get(f"/games/{game.pk}/rounds/{number}/edit/").text
    return {"round_id": tags(html, "input", name="round_id")[0]["value"]}


def test_an_edit_page_whose_round_was_undone_changes_nothing(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    opened = edit_page_fields(alice_client, game, 2)
    game.rounds.filter(number=2).delete()

    response = edit(alice_client, game, 2, 9, 0, 7, **opened)

    assert response.status_code == 409
    assert (
        "Round 2 was undone since this page was opened: nothing was changed, and your numbers "
        "(Ana 9, Ben 0, Cleo 7) were not saved." in response.text
    )
    assert fresh(game).state.totals == (12, 0, 5)


def test_an_old_edit_page_does_not_change_a_new_round_of_the_same_number(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    opened = edit_page_fields(alice_client, game, 2)
    game.rounds.filter(number=2).delete()
    alice_client.post(
        f"/games/{game.pk}/rounds/",
        {"round_number": 2, "seat_0": 1, "seat_1": 0, "seat_2": 2},
    )

    response = edit(alice_client, game, 2, 9, 0, 7, **opened)

    assert response.status_code == 409
    assert [r.entries for r in fresh(game).state.rounds] == [(12, 0, 5), (1, 0, 2)]


def test_an_edit_page_bound_to_its_round_still_saves(alice_client, make_game):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    response = edit(alice_client, game, 2, 9, 0, 7, **edit_page_fields(alice_client, game, 2))
    assert response.status_code == 302
    assert fresh(game).state.totals == (21, 0, 12)


def test_the_walk_edit_then_revert_gives_ben_his_total_back(alice_client, make_game):
    """Issue 30: round 1 Ana 5, Ben 12, Cleo emptied; round 2 Ana 3, Ben -10, Cleo 4."""
    game = make_game(rounds=[[5, 12, 0], [3, -10, 4]])
    assert fresh(game).state.totals == (8, 2, 4)

    assert edit(alice_client, game, 1, 5, 0, 1).status_code == 302  # Ben emptied his hand
    assert fresh(game).state.rounds[1].points == (3, 0, 4)  # his -10 counts 0: no chip
    assert edit(alice_client, game, 1, 5, 12, 0).status_code == 302  # back as played

    assert fresh(game).state.totals == (8, 2, 4)  # Ben 2 again, not 12


HTMX = {"HTTP_HX_REQUEST": "true"}


def test_an_edit_pages_follower_is_sent_to_the_sheet_once_its_round_is_undone(
    alice_client, make_game
):
    """The follower of the edit page (htmx): the page goes to the sheet, which says why once,
    not the sheet inside the edit page."""
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    follow = alice_client.get(f"/games/{game.pk}/rounds/2/edit/?seen={game.version}", **HTMX)
    assert follow.status_code == 204  # nothing new
    follow = alice_client.get(f"/games/{game.pk}/rounds/2/edit/?seen=0", **HTMX)
    assert 'id="board"' in follow.text and "round-form" not in follow.text  # still there
    game.rounds.filter(number=2).delete()

    follow = alice_client.get(f"/games/{game.pk}/rounds/2/edit/?seen={game.version}", **HTMX)

    assert follow.headers["HX-Redirect"] == f"/games/{game.pk}/"
    sheet = alice_client.get(f"/games/{game.pk}/").text
    assert sheet.count("Round 2 was undone since this page was opened: nothing was changed.") == 1


def test_an_edit_pages_preview_of_an_undone_round_sends_the_page_to_the_sheet(
    alice_client, make_game
):
    game = make_game(rounds=[[12, 0, 5], [3, 4, 7]])
    game.rounds.filter(number=2).delete()
    data = {"seat_0": 9, "seat_1": 0, "seat_2": 7, "round_number": 2}

    preview = alice_client.post(f"/games/{game.pk}/rounds/2/later/", data, **HTMX)

    assert preview.headers["HX-Redirect"] == f"/games/{game.pk}/"
    assert "round-form" not in preview.text
    sheet = alice_client.get(f"/games/{game.pk}/").text
    assert "your numbers (Ana 9, Ben 0, Cleo 7) were not saved" in sheet
