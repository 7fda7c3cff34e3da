"""A finished game as a play for the BG Stats app, pushed through its `bgstats://` link."""

import json
from urllib.parse import quote

from django.utils import timezone

PUSH_URL = "bgstats://app.bgstatsapp.com/addPlay.html?data="
# BoardGameGeek's id only where we know it: BG Stats matches the others by name.
BGG_IDS = {"lama": 266083}
NAMES = {"lato": "Lato z komarami"}  # the Polish game this rule comes from


def game_record(game):
    ruleset = game.ruleset
    record = {"name": NAMES.get(game.kind, ruleset.name)}
    if game.kind in BGG_IDS:
        record["bggId"] = BGG_IDS[game.kind]
    return record | {"highestWins": ruleset.highest_wins, "noPoints": False}


def play(game):
    """The play record; `game` must be finished (winners are only known then). Its place and
    note, when it has them, as the play's location and comments."""
    return {
        "sourceName": "Scorekeeper",
        "sourcePlayId": str(game.pk),
        "playDate": timezone.localtime(game.created_at).strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": game.duration_minutes or 0,
        "game": game_record(game),
        "players": [_player(game, seat, name) for seat, name in enumerate(game.names)],
    } | _about(game)


def _about(game):
    about = {}
    if game.venue:
        about["location"] = game.venue  # BG Stats matches it to a location of its own by name
    if game.note:
        about["comments"] = game.note
    return about


def _player(game, seat, name):
    player = {"name": name, "score": game.state.totals[seat], "winner": seat in game.state.winners}
    if game.ruleset.has_starter:  # elsewhere the app never asked who started
        player["startPlayer"] = seat == game.first_starter
    return player


def push_url(game):
    data = json.dumps(play(game), ensure_ascii=False, separators=(",", ":"))
    return PUSH_URL + quote(data, safe="")
