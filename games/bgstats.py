"""A finished game as a play for the BG Stats app, pushed through its `bgstats://` link."""

import json
from urllib.parse import quote

from django.utils import timezone

PUSH_URL = "bgstats://app.bgstatsapp.com/addPlay.html?data="
GAME = {"name": "L.L.A.M.A.", "bggId": 266083, "highestWins": False, "noPoints": False}


def play(game):
    """The play record; `game` must be finished (winners are only known then)."""
    state = game.state
    return {
        "sourceName": "Scorekeeper",
        "sourcePlayId": str(game.pk),
        "playDate": timezone.localtime(game.created_at).strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": game.duration_minutes or 0,
        "game": dict(GAME),
        "players": [
            {
                "name": name,
                "score": state.totals[seat],
                "winner": seat in state.winners,
                "startPlayer": seat == game.first_starter,
            }
            for seat, name in enumerate(game.names)
        ],
    }


def push_url(game):
    data = json.dumps(play(game), ensure_ascii=False, separators=(",", ":"))
    return PUSH_URL + quote(data, safe="")
