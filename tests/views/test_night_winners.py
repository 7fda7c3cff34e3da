"""The winner of the night (games/reports/table.py, night_standings): the most wins of that
game tonight, equal wins sharing the title. Each evening below is one the old rule (ties on
wins broken by the sum of final totals) decided otherwise."""

import pytest

from games.models import Night

pytestmark = pytest.mark.django_db

# L.L.A.M.A., lowest total best: Ben won his only game with 3; Cleo won one of two, Ana one
# of three. The sum gave Ben the night alone (3 against 61 and 105).
LAMA_EVENING = [
    (("Ana", "Ben"), [(31, 0), (20, 3)]),  # Ben 3
    (("Ana", "Cleo"), [(0, 31), (3, 20)]),  # Ana 3
    (("Cleo", "Ana"), [(0, 31), (10, 20)]),  # Cleo 10
]
# Llama Llama, highest total best, four rounds: the sum gave Ana, who played most, the night.
LLAMA_EVENING = [
    (("Ana", "Ben"), [(20, 25)] * 4),  # Ben 100
    (("Ana", "Cleo"), [(25, 5)] * 4),  # Ana 100
    (("Ana", "Cleo"), [(22, 23)] * 4),  # Cleo 92
]


@pytest.fixture
def evening(make_game):
    def play(kind, games):
        for names, rounds in games:
            make_game(names=names, rounds=rounds, kind=kind)
        return Night.objects.get()

    return play


@pytest.mark.parametrize(
    ("kind", "games"), [("lama", LAMA_EVENING), ("llama_llama", LLAMA_EVENING)]
)
def test_one_win_each_shares_the_night_whatever_the_games_played(
    alice_client, evening, kind, games
):
    night = evening(kind, games)
    rows = alice_client.get(f"/nights/{night.pk}.json").json()["standings"][kind]
    assert {(row["name"], row["place"]) for row in rows} == {("Ana", 1), ("Ben", 1), ("Cleo", 1)}
    page = alice_client.get(f"/nights/{night.pk}/").content.decode()
    assert "Winners of the night, tied: Ana, Ben and Cleo" in page


def test_more_wins_take_the_night_alone(alice_client, evening):
    night = evening("lama", [*LAMA_EVENING, (("Ben", "Cleo"), [(0, 31), (3, 20)])])
    page = alice_client.get(f"/nights/{night.pk}/").content.decode()
    assert "Winner of the night: Ben" in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "In each game, the night goes to whoever won it most often that evening;"),
        ("fr", "la soirée revient à qui l’a gagné le plus souvent ce soir-là\u00a0;"),
    ],
)
def test_the_night_page_says_the_rule(alice_client, evening, language, words):
    night = evening("lama", LAMA_EVENING)
    alice_client.cookies["django_language"] = language
    page = alice_client.get(f"/nights/{night.pk}/").content.decode()
    assert words in page
