"""Backups to import, as bytes: a hostile one (cheap to write, dear to replay) and a valid one.
The import's tests and bench/imports.py use the same files."""

import json

TEN_MB = 10 * 1024 * 1024 - 10_000  # just under the upload limit (UPLOAD_MAX_BYTES)


def hostile_backup(size=TEN_MB):
    """As many two-player games of 200 rounds as fit in `size` bytes (some 10 MB): a file
    that costs seconds of CPU and hundreds of MB if it is replayed before it is counted."""
    rounds = [{"entries": {"Ana": n % 7, "Ben": 0}} for n in range(1, 201)]
    game = json.dumps({"players": ["Ana", "Ben"], "rounds": rounds}, separators=(",", ":"))
    count = (size - 2) // (len(game) + 1)
    return ("[" + ",".join([game] * count) + "]").encode()


def valid_backup(size, most=5000):
    """(content, count): as many real six-player games (8 rounds, a place, a long note) as fit
    in `size` bytes, `most` at the most."""
    names = ["Anaïs", "Benoît", "Cléo", "Dimitri", "Éloïse", "Farid"]
    saved = "2026-01-02T20:05:00+00:00"
    rounds = [
        {"entries": {name: (0 if seat == number % 6 else 1 + seat % 3)
                     for seat, name in enumerate(names)}, "saved_at": saved}
        for number in range(8)
    ]  # fmt: skip
    game = {"players": names, "rounds": rounds, "started_at": saved,
            "place": "Chez Anaïs, " * 5, "note": "Revanche dimanche. " * 26}  # fmt: skip
    count = min(most, size // (len(json.dumps(game)) + 60))  # 60: its uuid
    games = [game | {"uuid": f"00000000-0000-4000-8000-{index:012d}"} for index in range(count)]
    return json.dumps(games).encode(), count
