"""Llama Llama's hand calculator on the sheet: the rules module counts, nothing is saved, and
every goal or hand it cannot read is refused next to its field."""

import json

import pytest

from games.archive import backup
from games.models import Game, Round
from games.rules.llama_llama import hand_score, parse_goal, parse_hand
from tests.helpers.pagetext import tags, text, texts

pytestmark = pytest.mark.django_db

NAMES = ("Ana", "Ben", "Cleo", "Dan")
# The rulebook's example: its four goals in the order they were revealed.
GOALS = ("A=1, ABCDEFG=50", "B=2, AACC=15", "B=2, AACC=15", "D=4, AG=5, CE=5, BF=5")


@pytest.fixture
def game(make_game):
    return make_game(NAMES, kind="llama_llama")


def calculate(client, game, seat, hands=None, goals=GOALS, htmx=False, url=None, **extra):
    """Press "Calculate for <player>" in the round form, with whatever else was typed."""
    data = {"round_number": game.state.next_round, "calculate": seat}
    data |= {f"goal_{n}": goal for n, goal in enumerate(goals, start=1)}
    data |= {f"hand_{s}": letters for s, letters in (hands or {}).items()}
    data |= extra
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url or f"/games/{game.pk}/rounds/calculate/", data, headers=headers)


def score_field(html, seat, value):
    """The score field of the player at `seat`, if it holds `value`."""
    return tags(html, "input", name=f"seat_{seat}", id=f"id_seat_{seat}", value=str(value))


def goal_field(html, number, value):
    return tags(html, "input", name=f"goal_{number}", id=f"id_goal_{number}", value=value)


# ---------------------------------------------------------------------------- it counts


@pytest.mark.parametrize(
    ("letters", "parts", "total"),
    [("ABCDEFG", (51, 2, 2, 19), 74), ("AABBCCD", (2, 19, 19, 4), 44)],
)
def test_it_counts_the_rulebooks_hands_as_the_rules_module_does(
    alice_client, game, letters, parts, total
):
    response = calculate(alice_client, game, 1, {1: letters})
    assert response.status_code == 200
    # The numbers are the rules module's: the rulebook prints 40 for the second hand.
    assert hand_score([parse_goal(g) for g in GOALS], parse_hand(letters)).total == total
    assert score_field(response.text, 1, total)
    shown = text(response.text)
    labels = ("1st", "2nd", "3rd", "4th")
    breakdown = " + ".join(f"{n} {p}" for n, p in zip(labels, parts, strict=True))
    assert f"Ben's hand: {breakdown} = in all {total}" in shown


def test_a_letter_serves_every_rule_it_is_part_of_and_repeats_count(alice_client, game):
    response = calculate(
        alice_client, game, 0, {0: "a a c c a"}, goals=("A=1", "AACC=15", "AC=3", "B=2")
    )
    assert score_field(response.text, 0, 3 + 15 + 6 + 0)


def test_it_saves_nothing_and_changes_no_version(alice_client, game):
    version = game.version
    calculate(alice_client, game, 0, {0: "ABCDEFG"}, seat_1="12")
    assert not Round.objects.exists()
    assert Game.objects.get(pk=game.pk).version == version


def test_without_javascript_the_sheet_comes_back_filled_with_everything_typed(alice_client, game):
    response = calculate(alice_client, game, 0, {0: "abcdefg", 2: "CCE"}, seat_1="12", seat_3="7")
    body = response.text
    assert response.status_code == 200
    assert tags(body, "html")
    assert score_field(body, 0, 74)
    assert score_field(body, 1, 12) and score_field(body, 3, 7)
    assert tags(body, "input", name="hand_0", value="abcdefg")
    assert tags(body, "input", name="hand_2", value="CCE")
    for number, goal in enumerate(GOALS, start=1):
        assert goal_field(body, number, goal)


def test_with_htmx_it_answers_the_sheet_partial(alice_client, game):
    response = calculate(alice_client, game, 2, {2: "ABCDEFG"}, htmx=True)
    assert response.status_code == 200
    assert not tags(response.text, "html")
    assert tags(response.text, id="sheet")
    assert score_field(response.text, 2, 74)
    # htmx gives the focus back to the button by its id
    assert tags(response.text, "button", id="calc_2")


def test_each_player_has_a_calculate_button_with_their_name(alice_client, game):
    body = alice_client.get(game.get_absolute_url()).text
    for seat, name in enumerate(NAMES):
        action = f"/games/{game.pk}/rounds/calculate/"
        button = {"name": "calculate", "value": str(seat), "formaction": action}
        button["id"] = f"calc_{seat}"
        assert texts(body, "button", **button) == [f"Calculate for {name}"]
        # the name is for screen readers: the button shows "Calculate"
        assert f"for {name}" in texts(body, "span", class_="sr-only")
        label = texts(body, "label", for_=f"id_hand_{seat}", class_="sr-only")
        assert label == [f"Letters in {name}'s hand"]
    typed_as_is = tags(body, "input", autocapitalize="characters", autocorrect="off")
    assert len(typed_as_is) == len(NAMES) + 4


def test_the_goals_stay_after_a_refused_save_and_go_once_the_round_is_saved(alice_client, game):
    goals = {f"goal_{n}": goal for n, goal in enumerate(GOALS, start=1)}
    data = {"round_number": 1, **goals, "hand_0": "ABC", "seat_0": "74"}
    refused = alice_client.post(f"/games/{game.pk}/rounds/", data)
    assert refused.status_code == 422
    assert goal_field(refused.text, 1, "A=1, ABCDEFG=50")
    assert tags(refused.text, "input", name="hand_0", value="ABC")
    assert "Type this goal" not in refused.text  # the calculator is not checked by a save

    saved = data | {"seat_1": "44", "seat_2": "0", "seat_3": "9"}
    assert alice_client.post(f"/games/{game.pk}/rounds/", saved).status_code == 302
    sheet = alice_client.get(game.get_absolute_url()).text
    assert goal_field(sheet, 1, "")
    assert not tags(sheet, value="A=1, ABCDEFG=50") and not tags(sheet, value="ABC")
    assert "ABC" not in json.dumps(backup.game_json(Game.objects.get()))


def test_it_counts_on_the_edit_page_too_without_changing_the_round(alice_client, make_game):
    game = make_game(NAMES, rounds=[(10, 20, 30, 40)], kind="llama_llama")
    url = f"/games/{game.pk}/rounds/1/calculate/"
    response = calculate(alice_client, game, 3, {3: "AABBCCD"}, url=url, round_number=1)
    assert response.status_code == 200
    assert "Edit round 1" in response.text
    assert score_field(response.text, 3, 44)
    assert Game.objects.get(pk=game.pk).state.rounds[0].entries == (10, 20, 30, 40)


def test_another_game_has_no_calculator_and_a_calculate_key_changes_nothing(
    alice_client, make_game
):
    game = make_game(kind="lama")
    body = alice_client.get(game.get_absolute_url()).text
    assert not tags(body, name="calculate") and not tags(body, name="goal_1")
    data = {"round_number": 1, "calculate": "0", "seat_0": "3", "seat_1": "0", "seat_2": "5"}
    assert alice_client.post(f"/games/{game.pk}/rounds/calculate/", data).status_code == 422
    assert not game.rounds.exists()  # the calculator's own URL never saves
    assert alice_client.post(f"/games/{game.pk}/rounds/", data).status_code == 302
    assert game.rounds.count() == 1


def test_on_a_finished_game_it_counts_nothing_and_saves_nothing(alice_client, make_game):
    game = make_game(NAMES, rounds=[(100, 0, 0, 0)], kind="llama_llama")
    response = calculate(alice_client, game, 0, {0: "ABC"})
    assert response.status_code == 200
    assert "Ana wins with 100!" in text(response.text)
    assert not tags(response.text, name="calculate")
    assert Round.objects.filter(game=game).count() == 1


# ---------------------------------------------------------------------------- its refusals


LONG = ", ".join(["A=1"] * 41)


@pytest.mark.parametrize(
    ("goals", "hands", "field", "message"),
    [
        (("", *GOALS[1:]), {0: "ABC"}, "goal_1",
         "Type this goal's rules as printed, for example A=1, ABCDEFG=50."),
        ((*GOALS[:3], "   "), {0: "ABC"}, "goal_4",
         "Type this goal's rules as printed, for example A=1, ABCDEFG=50."),
        ((GOALS[0], "B=2, AACC", *GOALS[2:]), {0: "ABC"}, "goal_2",
         "“AACC” is not a rule: letters, = and the points, for example AACC=15."),
        ((GOALS[0], GOALS[1], "A=1000", GOALS[3]), {0: "ABC"}, "goal_3",
         "“A=1000” is not a rule"),
        ((LONG, *GOALS[1:]), {0: "ABC"}, "goal_1",
         "Ensure this value has at most 200 characters (it has 203)."),
        (GOALS, {0: ""}, "hand_0", "Type the letters in Ana's hand."),
        (GOALS, {}, "hand_0", "Type the letters in Ana's hand."),
        (GOALS, {0: "AB1?"}, "hand_0", "Only the letters of the cards: 1 ? is not one."),
        (GOALS, {0: "É"}, "hand_0", "Only the letters of the cards: É is not one."),
        (GOALS, {0: "A" * 33}, "hand_0", "33 letters: a hand holds at most 32."),
    ],
)  # fmt: skip
def test_it_refuses_what_it_cannot_read_next_to_the_field(
    alice_client, game, goals, hands, field, message
):
    response = calculate(alice_client, game, 0, hands, goals=goals, seat_1="12")
    body = response.text
    assert response.status_code == 422
    described = f"id_{field}_errors"
    assert tags(body, "input", name=field, aria_invalid="true", aria_describedby=described)
    [errors] = texts(body, "ul", class_="errors", id=f"id_{field}_errors")
    assert message in errors
    assert score_field(body, 0, "")  # nothing typed for the player
    assert score_field(body, 1, 12)  # and what was typed is still there
    assert not Round.objects.exists()


def test_it_refuses_with_htmx_too(alice_client, game):
    response = calculate(alice_client, game, 0, {0: "A1"}, htmx=True)
    assert response.status_code == 422
    assert not tags(response.text, "html")
    assert "Only the letters of the cards: 1 is not one." in response.text


@pytest.mark.parametrize("seat", ["4", "-1", "x", ""])
def test_it_refuses_a_player_who_is_not_at_the_table(alice_client, game, seat):
    response = calculate(alice_client, game, seat, {0: "ABC"})
    assert response.status_code == 422
    assert not Round.objects.exists()


def test_it_words_its_refusals_in_french(alice_client, game):
    alice_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    response = calculate(alice_client, game, 0, {0: "A" * 33})
    assert "33 lettres\u00a0: une main en compte 32 au plus." in response.text


def test_every_players_breakdown_stays_on_screen_not_only_the_last(alice_client, game):
    response = calculate(alice_client, game, 1, {0: "ABCDEFG", 1: "AABBCCD", 2: "X!"})
    shown = text(response.text)
    assert "Ana's hand: 1st 51 + 2nd 2 + 3rd 2 + 4th 19 = in all 74" in shown
    assert "Ben's hand: 1st 2 + 2nd 19 + 3rd 19 + 4th 4 = in all 44" in shown
    assert "Cleo's hand:" not in shown  # letters it cannot read: no breakdown, no message
    assert not tags(response.text, id="id_hand_2_errors")


# Goals typed in earlier rounds and games come back as one-tap choices.


def offered(html):
    return [button["value"] for button in tags(html, "button", name="goal_choice")]


def test_goals_counted_with_are_offered_in_the_next_games(alice_client, game, make_game):
    calculate(alice_client, game, 0, {0: "ABCDEFG"})
    other = make_game(("Eve", "Fay"), kind="llama_llama")
    html = alice_client.get(other.get_absolute_url()).text
    assert offered(html) == ["A=1, ABCDEFG=50", "B=2, AACC=15", "D=4, AG=5, CE=5, BF=5"]
    goal = texts(html, "button", name="goal_choice", value="A=1, ABCDEFG=50")
    assert goal == ["Type the goal A=1, ABCDEFG=50"]


def test_a_goal_offered_is_typed_in_the_first_empty_goal_without_javascript(alice_client, game):
    calculate(alice_client, game, 0, {0: "ABCDEFG"})
    data = {"round_number": 1, "goal_1": "C=3", "goal_choice": "B=2, AACC=15", "seat_0": "7"}
    response = alice_client.post(f"/games/{game.pk}/rounds/goal/", data)
    assert response.status_code == 200
    assert goal_field(response.text, 1, "C=3")
    assert goal_field(response.text, 2, "B=2, AACC=15")
    assert score_field(response.text, 0, 7)
    assert "B=2, AACC=15" not in offered(response.text)  # typed already
    assert not Round.objects.exists()


def test_a_goal_offered_on_the_edit_page_changes_no_round(alice_client, make_game):
    game = make_game(NAMES, kind="llama_llama", rounds=[(1, 2, 3, 4)])
    data = {"round_number": 1, "goal_choice": "A=1", "seat_0": "9", "seat_1": "2"}
    data |= {"seat_2": "3", "seat_3": "4"}
    response = alice_client.post(f"/games/{game.pk}/rounds/1/goal/", data)
    assert response.status_code == 200
    assert goal_field(response.text, 1, "A=1")
    assert Game.objects.get(pk=game.pk).state.totals == (1, 2, 3, 4)


# ------------------------------------------------------------------ what it types back

HUGE = 2_400_000  # just under what Django reads of a form (DATA_UPLOAD_MAX_MEMORY_SIZE)


@pytest.mark.parametrize("field", ["hand_0", "goal_1", "seat_1", "round_number"])
def test_a_huge_field_is_typed_back_cut_short(alice_client, game, field):
    response = calculate(alice_client, game, 0, {0: "ABC"}, **{field: "7" * HUGE})
    assert response.status_code in (200, 422)
    assert len(response.content) < 50_000
    assert "7" * 200 in response.text
    assert "7" * 201 not in response.text


def test_a_huge_hand_is_refused_with_its_real_length(alice_client, game):
    response = calculate(alice_client, game, 0, {0: "A" * HUGE})
    assert response.status_code == 422
    assert f"Ensure this value has at most 200 characters (it has {HUGE})." in response.text
    assert len(response.content) < 50_000


@pytest.mark.parametrize("kind", ["llama_llama", "lama"])
def test_a_refused_round_types_back_at_most_200_characters_a_field(alice_client, make_game, kind):
    game = make_game(NAMES, kind=kind)
    data = {"round_number": 1, "seat_0": "9" * HUGE}
    response = alice_client.post(f"/games/{game.pk}/rounds/", data)
    assert response.status_code == 422
    assert len(response.content) < 50_000
    assert score_field(response.text, 0, "9" * 200)


def test_a_huge_last_to_quit_is_refused_without_being_quoted(alice_client, make_game):
    game = make_game(NAMES, kind="lama")
    data = {"round_number": 1, "last_to_quit": "5" * HUGE} | {f"seat_{s}": 3 for s in range(4)}
    response = alice_client.post(f"/games/{game.pk}/rounds/", data)
    assert response.status_code == 422
    assert "Choose a player at this table." in response.text
    assert len(response.content) < 50_000


def test_a_player_who_is_not_at_the_table_is_not_quoted(alice_client, game):
    response = calculate(alice_client, game, "8" * HUGE, {0: "ABC"})
    assert response.status_code == 422
    assert "Choose a player at this table." in response.text
    assert len(response.content) < 50_000


def test_a_player_who_is_not_at_the_table_is_refused_in_french(alice_client, game):
    alice_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    response = calculate(alice_client, game, "9", {0: "ABC"})
    assert "Choisissez un joueur de cette table." in response.text
