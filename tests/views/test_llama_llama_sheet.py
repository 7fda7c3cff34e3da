"""A Llama Llama game on the sheet, the live view, the edit and undo pages: the scorepad's
cells, the round of four, the table helpers, and the end banner saying what decided it."""

from html import unescape

import pytest

from games.models import Round, ShareLink
from tests.helpers.pagetext import parts, tags, text, texts
from tests.helpers.sheet import post_round

pytestmark = pytest.mark.django_db

NAMES = ("Ana", "Ben", "Cleo", "Dan")


@pytest.fixture
def llama(make_game):
    def make(rounds=(), names=NAMES):
        return make_game(names, rounds=rounds, kind="llama_llama")

    return make


def page(client, game, language="en"):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    return text(client.get(game.get_absolute_url()).text)


def banner(client, game, language="en"):
    html = client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).text
    return text(parts(html, "div", class_="banner")[0])


# ---------------------------------------------------------------------------- the sheet


def test_each_cell_shows_the_rounds_score_and_the_new_total(alice_client, llama):
    game = llama([(23, 31, 12, 19), (30, 22, 25, 17)])
    shown = page(alice_client, game)
    assert "2 +30 total 53 +22 total 53 +25 total 37 +17 total 36" in shown


def test_it_says_which_round_of_four_and_how_far_the_leader_is_from_100(alice_client, llama):
    shown = page(alice_client, llama([(23, 31, 12, 19)]))
    assert "Round 2 of 4" in shown
    assert "Ben leads with 31 points. 69 more points to reach 100." in shown


def test_before_the_first_round_it_says_how_the_game_ends(alice_client, llama):
    shown = page(alice_client, llama())
    assert "Round 1 of 4" in shown
    assert "The game ends after round 4, or after the round in which someone reaches 100." in shown
    assert "Before this round" not in shown


def test_the_last_round_is_announced_and_one_point_is_singular(alice_client, llama):
    shown = page(alice_client, llama([(20, 0, 0, 0), (20, 0, 0, 0), (59, 0, 0, 0)]))
    assert "Round 4 of 4" in shown
    assert "1 more point to reach 100. This is the last round." in shown


def test_tied_leaders_lead_together(alice_client, llama):
    shown = page(alice_client, llama([(30, 30, 1, 1)]))
    assert "Ana and Ben lead with 30 points." in shown


def test_goals_are_laid_highest_total_first_and_tied_players_shuffle(alice_client, llama):
    game = llama([(23, 31, 12, 19), (30, 22, 25, 17)])
    html = alice_client.get(game.get_absolute_url()).text
    laid = [
        (place, texts(li, "strong")[:1]) for place in "134" for li in parts(html, "li", value=place)
    ]
    assert ("1", ["Ana and Ben"]) in laid and ("3", ["Cleo"]) in laid and ("4", ["Dan"]) in laid
    assert "tied on 53: shuffle your goals together and lay them in random order" in html


def test_with_three_players_the_dummy_goes_beside_the_lowest_total(alice_client, llama):
    shown = page(alice_client, llama([(12, 5, 30)], names=NAMES[:3]))
    assert "The dummy hand moves to the right of Ben, who has the lowest total." in shown
    assert "The dummy hands' goals go on the display cards marked with the dummy icon." in shown


def test_with_three_players_tied_for_lowest_the_table_picks(alice_client, llama):
    shown = page(alice_client, llama([(12, 5, 5)], names=NAMES[:3]))
    assert "The dummy hand moves to the right of Ben or Cleo: they tie for the lowest" in shown


@pytest.mark.parametrize("names", [NAMES[:2], NAMES])
def test_with_two_or_four_players_the_dummy_never_moves(alice_client, llama, names):
    shown = page(alice_client, llama([(12, 5, 30, 2)[: len(names)]], names=names))
    assert "dummy hand moves" not in shown


def test_there_are_no_chips_no_emptied_hand_no_card_picker(alice_client, llama):
    html = alice_client.get(llama([(3, 4, 5, 6)]).get_absolute_url()).text
    for absent in ("chip", "Emptied hand", "picker", "who quit last", "starts this round"):
        assert absent not in html


def test_a_refused_score_keeps_the_goals_and_letters_typed(alice_client, llama):
    game = llama()
    response = post_round(alice_client, game, 5, "2.5", 7, 8, goal_1="A=1", hand_2="AAB")
    assert response.status_code == 422
    assert "Enter a whole number." in response.text
    assert tags(response.text, "input", name="goal_1", value="A=1")
    assert tags(response.text, "input", name="hand_2", value="AAB")
    assert not Round.objects.exists()


# ---------------------------------------------------------------------------- the end banner


def test_the_highest_total_wins_and_says_with_what(alice_client, llama):
    game = llama([(40, 10, 0, 0), (72, 20, 0, 0)])
    assert banner(alice_client, game).startswith("Ana wins with 112!")


def test_a_tie_on_total_goes_to_the_final_round(alice_client, llama):
    game = llama([(50, 70, 0, 0), (24, 10, 0, 0), (30, 24, 0, 0)])
    shown = banner(alice_client, game)
    assert shown.startswith("Ana wins with 104! Ana and Ben both have 104; Ana scored more in")
    # the tie-break's winner first, then the other tied player, then the rest, highest first
    assert "Ana — 104 points Ben — 104 points" in shown


def test_the_tie_break_winner_is_listed_first_even_from_a_later_seat(alice_client, llama):
    game = llama([(70, 50, 5, 1), (34, 54, 9, 2)])
    assert "Ben — 104 points Ana — 104 points Cleo — 14 points Dan — 3 points" in banner(
        alice_client, game
    )


def test_three_tied_on_total_and_one_scored_the_most(alice_client, llama):
    game = llama([(80, 90, 94, 0), (24, 14, 10, 0)])
    assert "Ana, Ben and Cleo all have 104; Ana scored the most in the last round." in banner(
        alice_client, game
    )


def test_tied_on_both_they_share_the_victory(alice_client, llama):
    game = llama([(74, 74, 0, 0), (30, 30, 0, 0)])
    shown = banner(alice_client, game)
    assert shown.startswith(
        "Shared victory: Ana and Ben! Ana and Ben both have 104 and scored 30 points each in the "
        "last round: they share the victory."
    )


def test_a_shared_victory_of_one_point_each_is_singular(alice_client, llama):
    game = llama([(99, 99, 0, 0), (1, 1, 0, 0)])
    assert "scored 1 point each in the last round" in banner(alice_client, game)


def test_three_tied_two_share(alice_client, llama):
    game = llama([(70, 70, 80, 0), (30, 30, 20, 0)])
    assert (
        "Ana, Ben and Cleo all have 100; Ana and Ben scored the most in the last round, "
        "30 points each: they share the victory."
    ) in banner(alice_client, game)


def test_the_banner_in_french(alice_client, llama):
    sole = banner(alice_client, llama([(40, 10, 0, 0), (72, 20, 0, 0)]), "fr")
    tie = banner(alice_client, llama([(50, 70, 0, 0), (24, 10, 0, 0), (30, 24, 0, 0)]), "fr")
    shared = banner(alice_client, llama([(99, 99, 0, 0), (1, 1, 0, 0)]), "fr")
    assert sole.startswith("Ana gagne avec 112\u00a0!")
    assert "Ana et Ben sont à égalité avec 104\u00a0; Ana a marqué plus" in tie
    assert "ont marqué 1 point chacun lors de la dernière manche" in shared


def test_lama_keeps_its_banner(alice_client, make_game):
    html = alice_client.get(make_game(rounds=[[31, 1, 2], [10, 1, 2]]).get_absolute_url()).text
    assert "Ben wins!" in html and "wins with" not in html


# ---------------------------------------------------------------------------- other pages


def test_the_live_view_shows_the_scorepad_and_the_banner(client, llama):
    game = llama([(50, 70, 0, 0), (24, 10, 0, 0), (30, 24, 0, 0)])
    link = ShareLink.objects.create(game=game)
    shown = text(client.get(link.get_absolute_url()).text)
    assert "Ana and Ben both have 104; Ana scored more in the last round." in shown
    assert "3 +30 total 104 +24 total 104" in shown


def test_the_live_view_of_a_game_in_progress(client, llama):
    game = llama([(23, 31, 12, 19)])
    link = ShareLink.objects.create(game=game)
    shown = text(client.get(link.get_absolute_url()).text)
    assert "Round 2 of 4" in shown and "Ben leads with 31 points." in shown
    assert "Hand calculator" not in shown


def test_the_edit_page_shows_the_round_with_its_calculator(alice_client, llama):
    game = llama([(23, 31, 12, 19)])
    html = unescape(alice_client.get(f"/games/{game.pk}/rounds/1/edit/").text)
    assert tags(html, "input", name="seat_1", id="id_seat_1", value="31")
    assert "Hand calculator: this round's goals" in html
    assert tags(html, "input", min="0", max="999")


def test_the_undo_page_lists_the_scores(alice_client, llama):
    shown = text(alice_client.get(f"/games/{llama([(23, 31, 12, 19)]).pk}/undo/").text)
    assert "Ana: 23 Ben: 31 Cleo: 12 Dan: 19" in shown


def test_after_a_tie_break_the_star_goes_to_the_winner_alone(alice_client, llama):
    game = llama([(70, 50, 5, 1), (34, 54, 9, 2)])
    html = alice_client.get(game.get_absolute_url()).text
    head = text(parts(html, "thead")[0])
    assert head == "Round # Ana Ben won the game ★ (won the game) Cleo Dan"
