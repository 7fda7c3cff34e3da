"""A backup of a hostile shape (deep, wide, long) is refused by its shape, with memory that
does not depend on it: each file is read in a process of its own, whose peak memory is
measured (the kernel's VmHWM, reset once the file is loaded) above what it held then."""

import io
import json
import subprocess
import sys

import pytest

from games.archive import stream
from tests.helpers.backups import TEN_MB
from tests.helpers.live import ROOT
from tests.history.test_backup_import import a_game, upload

MEMORY_ABOVE_IDLE = 50 * 1024 * 1024  # bytes: issue 24's bound for the worker
# The child cannot take more than this above its idle size, so that today's quadratic
# reader fails the test with a MemoryError rather than take the machine's memory.
ROOM = 400 * 1024 * 1024

# In the child: Django set up, the file read, then both passes of the reader, each expected to
# refuse the file. It prints what each said, and its peak memory above idle.
READ = """
import io, json, os, resource, sys
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
django.setup()
from games.archive import stream
from games.archive.backup import Refused

def status(field):
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith(field + ":"))
    return int(line.split()[1]) * 1024

content = sys.stdin.buffer.read()
resource.setrlimit(resource.RLIMIT_AS, (status("VmSize") + {room}, resource.RLIM_INFINITY))
with open("/proc/self/clear_refs", "w") as clear:
    clear.write("5")  # the peak (VmHWM) starts again from now, with the file loaded
idle = status("VmRSS")
said = []
for read in (stream.count, lambda file: list(stream.games(file))):
    try:
        read(io.BytesIO(content))
        said.append(None)
    except Refused as refused:
        said.append(str(refused))
print(json.dumps({{"said": said, "peak": status("VmHWM") - idle}}))
"""


def read_apart(content):
    """What each pass of the reader said of `content`, and its peak memory above idle."""
    done = subprocess.run(
        [sys.executable, "-c", READ.format(room=ROOM)],
        input=content, capture_output=True, cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    result = json.loads(done.stdout)
    return result["said"], result["peak"]


def filled(opening, middle, closing):
    """`opening`, `middle` repeated, `closing`: as big as an upload can be."""
    return opening + middle * ((TEN_MB - len(opening) - len(closing)) // len(middle)) + closing


def brackets(count):
    return b"[" * count + b"]" * count


SHAPES = {
    # issue 24's file: 120 KB that took 5 GB
    "60,000 brackets": (brackets(60_000), "nested more than 5 levels deep"),
    "10 MB of brackets": (brackets(TEN_MB // 2), "nested more than 5 levels deep"),
    "objects in objects": (
        b'[{"a":' * 100_000 + b"1" + b"}" * 100_000 + b"]",
        "nested more than 5 levels deep",
    ),
    "a list of numbers": (filled(b"[", b"0,", b"0]"), "more than 5000 games"),
    "a game of a million keys": (
        filled(b'[{"k":0', b',"k":0', b"}]"),
        "holds a list of more than 100 items",
    ),
    "a note of a million numbers": (
        filled(b'[{"note":[0', b",0", b"]}]"),
        "holds a list of more than 100 items",
    ),
    "a game of lists in lists": (
        b'[{"rounds":['
        + b",".join([b"[" + b",".join([b"[" + b"0," * 99 + b"0]"] * 100) + b"]"] * 500)
        + b"]}]",
        "holds more than 50000 values",
    ),
    "entries for a million players": (
        filled(b'[{"rounds":[{"entries":{"a":0', b',"a":0', b"}}]}]"),
        "holds a list of more than 100 items",
    ),
    "a long text": (filled(b'["', b"x", b'"]'), "a text of more than 2000 characters"),
    "a long note of emoji": (
        filled(b'[{"note":"', "😀".encode(), b'"}]'),
        "a text of more than 2000 characters",
    ),
    "escaped emoji": (
        filled(b'[{"note":"', b"\\ud83d\\ude00", b'"}]'),
        "a text of more than 2000 characters",
    ),
    "a long key": (filled(b'[{"', b"k", b'":0}]'), "a text of more than 120 characters"),
    "a long number": (filled(b"[1", b"0", b"]"), "not a JSON backup"),
    "a file that is one text": (filled(b'"', b"x", b'"'), "should hold a list of games"),
    # a backup's object: its games, and beside them what the app derives (read past)
    "brackets beside the games": (
        b'{"games":[],"nights":' + brackets(TEN_MB // 2 - 30) + b"}",
        "nested more than 6 levels deep",
    ),
    "a long text beside the games": (
        filled(b'{"games":[],"nights":[{"label":"', b"x", b'"}]}'),
        "beside its games, a text of more than 2000 characters",
    ),
    "a deep game in the object": (
        b'{"games":' + brackets(60_000) + b"}",
        "nested more than 5 levels deep",
    ),
}


def test_the_games_of_a_backup_are_read_past_what_is_derived_from_them():
    document = {
        "standings": {"lama": [{"name": "Ana", "mu": 25.0}]},
        "games": [a_game(), a_game(note="Revanche")],
        "nights": [{"id": 1, "games": [1, 2], "standings": {"lama": [{"name": "Ana"}]}}],
        "derived": ["nights", "standings"],
    }
    content = json.dumps(document).encode()

    assert stream.count(io.BytesIO(content)).games == 2
    assert list(stream.games(io.BytesIO(content))) == document["games"]
    # one list of games, or the object is not a backup (two would pass the limit of games)
    for content in [b'{"nights":[]}', b'{"games":[],"games":[]}', b'{"games":{}}', b"{}"]:
        with pytest.raises(stream.Refused, match="should hold a list of games"):
            stream.count(io.BytesIO(content))


@pytest.mark.slow  # each reads a file of up to 50 MB
@pytest.mark.parametrize("name", SHAPES)
def test_a_hostile_shape_is_refused_within_50_mb(name):
    content, reason = SHAPES[name]
    assert len(content) <= TEN_MB

    said, peak = read_apart(content)

    assert all(reason in (message or "") for message in said), said
    assert peak < MEMORY_ABOVE_IDLE, f"{peak / 2**20:.0f} MB"


@pytest.mark.django_db
def test_the_nested_file_is_refused_by_the_import_in_words(alice_client):
    response = upload(alice_client, b"[" * 6 + b"]" * 6)

    assert response.refused
    assert "its lists are nested more than 5 levels deep" in response.html


@pytest.mark.django_db
def test_a_backup_of_the_longest_real_game_is_within_every_bound(alice, alice_client):
    names = ["Anaïs Dupont-Moreau", "Benoît", "Cléo", "Dimitri", "Éloïse", "Farid"]
    rounds = [{"entries": dict.fromkeys(names, 0) | {names[0]: 1}}] * stream.MAX_ROUNDS
    game = a_game(players=names, rounds=rounds, note="Revanche. " * 50)

    said, _peak = read_apart(json.dumps([game]).encode())

    assert said == [None, None]
