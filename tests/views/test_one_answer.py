"""Every write of a sheet (a round added, corrected, undone; by the owner or a scorer link) is
answered by one function from its outcome (games/answers.py): a refusal has one shape, status
and message where the write was posted, whichever the write; so does a page read before
another phone changed the game."""

import re
import uuid

import pytest
from django.test import Client

from games.models import ScorerLink
from games.services.saves import CHANGED, REFUSED, Outcome
from tests.helpers.pagetext import parts, tags, texts

pytestmark = pytest.mark.django_db


@pytest.fixture(params=["owner", "scorer"])
def door(request, alice_client, make_game):
    """(client, the sheet's URL prefix, game): the owner's, or a scorer link's."""
    game = make_game(rounds=[(3, 0, 5), (12, 4, 0)])
    if request.param == "owner":
        return alice_client, f"/games/{game.pk}", game
    link = ScorerLink.objects.create(game=game, number=1)
    return Client(), f"/s/{link.token}", game


def said_where_posted(response, marker):
    """The messages of the form posted (the one whose markup holds `marker`), as a person meets
    them there: an alert in the form, or the errors its refused fields name (aria-describedby)."""
    form = next(f for f in parts(response.text, "form") if marker in f)
    said = texts(form, role="alert")
    for field in tags(form, aria_invalid="true"):
        said += texts(form, id=field["aria-describedby"])
    return [words for words in said if words]


def shape(response, marker):
    """What a refusal looks like: its status, and whether it says why beside what was posted."""
    return response.status_code, bool(said_where_posted(response, marker))


def refused_add(client, prefix):
    data = {"round_number": 3, "idempotency_key": uuid.uuid4(), "last_to_quit": "0"}
    data |= {"seat_0": 99, "seat_1": 3, "seat_2": 0}  # 99: more than a hand can hold
    return client.post(f"{prefix}/rounds/", data), f'action="{prefix}/rounds/"'


def refused_undo(client, prefix):
    # a confirmation that does not say which round (an old or tampered page)
    return client.post(f"{prefix}/undo/", {"round_number": "two"}), "Yes, undo round"


def refused_edit(client, prefix):
    data = {"round_number": 1, "seat_0": 99, "seat_1": 0, "seat_2": 5, "last_to_quit": "0"}
    return client.post(f"{prefix}/rounds/1/edit/", data), f'action="{prefix}/rounds/1/edit/"'


@pytest.mark.parametrize("write", [refused_add, refused_edit, refused_undo])
def test_a_refusal_has_one_shape_whichever_the_write(door, write):
    client, prefix, game = door

    response, marker = write(client, prefix)

    assert shape(response, marker) == (422, True), response.text
    assert game.rounds.count() == 2  # nothing saved, nothing undone


def test_a_refused_undo_says_why_beside_its_button_and_is_ready_again(door):
    client, prefix, game = door

    response, _ = refused_undo(client, prefix)

    form = next(f for f in parts(response.text, "form") if "Yes, undo round" in f)
    assert texts(form, role="alert") == [
        "Nothing was undone: the page did not say which round to undo. Confirm again."
    ]
    assert tags(form, "input", name="round_number")[0]["value"] == "2"  # the last round now
    again = {tag["name"]: tag["value"] for tag in tags(form, "input", type="hidden")}
    assert client.post(f"{prefix}/undo/", again).status_code == 302
    assert game.rounds.count() == 1


def test_a_page_read_before_another_phone_moved_has_one_shape_whichever_the_write(door):
    """Round 2 undone on another phone: an add typed as round 3 and an undo of round 2 are both
    answered 409 with the sheet as it is, and a notice of why nothing changed."""
    client, prefix, game = door
    page = client.get(f"{prefix}/undo/").text
    confirm = {tag["name"]: tag["value"] for tag in tags(page, "input", type="hidden")}
    assert client.post(f"{prefix}/undo/", confirm).status_code == 302  # the other phone

    undo = client.post(f"{prefix}/undo/", confirm)
    add, _ = refused_add(client, prefix)

    for response in (undo, add):
        assert response.status_code == 409
        assert texts(response.text, "p", class_="notice", role="alert")
    assert game.rounds.count() == 1


def test_the_outcome_alone_decides_the_answer(door, monkeypatch):
    """The views hand the service's outcome to games/answers.py and nothing else: an undo the
    service answers REFUSED is refused as a refused add is, and one it answers CHANGED is a
    409, whatever the view was posted."""
    client, prefix, game = door
    page = client.get(f"{prefix}/undo/").text
    confirm = {tag["name"]: tag["value"] for tag in tags(page, "input", type="hidden")}

    def refusing(game, number, *args, **kwargs):
        return Outcome(REFUSED, number, game)

    monkeypatch.setattr("games.views.corrections.undo_round", refusing)
    refused = client.post(f"{prefix}/undo/", confirm)
    monkeypatch.setattr(
        "games.views.corrections.undo_round", lambda game, number, *a, **k: Outcome(CHANGED, 2)
    )
    changed = client.post(f"{prefix}/undo/", confirm)

    assert refused.status_code == 422
    assert re.search(r"Undo round 2\?", refused.text)
    assert changed.status_code == 409
    assert game.rounds.count() == 2
