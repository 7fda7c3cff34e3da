"""Undone means undone: a save sent again (an outbox's retry, Back then Save) after the round
it saved was undone is answered "saved, then undone", and never saved again."""

import uuid

from games.models import UndoneKey
from games.rules import Round
from games.services import saves
from games.services.rounds import undo_last_round

HTMX = {"HX-Request": "true"}


def round_post(number, key, *entries):
    data = {"round_number": number, "idempotency_key": key, "last_to_quit": ""}
    return data | {f"seat_{seat}": value for seat, value in enumerate(entries)}


def numbers(game):
    return [list(r.entries.values_list("value", flat=True)) for r in game.rounds.all()]


def test_a_save_sent_again_after_its_round_was_undone_is_not_saved_again(alice_client, make_game):
    game = make_game(rounds=[(3, 0, 5)])
    sent = round_post(2, uuid.uuid4(), 4, 0, 2)
    assert alice_client.post(f"/games/{game.pk}/rounds/", sent).status_code == 302
    assert alice_client.post(f"/games/{game.pk}/undo/", {"round_number": 2}).status_code == 302

    again = alice_client.post(f"/games/{game.pk}/rounds/", sent, headers=HTMX)

    assert again.status_code == 409
    assert "Round 2 was saved with these numbers (Ana 4, Ben 0, Cleo 2), then undone" in again.text
    assert numbers(game) == [[3, 0, 5]]
    assert UndoneKey.objects.get().number == 2


def test_a_save_whose_round_is_saved_and_undone_while_it_is_sent_is_not_saved_again(
    alice_client, make_game, monkeypatch
):
    """The view read the game before the first sending saved the round: the service finds
    the key undone when it saves."""
    game = make_game(rounds=[(3, 0, 5)])
    key = uuid.uuid4()
    real = saves.add_round  # what save_round calls

    def first_sending_saved_then_undone(*args, **kwargs):
        real(type(game).objects.get(pk=game.pk), Round((4, 0, 2)), 2, key)
        undo_last_round(type(game).objects.get(pk=game.pk), 2)
        return real(*args, **kwargs)

    monkeypatch.setattr(saves, "add_round", first_sending_saved_then_undone)

    again = alice_client.post(f"/games/{game.pk}/rounds/", round_post(2, key, 4, 0, 2))

    assert again.status_code == 409 and "then undone" in again.text
    assert numbers(game) == [[3, 0, 5]]


def test_a_round_undone_without_a_key_leaves_none(make_game):
    game = make_game(rounds=[(3, 0, 5), (4, 0, 2)])  # saved with no key, as the admin does

    undo_last_round(game, 2)

    assert not UndoneKey.objects.exists()
