"""Home's recent games tell themselves apart: who won each, and when it started."""

from datetime import UTC, datetime

from games.models import Game
from tests.helpers.pagetext import texts
from tests.helpers.sheet import FINISHED

MOMENT = datetime(2026, 6, 15, 18, 5, tzinfo=UTC)  # 20:05 in Paris, the site's zone


def test_each_recent_game_names_its_winner_and_its_time(alice_client, make_game):
    cleo_wins = make_game(rounds=FINISHED)  # Ana reaches 51: Cleo, on 2, wins
    ana_wins = make_game(rounds=[(12, 31, 0), (-10, 20, 3)])  # Ben reaches 51: Ana, on 2
    playing = make_game(rounds=[(3, 0, 5)])
    Game.objects.filter(pk=cleo_wins.pk).update(created_at=MOMENT)

    rows = texts(alice_client.get("/en/").text, "li")
    games = [row for row in rows if "Ana, Ben and Cleo" in row]

    assert len(games) == 3 and len(set(games)) == 3
    assert any("Won by: Cleo" in row and "15 Jun 2026, 20:05" in row for row in games)
    assert any("Won by: Ana" in row for row in games)
    assert any("round 2" in row for row in games)
    assert ana_wins.pk != playing.pk
