"""Every column of a sheet adds up: the numbers shown in a player's column sum to the total
shown under it, whatever was typed (a return for a player with no chip counts, and shows, 0)."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games import rules
from games.display import _rows
from games.models import Round
from tests.helpers.pagetext import parts, tags
from tests.helpers.sheet import post_round

pytestmark = pytest.mark.django_db

RULESETS = [rules.for_kind(kind) for kind in ("lama", "lato", "llama_llama", "party")]


@st.composite
def typed_game(draw, ruleset):
    """(players, rounds) as a scorer could type them: any entry the game's field allows,
    taken only where the rules accept the round (the sheet shows no other)."""
    players = draw(st.integers(ruleset.min_players, ruleset.max_players))
    returns = (0, *ruleset.returns) if ruleset.has_emptied_hand else (0,)
    entry = st.sampled_from(returns) | st.integers(0, min(ruleset.max_entry, 40))
    rounds, totals = [], (0,) * players
    for _number in range(draw(st.integers(1, 6))):
        typed = tuple(draw(entry) for _seat in range(players))
        if ruleset.validate_round(totals, typed, len(rounds)):
            break
        rounds.append(rules.Round(typed, last_to_quit=0))
        totals = ruleset.apply_round(totals, typed, len(rounds) - 1)
    return players, rounds


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda ruleset: ruleset.kind)
@settings(deadline=None)
@given(data=st.data())
def test_the_entries_shown_in_each_column_sum_to_its_total(ruleset, data):
    players, rounds = data.draw(typed_game(ruleset))
    assume(rounds)
    state = ruleset.fold(players, rounds, first_starter=0)
    shown = _rows(state, edit_url=str)
    for seat in range(players):
        assert sum(row["cells"][seat]["entry"] for row in shown) == state.totals[seat]


@pytest.mark.parametrize("kind", ["lama", "lato", "party"])
@pytest.mark.parametrize("typed", [-1, -10])
def test_a_return_typed_for_a_player_with_no_chip_is_saved_as_typed_and_shown_as_zero(
    alice_client, make_game, kind, typed
):
    game = make_game(kind=kind)
    response = post_round(alice_client, game, typed, 4, 6)
    assert response.status_code == 302
    entries = Round.objects.get(game=game).entries.order_by("seat__position")
    assert [e.value for e in entries] == [typed, 4, 6]
    html = alice_client.get(game.get_absolute_url()).text
    assert "−1" not in html and "−10" not in parts(html, "tbody")[0]


def test_the_form_says_who_has_no_chip_to_give_back(alice_client, make_game):
    game = make_game(rounds=[[5, 0, 3]])
    html = alice_client.get(game.get_absolute_url()).text
    assert "No chip to give back for Ben: an emptied hand counts 0." in html
    assert len(tags(html, aria_describedby="no-chip")) == 1


def test_at_the_start_nobody_has_a_chip_to_give_back(alice_client, make_game):
    html = alice_client.get(make_game(kind="lato").get_absolute_url()).text
    assert "No chip to give back yet: an emptied hand counts 0." in html


@pytest.mark.parametrize("kind", ["lama", "lato", "party"])
def test_a_black_chip_is_refused_to_a_player_holding_only_white_ones(alice_client, make_game, kind):
    game = make_game(kind=kind, rounds=[[3, 7, 5]])
    response = post_round(alice_client, game, 4, -10, 5)
    assert response.status_code == 422
    assert (
        "Ben has only 7 points and cannot give back a black chip: the return there is −1."
        in response.text
    )
