"""What the rules module folds from each game, kept in the cache under the game's revision.

A game's fold (a rules.GameState) depends only on what the game stores, and every write to a
game gives it a new revision (GameQuerySet.touch): a fold kept under (game, revision) is never
stale and nothing needs clearing. Pages over many games keep what they take from the folds
too: the history's filters a flag per game, under each game's revision (per_game), a player's
figures under a digest of the revisions of all their games (derived). Either way a visit costs
one query and one cache read while nothing changed, and only the games that changed are folded
again.

The keys carry a fingerprint of the code that folds and derives, so that no node reads what
another version of the rules computed. The cache is CACHES["folds"]: each worker's memory, or
the Redis that every node shares when REDIS_URL is set. A database restored from a backup takes
revisions back: clear the cache then (see the README).
"""

import hashlib
import importlib.util
from array import array
from collections import defaultdict
from pathlib import Path

from django.core.cache import caches

from games import rules
from games.models import Seat

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


def _key(pk, revision):
    return f"fold:{FINGERPRINT}:{pk}:{revision}"


def states(games):
    """{pk: rules.GameState} for `games`, pairs (pk, revision), read at once from the cache;
    the games not found there are read and folded. None for a game the rules refuse."""
    keys = {pk: _key(pk, revision) for pk, revision in games}
    kept = _cache().get_many(keys.values())
    found = {pk: kept[key] for pk, key in keys.items() if key in kept}
    missing = [pk for pk in keys if pk not in found]
    if missing:
        folded = fold_stored(missing)
        _cache().set_many({_key(pk, revision): state for pk, (revision, state) in folded.items()})
        found |= {pk: state for pk, (_revision, state) in folded.items()}
    return found


def with_kept_state(game):
    """`game` with its state read from the cache under its revision (folded and kept there if
    it is not): a sheet viewed again, or polled by the phones of a live view, is not folded
    again until its next write. A game the rules refuse keeps Game.state's own error."""
    state = states([(game.pk, game.revision)]).get(game.pk)
    if state is not None:
        game.__dict__["state"] = state  # Game.state is a cached_property
    return game


def fold_stored(pks):
    """{pk: (revision, state)} for the games `pks`, as stored now: read in one statement, so
    the revision is the one of the rounds folded (a write may land between two statements)."""
    rows = (
        Seat.objects.filter(game__in=pks)
        .order_by("game", "entries__round__number", "position")
        .values_list(
            "game", "game__revision", "game__kind", "game__first_starter", "position",
            "entries__round__number", "entries__round__last_to_quit", "entries__value",
        )
    )  # fmt: skip
    games = {}
    for game, revision, kind, starter, position, number, last_to_quit, value in rows:
        stored = games.setdefault(game, (revision, kind, starter, set(), defaultdict(list), {}))
        stored[3].add(position)
        if number is not None:  # a game with no round yet has seats and no entries
            stored[4][number].append(value)
            stored[5][number] = last_to_quit
    return {game: (stored[0], _fold(*stored[1:])) for game, stored in games.items()}


def _fold(kind, first_starter, positions, values, last_to_quit):
    rounds = [rules.Round(tuple(values[n]), last_to_quit[n]) for n in sorted(values)]
    try:
        return rules.for_kind(kind).fold(len(positions), rounds, first_starter)
    except (rules.RoundRefused, ValueError, KeyError):  # KeyError: a kind no module plays
        return None


def per_game(name, pairs, summarize):
    """{pk: summarize(state)} for the games `pairs` (pk, revision). The summaries are kept in one
    cache entry per `name`, each under its game's revision: a visit reads one entry, and a
    write to one game folds that game alone. Summaries should be small (a flag, a total)."""
    key = f"{name}:{FINGERPRINT}"
    kept = _cache().get(key) or {}
    stale = [(pk, revision) for pk, revision in pairs if kept.get(pk, (None,))[0] != revision]
    if stale:
        revisions = dict(stale)
        for pk, state in states(stale).items():
            kept[pk] = (revisions[pk], summarize(state))
        # Two requests may both write: the entries of either are checked against the revisions.
        _cache().set(key, kept)
    return {pk: kept[pk][1] for pk, _revision in pairs if pk in kept}


def derived(name, games, derive):
    """`derive(pairs, states)` for the queryset `games`, kept under the digest of their
    revisions: `pairs` are their (pk, revision), newest game first; `states` as states()."""
    pairs = list(games.order_by("-created_at", "-pk").values_list("pk", "revision"))
    digest = hashlib.sha256(array("q", [n for pair in pairs for n in pair]).tobytes())
    key = f"{name}:{FINGERPRINT}:{digest.hexdigest()}"
    value = _cache().get(key)
    if value is None:
        value = derive(pairs, states(pairs))
        _cache().set(key, value)
    return value
