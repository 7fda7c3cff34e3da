"""The three games at the table: each refuses, per its own rules, with a message by the field."""

import pytest
from pytest_django.asserts import assertInHTML

from games.models import Game, Round, ShareLink
from tests.helpers import pagetext
from tests.helpers.sheet import post_round

pytestmark = pytest.mark.django_db
URL = "/games/new/"


def new_game(client, game, *names, **extra):
    data = {"game": game, "starter": "0"} | {f"player_{i}": n for i, n in enumerate(names)}
    return client.post(URL, data | extra)


# ---------------------------------------------------------------------------- a new game


@pytest.mark.parametrize("kind", ["lama", "lato", "llama_llama", "party"])
def test_it_starts_the_game_chosen(alice_client, alice, kind):
    response = new_game(alice_client, kind, "Ana", "Ben")
    assert response.status_code == 302
    assert Game.objects.get(owner=alice).kind == kind


def radio(body, kind):
    """The attributes of a game's radio button on the new-game form."""
    [found] = pagetext.tags(body, "input", type="radio", name="game", value=kind)
    return found


def choice_text(body, kind):
    """The words of a game's choice, as read out."""
    for_id = radio(body, kind)["id"]
    [label] = pagetext.parts(body, "label", class_="choice", for_=for_id)
    return pagetext.text(label)


def test_the_form_names_the_three_games_in_full_with_their_players(alice_client):
    body = alice_client.get(URL).text
    assert choice_text(body, "lama") == "L.L.A.M.A. (2 to 6 players)"
    assert choice_text(body, "lato") == "L.L.A.M.A., Lato z komarami rule (2 to 6 players)"
    assert choice_text(body, "llama_llama") == "Llama Llama (2 to 4 players)"


def test_each_game_tells_the_script_its_limit_and_whether_someone_starts(alice_client):
    body = alice_client.get(URL).text
    lama, llama_llama = radio(body, "lama"), radio(body, "llama_llama")
    assert (lama["data-max-players"], lama["data-has-starter"]) == ("6", "true")
    assert lama["data-limit"] == "L.L.A.M.A. is played by 2 to 6 players."
    assert (llama_llama["data-max-players"], llama_llama["data-has-starter"]) == ("4", "")
    assert llama_llama["data-limit"] == "Llama Llama is played by 2 to 4 players."


def test_a_first_game_offers_lama_and_asks_who_starts(alice_client):
    body = alice_client.get(URL).text
    assert "checked" in radio(body, "lama")
    assert "L.L.A.M.A. is played by 2 to 6 players." in pagetext.text(body)
    [starter] = pagetext.tags(body, "div", class_="starter-field")
    assert "hidden" not in starter


def test_it_offers_the_game_chosen_last_time(alice_client, make_game):
    make_game(kind="lama")
    make_game(kind="llama_llama")
    body = alice_client.get(URL).text
    assert "checked" in radio(body, "llama_llama")
    assert "checked" not in radio(body, "lama")
    [limit] = pagetext.texts(body, "p", data_players_limit=True)
    assert limit == "Llama Llama is played by 2 to 4 players."
    [starter] = pagetext.tags(body, "div", class_="starter-field")
    assert "hidden" in starter  # Llama Llama has no starter


def test_it_remembers_the_last_game_of_this_account_only(alice_client, make_game, bob):
    make_game(kind="lato")
    make_game(kind="llama_llama", owner=bob)
    assert "checked" in radio(alice_client.get(URL).text, "lato")


def test_a_game_without_a_starter_needs_none(alice_client, alice):
    response = alice_client.post(URL, {"game": "llama_llama", "player_0": "Ana", "player_1": "Ben"})
    assert response.status_code == 302
    game = Game.objects.get(owner=alice)
    assert game.first_starter == 0 and game.state.next_starter is None


def test_a_game_without_a_starter_ignores_one_sent_anyway(alice_client, alice):
    # Without JavaScript the field stays on the page: whatever it says does not matter.
    response = new_game(alice_client, "llama_llama", "Ana", "Ben", starter="5")
    assert response.status_code == 302
    assert Game.objects.get(owner=alice).first_starter == 0


@pytest.mark.parametrize("kind", ["lama", "lato"])
def test_a_game_with_a_starter_asks_for_one(alice_client, kind):
    response = alice_client.post(URL, {"game": kind, "player_0": "Ana", "player_1": "Ben"})
    assert response.status_code == 422
    assertInHTML(
        '<ul class="errors" id="id_starter_errors"><li>This field is required.</li></ul>',
        response.text,
    )
    assert not Game.objects.exists()


def test_llama_llama_refuses_a_fifth_player(alice_client, alice):
    response = new_game(alice_client, "llama_llama", "Ana", "Ben", "Cleo", "Dan", "Eve")
    assert response.status_code == 422
    assert (
        '<ul class="errors" id="id_player_0_errors"><li>Llama Llama is played by 2 to 4 players.'
        "</li></ul>"
    ) in response.text
    assert not Game.objects.exists()


def test_lama_takes_six_players(alice_client, alice):
    response = new_game(alice_client, "lama", "Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")
    assert response.status_code == 302


@pytest.mark.parametrize("game", ["", "chess"])
def test_it_refuses_a_game_it_does_not_know(alice_client, game):
    response = new_game(alice_client, game, "Ana", "Ben")
    assert response.status_code == 422
    assert not Game.objects.exists()


def test_a_rematch_is_the_same_game(alice_client, make_game):
    game = make_game(["Ana", "Ben"], rounds=[[60, 0], [44, 3]], kind="llama_llama")
    alice_client.post(f"/games/{game.pk}/rematch/")
    assert Game.objects.exclude(pk=game.pk).get().kind == "llama_llama"


# ---------------------------------------------------------------------------- which game


KIND_LINES = [
    ("lama", "L.L.A.M.A."),
    ("lato", "L.L.A.M.A., Lato z komarami rule"),
    ("llama_llama", "Llama Llama"),
]


def kind_line(html):
    """The line under the title that says which game, or which rule, the sheet keeps."""
    [line] = pagetext.texts(html, "p", class_="game-kind")
    return line


@pytest.mark.parametrize(("kind", "line"), KIND_LINES)
def test_the_sheet_says_which_game_it_keeps(alice_client, make_game, kind, line):
    game = make_game(rounds=[(10, 20, 30)], kind=kind, first_starter=0)
    assert kind_line(alice_client.get(game.get_absolute_url()).text) == line
    assert kind_line(alice_client.get(f"/games/{game.pk}/rounds/1/edit/").text) == line
    assert kind_line(alice_client.get(f"/games/{game.pk}/undo/").text) == line


@pytest.mark.parametrize(("kind", "line"), KIND_LINES)
def test_the_live_view_says_which_game_it_follows(client, make_game, kind, line):
    link = ShareLink.objects.create(game=make_game(kind=kind))
    assert kind_line(client.get(link.get_absolute_url()).text) == line


def test_the_line_under_the_title_is_in_french_too(alice_client, make_game):
    game = make_game(kind="lato")
    html = alice_client.get(game.get_absolute_url(), headers={"accept-language": "fr"}).text
    assert kind_line(html) == "LAMA, règle Lato z komarami"


def test_the_home_page_says_which_game_each_recent_game_is(alice_client, make_game):
    make_game(kind="lato")
    make_game(kind="llama_llama", rounds=[(10, 20, 30)])
    text = pagetext.text(alice_client.get("/en/").text)
    assert "Ana, Ben and Cleo Llama Llama · round 2" in text
    assert "Ana, Ben and Cleo L.L.A.M.A., Lato z komarami rule · round 1" in text


# ---------------------------------------------------------------------------- L.L.A.M.A.


def test_lama_asks_who_quit_last_when_nobody_emptied_their_hand(alice_client, make_game):
    game = make_game()
    response = post_round(alice_client, game, 3, 4, 5, last_to_quit="")
    assert response.status_code == 422
    body = response.text
    assert pagetext.tags(body, "ul", class_="errors", id="id_last_to_quit_errors")
    assert "Nobody emptied their hand: say who quit last" in body
    assert not Round.objects.exists()


def test_lama_needs_no_last_to_quit_when_a_hand_was_emptied(alice_client, make_game):
    game = make_game()
    response = post_round(alice_client, game, 3, 0, 5, last_to_quit="")
    assert response.status_code == 302
    assert "Ben starts this round." in alice_client.get(game.get_absolute_url()).text


# ---------------------------------------------------------------------------- Lato z komarami


def test_lato_takes_each_llama_at_ten(alice_client, make_game):
    game = make_game(kind="lato")
    assert post_round(alice_client, game, 51, 0, 91).status_code == 302
    assert Game.objects.get(pk=game.pk).state.totals == (51, 0, 91)


def test_lato_refuses_more_than_ninety_one_with_its_own_sum(alice_client, make_game):
    game = make_game(kind="lato")
    response = post_round(alice_client, game, 92, 0, 5)
    assert response.status_code == 422
    assert (
        "92 is too many: a hand costs at most 91 points "
        "(1+2+3+4+5+6, plus 7 mosquitoes at 10 each: 70)." in response.text
    )
    assert not Round.objects.exists()


def test_lato_names_its_mosquitoes_in_polish_too(alice_client, make_game):
    game = make_game(kind="lato")
    alice_client.cookies["django_language"] = "pl"
    response = post_round(alice_client, game, 92, 0, 5)
    assert response.status_code == 422
    assert (
        "92 to za dużo: ręka kosztuje najwyżej 91 punktów karnych "
        "(1+2+3+4+5+6 oraz 7 komarów po 10: 70)." in response.text
    )


def test_lama_still_refuses_thirty_two(alice_client, make_game):
    response = post_round(alice_client, make_game(kind="lama"), 32, 0, 5)
    assert "a hand costs at most 31 points (1+2+3+4+5+6+10)" in response.text


# ---------------------------------------------------------------------------- Llama Llama


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ((-1, 3, 5), "−1 is not possible: a score is 0 or more."),
        ((1000, 3, 5), "1000 is too many: a round scores at most 999."),
        (("", 3, 5), "Enter the points of Ana."),
        (("x", 3, 5), "Enter a whole number."),
    ],
)
def test_llama_llama_refuses_what_is_not_a_score(alice_client, make_game, values, message):
    game = make_game(kind="llama_llama")
    response = post_round(alice_client, game, *values)
    assert response.status_code == 422
    assert message in response.text
    assert pagetext.tags(response.text, id="id_seat_0", aria_describedby="id_seat_0_errors")
    assert not Round.objects.exists()


def test_llama_llama_has_no_emptied_hand_and_no_last_to_quit(alice_client, make_game):
    body = alice_client.get(make_game(kind="llama_llama").get_absolute_url()).text
    assert "Emptied hand" not in body and "who quit last" not in body


def test_llama_llama_takes_zeros_from_everyone(alice_client, make_game):
    game = make_game(kind="llama_llama")
    assert post_round(alice_client, game, 0, 0, 0).status_code == 302


def test_llama_llama_refuses_a_fifth_round(alice_client, make_game):
    game = make_game(kind="llama_llama", rounds=[[10, 20, 30]] * 4)
    response = post_round(alice_client, game, 1, 2, 3, number=5)
    assert response.status_code == 409
    assert Round.objects.filter(game=game).count() == 4


# ---------------------------------------------------------------------------- every refusal


def errors_next_to(body, field):
    """The messages shown next to a field, as read out; [] when there are none."""
    found = pagetext.parts(body, "ul", class_="errors", id=f"id_{field}_errors")
    return [] if not found else pagetext.texts(found[0], "li")


TWO_EMPTIED = "Only one player can empty their hand in a round: 2 players are at 0 or below."
NEGATIVE = (
    "−2 is not possible: below zero, only −1 or −10 (the chip given back by the player who "
    "emptied their hand)."
)

REFUSED_ROUNDS = [
    ("lama", ("", 0, 5), {0: "Enter the points of Ana."}),
    ("lama", ("2.5", 0, 5), {0: "Enter a whole number."}),
    ("lama", (32, 0, 5), {0: "32 is too many: a hand costs at most 31 points (1+2+3+4+5+6+10)."}),
    ("lama", (-2, 0, 5), {0: NEGATIVE}),
    ("lama", (0, -1, 5), {0: TWO_EMPTIED, 1: TWO_EMPTIED}),
    ("lato", ("", 0, 5), {0: "Enter the points of Ana."}),
    ("lato", ("abc", 0, 5), {0: "Enter a whole number."}),
    (
        "lato",
        (92, 0, 5),
        {
            0: "92 is too many: a hand costs at most 91 points "
            "(1+2+3+4+5+6, plus 7 mosquitoes at 10 each: 70)."
        },
    ),
    ("lato", (-2, 0, 5), {0: NEGATIVE}),
    ("lato", (0, -1, 5), {0: TWO_EMPTIED, 1: TWO_EMPTIED}),
    ("llama_llama", ("", 3, 5), {0: "Enter the points of Ana."}),
    ("llama_llama", (3, "2.5", 5), {1: "Enter a whole number."}),
    ("llama_llama", (3, 4, -1), {2: "−1 is not possible: a score is 0 or more."}),
    ("llama_llama", (1000, 4, 5), {0: "1000 is too many: a round scores at most 999."}),
    ("llama_llama", (-10, 4, 5), {0: "−10 is not possible: a score is 0 or more."}),
]


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
@pytest.mark.parametrize(("kind", "values", "messages"), REFUSED_ROUNDS)
def test_each_game_refuses_a_round_by_its_rules_next_to_the_field(
    alice_client, make_game, kind, values, messages, htmx
):
    game = make_game(kind=kind)
    response = post_round(alice_client, game, *values, htmx=htmx)
    assert response.status_code == 422
    for seat in range(3):
        assert errors_next_to(response.text, f"seat_{seat}") == (
            [messages[seat]] if seat in messages else []
        )
    for seat in messages:
        field = {"aria_invalid": "true", "aria_describedby": f"id_seat_{seat}_errors"}
        assert pagetext.tags(response.text, id=f"id_seat_{seat}", **field)
    assert bool(pagetext.tags(response.text, "html")) is not htmx
    assert not Round.objects.exists()


@pytest.mark.parametrize("kind", ["lama", "lato"])
def test_both_rules_of_lama_ask_who_quit_last_next_to_its_field(alice_client, make_game, kind):
    response = post_round(alice_client, make_game(kind=kind), 3, 4, 5, last_to_quit="")
    assert response.status_code == 422
    assert errors_next_to(response.text, "last_to_quit") == [
        "Nobody emptied their hand: say who quit last, who starts the next round."
    ]
    assert not Round.objects.exists()


def test_llama_llama_ignores_a_last_to_quit_it_never_asks(alice_client, make_game):
    game = make_game(kind="llama_llama")
    assert post_round(alice_client, game, 3, 4, 5, last_to_quit="9").status_code == 302
    assert game.rounds.get().last_to_quit is None


@pytest.mark.parametrize(
    ("kind", "rounds"),
    [
        ("lama", [(31, 1, 2), (10, 1, 2)]),
        ("lato", [(41, 1, 2)]),  # a 1 and four llamas: 41 ends it at once
        ("llama_llama", [(60, 1, 2), (44, 1, 2)]),  # Ana reaches 104 before round 4
        ("llama_llama", [(1, 2, 3)] * 4),
    ],
)
def test_each_game_refuses_a_round_once_it_is_over(alice_client, make_game, kind, rounds):
    game = make_game(rounds=rounds, kind=kind)
    response = post_round(alice_client, game, 1, 2, 3)
    assert response.status_code == 409
    assert "The game is over: no round can be added." in response.text
    assert game.rounds.count() == len(rounds)


def edit(client, game, number, *values):
    data = {f"seat_{seat}": value for seat, value in enumerate(values)}
    data |= {"round_number": number, "confirm": "on", "last_to_quit": 0}
    return client.post(f"/games/{game.pk}/rounds/{number}/edit/", data)


@pytest.mark.parametrize(
    ("kind", "values", "field", "message"),
    [
        ("lato", (92, 0, 5), "seat_0", "92 is too many: a hand costs at most 91 points"),
        ("lato", (3, -2, 5), "seat_1", "−2 is not possible: below zero, only −1 or −10"),
        ("llama_llama", (3, -1, 5), "seat_1", "−1 is not possible: a score is 0 or more."),
        ("llama_llama", (3, 4, 1000), "seat_2", "1000 is too many: a round scores at most 999."),
    ],
)
def test_each_game_refuses_an_edit_by_its_rules(
    alice_client, make_game, kind, values, field, message
):
    game = make_game(rounds=[(3, 0, 5)], kind=kind)
    response = edit(alice_client, game, 1, *values)
    assert response.status_code == 422
    assert errors_next_to(response.text, field)[0].startswith(message)
    assert Game.objects.get(pk=game.pk).state.totals == (3, 0, 5)


def test_llama_llama_takes_an_edit_that_ends_the_game_before_later_rounds(alice_client, make_game):
    """The end moves with the correction: round 3 stays typed, beyond the end."""
    game = make_game(rounds=[(30, 0, 5), (3, 4, 7), (1, 2, 3)], kind="llama_llama")
    response = edit(alice_client, game, 2, 70, 4, 7)  # Ana reaches 100 in round 2
    assert response.status_code in (200, 302)
    state = Game.objects.get(pk=game.pk).state
    assert state.finished and len(state.rounds) == 2 and len(state.beyond) == 1


@pytest.mark.parametrize(
    ("kind", "names", "message"),
    [
        ("lama", ["Ana"], "L.L.A.M.A. is played by 2 to 6 players."),
        (
            "lato",
            ["Ana"],
            "L.L.A.M.A., Lato z komarami rule is played by 2 to 6 players.",
        ),
        ("llama_llama", ["Ana"], "Llama Llama is played by 2 to 4 players."),
        (
            "llama_llama",
            ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"],
            "Llama Llama is played by 2 to 4 players.",
        ),
    ],
)
def test_each_game_refuses_a_table_it_is_not_played_by(alice_client, kind, names, message):
    response = new_game(alice_client, kind, *names)
    assert response.status_code == 422
    assert errors_next_to(response.text, "player_0") == [message]
    assert not Game.objects.exists()


def test_the_sheet_says_who_starts_even_when_an_old_round_did_not_note_who_quit_last(
    alice_client, make_game
):
    game = make_game(rounds=[(3, 4, 5)])  # saved before the sheet asked who quit last
    body = alice_client.get(game.get_absolute_url()).text
    assert "The player who quit last in round 1 starts this round." in body
