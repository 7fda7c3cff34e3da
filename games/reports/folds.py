"""What the rules module folds from each game, kept in the cache under the game's version.

A game's fold (a rules.GameState) depends only on what the game stores, and every write to a
game draws it a new version (GameQuerySet.raise_version): a fold kept under (game, version)
is never out of date and nothing needs clearing, not even after a database is restored from a
backup (a version is drawn at random: games/models.py, new_version). A save keeps the state
it folded under the version it wrote (`keep`), so the sheet shown next folds nothing. A
player's figures are kept too, under a digest of the versions of all their games (derived): a
visit costs one query and one cache read while nothing changed, and only the games that
changed are folded again. (Whether a game is over is not read from here: it is stored,
Game.finished_at, for the pages to filter on.)

The keys carry a fingerprint of the code that folds and derives, so that no node reads what
another version of the rules computed. The cache is CACHES["folds"]: each worker's memory, or
the Redis that every node shares when REDIS_URL is set.
"""

import hashlib
import importlib.util
from array import array
from pathlib import Path

from django.core.cache import caches

from games import rules
from games.models import Seat, seats_of
from games.reads import read_played

# The modules whose code decides what is kept: a change to any of them makes new keys.
DERIVING = ("games.rules", "games.reports.stats", "games.reports.summaries", "games.reports.folds")


def fingerprint(names):
    digest = hashlib.sha256()
    for name in names:
        spec = importlib.util.find_spec(name)
        folders = spec.submodule_search_locations
        files = sorted(Path(folders[0]).rglob("*.py")) if folders else [Path(spec.origin)]
        for file in files:
            digest.update(file.read_bytes())
    return digest.hexdigest()[:16]


FINGERPRINT = fingerprint(DERIVING)


def _cache():
    return caches["folds"]


def _key(pk, version):
    return f"fold:{FINGERPRINT}:{pk}:{version}"


def states(games):
    """{pk: rules.GameState} for `games`, pairs (pk, version), read at once from the cache;
    the games not found there are read and folded. None for a game the rules refuse."""
    keys = {pk: _key(pk, version) for pk, version in games}
    kept = _cache().get_many(keys.values())
    found = {pk: kept[key] for pk, key in keys.items() if key in kept}
    missing = [pk for pk in keys if pk not in found]
    if missing:
        folded = fold_stored(missing)
        _cache().set_many({_key(pk, version): state for pk, (version, state) in folded.items()})
        found |= {pk: state for pk, (_version, state) in folded.items()}
    return found


def with_kept_state(game):
    """`game` with its state read from the cache under its version (folded and kept there
    if it is not): a sheet viewed again, or polled by the phones of a live view, is not
    folded again until its next write. A game whose state is at hand already (folded by the
    write that answers) is left as it is. A game the rules refuse keeps Game.state's own
    error."""
    if "state" in game.__dict__:
        return game
    return game.attach(state=states([(game.pk, game.version)]).get(game.pk))


def keep(game):
    """Keep `game`'s state, as the write that just drew its version folded it, under that
    version: the pages shown next (the sheet after a save, the other phones' polls) fold
    nothing."""
    _cache().set(_key(game.pk, game.version), game.state)


def with_states(games):
    """`games` with their seats and states, for the pages that list games: one query for the
    seats, none for the folds kept in the cache, one for those that are not."""
    games = list(games)
    seats = seats_of(games)
    kept = states((game.pk, game.version) for game in games)
    # A game the rules refuse gets no state here: Game.state says why when it is asked.
    return [game.attach(seats=seats[game.pk], state=kept.get(game.pk)) for game in games]


def fold_stored(pks):
    """{pk: (version, state)} for the games `pks` as stored now: the version is the one read
    with their rounds, in the same statement (a write may land between two statements)."""
    return {
        pk: (stored.version, _fold(stored))
        for pk, stored in read_played(Seat.objects.filter(game__in=pks)).items()
    }


def _fold(stored):
    try:
        ruleset = rules.for_kind(stored.kind)
        return ruleset.fold(stored.player_count, stored.as_rules_rounds(), stored.first_starter)
    except (rules.RoundRefused, ValueError, KeyError):  # KeyError: a kind no module plays
        return None


def derived(name, games, derive):
    """`derive(pairs, states)` for the queryset `games`, kept under the digest of their
    versions: `pairs` are their (pk, version), newest game first; `states` as states()."""
    pairs = list(games.order_by("-created_at", "-pk").values_list("pk", "version"))
    digest = hashlib.sha256(array("q", [n for pair in pairs for n in pair]).tobytes())
    key = f"{name}:{FINGERPRINT}:{digest.hexdigest()}"
    value = _cache().get(key)
    if value is None:
        value = derive(pairs, states(pairs))
        _cache().set(key, value)
    return value
