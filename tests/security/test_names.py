"""Player names: nothing invisible, nothing that steers the text, no two look-alikes at a table.

One rule (common/names.py) serves the new-game form, the import of a backup and the admin's
player form; each is tested here through its own door.
"""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.models import Game, Player

# Each would be a 500 on PostgreSQL (NUL), or shows as one name while being another.
INVISIBLE = {
    "NUL": "Ana\x00",
    "NUL inside": "A\x00na",
    "bell": "Ana\x07",
    "escape": "\x1b[31mAna",
    "zero-width space": "\u200bAna",
    "zero-width joiner alone": "An\u200da",
    "zero-width non-joiner": "An\u200ca",
    "word joiner": "Ana\u2060",
    "byte-order mark": "\ufeffAna",
    "soft hyphen": "An\u00ada",
    "right-to-left override": "\u202eanA",
    "left-to-right embedding": "\u202aAna",
    "first-strong isolate": "Ana\u2068",
    "right-to-left mark": "Ana\u200f",
    "private use": "Ana\ue000",
    "Hangul filler": "Ana\u3164",
}
# Two names at one table that read the same: Latin and Cyrillic or Greek letters, fullwidth.
LOOK_ALIKES = {
    "Cyrillic А": ("Alice", "\u0410lice"),
    "Cyrillic а": ("Anna", "Ann\u0430"),
    "Cyrillic і": ("Ivan", "\u0456van"),
    "Greek ο": ("Leo", "Le\u03bf"),
    "fullwidth": ("Ana", "\uff21na"),
    "a digit for a letter": ("Paul", "Pau1"),
    "Turkish İ": ("irem", "İrem"),
}
# Different names, to be told apart: the rule must not refuse real tables.
DIFFERENT = [("Ali", "All"), ("Zoé", "Zoe"), ("Léo", "Leo"), ("Ana", "Anna"), ("Yan", "Ian"),
             ("Tom", "Torn"), ("Ida", "Ila")]  # fmt: skip
KEPT_AS_TYPED = ["🦙 Max", "👩\u200d🚀 Zoé", "❤\ufe0f Léa", "Jean-Éric", "Ömer", "Ольга",
                 "Ζωή", "سارا", "明美", "O'Neil"]  # fmt: skip


def new_game(client, *names):
    data = {f"player_{seat}": name for seat, name in enumerate(names)} | {
        "starter": 0,
        "game": "lama",
    }
    return client.post("/games/new/", data)


def upload(client, games):
    """The import's outcome: the page of its job (the task has run: tests/conftest.py)."""
    content = json.dumps(games).encode()
    file = SimpleUploadedFile("backup.json", content, content_type="application/json")
    response = client.post("/history/import/", {"backup": file})
    assert response.status_code == 302
    return client.get(response["Location"])


def a_game(*names):
    return {"players": list(names), "rounds": [{"entries": dict.fromkeys(names, 3)}]}


@pytest.mark.parametrize("name", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_the_new_game_form_refuses_invisible_characters(alice_client, name):
    response = new_game(alice_client, "Ben", name)

    assert response.status_code == 422
    errors = response.context["form"].errors["player_1"]
    assert errors == ["This name holds an invisible or control character: type it again."]
    assert not Game.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES.values(), ids=LOOK_ALIKES.keys())
def test_the_new_game_form_refuses_look_alike_names(alice_client, first, second):
    response = new_game(alice_client, first, "Ben", second)

    assert response.status_code == 422
    assert response.context["form"].errors["player_2"] == [
        f"{second} looks just like {first}: give them names that tell them apart."
    ]
    assert not Game.objects.exists()


@pytest.mark.parametrize(("first", "second"), DIFFERENT)
def test_the_new_game_form_keeps_different_names_apart(alice_client, alice, first, second):
    assert new_game(alice_client, first, second).status_code == 302
    assert alice.games.get().names == [first, second]


@pytest.mark.parametrize("name", KEPT_AS_TYPED)
def test_names_in_any_script_and_emoji_are_stored_as_typed(alice_client, alice, name):
    assert new_game(alice_client, name, "Ben").status_code == 302
    assert alice.games.get().names == [name, "Ben"]


def test_a_name_typed_decomposed_is_stored_composed(alice_client, alice):
    new_game(alice_client, "Zoe\u0301", "Ben")
    assert alice.games.get().names == ["Zoé", "Ben"]


@pytest.mark.parametrize("name", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_the_import_refuses_invisible_characters_naming_the_game(alice_client, name):
    response = upload(alice_client, [a_game("Ben", "Cleo"), a_game("Ben", name)])

    text = response.content.decode()
    assert "Nothing was imported" in text
    assert "Game 2: the player name “" in text
    assert "” holds an invisible or control character." in text
    assert not Game.objects.exists() and not Player.objects.exists()


def test_the_import_shows_where_the_invisible_character_was(alice_client):
    response = upload(alice_client, [a_game("Ben", "An\x00a")])

    assert (
        "Game 1: the player name “An\ufffda” holds an invisible or control character."
        in response.content.decode()
    )


@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES.values(), ids=LOOK_ALIKES.keys())
def test_the_import_refuses_look_alike_names(alice_client, first, second):
    response = upload(alice_client, [a_game(first, second)])

    assert "Nothing was imported" in response.content.decode()
    assert (
        f"Game 1: {second} looks just like {first}: give them names that tell them apart."
        in response.content.decode()
    )
    assert not Game.objects.exists()


def test_the_import_keeps_names_as_typed(alice_client, alice):
    assert "1 game imported." in upload(alice_client, [a_game(*KEPT_AS_TYPED[:6])]).text
    assert alice.games.get().names == KEPT_AS_TYPED[:6]


@pytest.mark.parametrize("name", ["Ana\x00", "\u202eneB", "B\u200ben"])
def test_the_admin_refuses_invisible_characters(admin_client, make_game, name):
    make_game()
    ben = Player.objects.get(name="Ben")

    response = admin_client.post(f"/admin/games/player/{ben.pk}/change/", {"name": name})

    assert response.status_code == 200
    errors = response.context["adminform"].form.errors["name"]
    assert errors == ["This name holds an invisible or control character: type it again."]
    assert Player.objects.get(pk=ben.pk).name == "Ben"


def test_the_admin_refuses_a_name_that_looks_like_another_at_one_of_its_tables(
    admin_client, make_game
):
    make_game(names=("Alice", "Ben", "Cleo"))
    make_game(names=("Ben", "Dan"))
    ben = Player.objects.get(name="Ben")
    url = f"/admin/games/player/{ben.pk}/change/"

    refused = admin_client.post(url, {"name": "\u0410lice"})
    accepted = admin_client.post(url, {"name": "Dán"})

    assert refused.context["adminform"].form.errors["name"] == [
        "\u0410lice looks just like Alice, at the same table: give them names that tell them apart."
    ]
    assert accepted.status_code == 302
    assert Player.objects.get(pk=ben.pk).name == "Dán"
