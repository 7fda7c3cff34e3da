"""The sheet's minus sign (U+2212) in every message that names the numbers typed, as the sheet
writes them: a refusal never writes "-10" where the table shows "−10"."""

import uuid

import pytest

from games.models import ScorerLink

pytestmark = pytest.mark.django_db


def old_round(*entries):
    """Round 1 typed on a page from before round 1 was saved (another phone saved it first)."""
    data = {"round_number": 1, "idempotency_key": uuid.uuid4(), "last_to_quit": ""}
    return data | {f"seat_{seat}": value for seat, value in enumerate(entries)}


def test_a_refusal_names_the_numbers_typed_with_the_sheets_minus_sign(alice_client, make_game):
    game = make_game(rounds=[(3, 12, 0)])

    refused = alice_client.post(f"/games/{game.pk}/rounds/", old_round(4, -10, 7))

    assert refused.status_code == 409
    assert "Your numbers (Ana 4, Ben \u221210, Cleo 7)" in refused.text
    assert "Ben -10" not in refused.text


def test_the_page_of_a_stopped_link_lists_the_numbers_with_it(client, make_game):
    game = make_game(rounds=[(3, 12, 0)])
    link = ScorerLink.objects.create(game=game, number=1)
    link.game.scorer_links.update(revoked_at=game.created_at)

    gone = client.post(f"/s/{link.token}/rounds/", old_round(4, -10, 7))

    assert gone.status_code == 404
    assert "Ben: \u221210" in gone.text
