"""The kept table (KeptTable) is JSON of this release's format, read back only whole and of its
shape: a row that is corrupt, of another release or of the wrong types is counted again from
the games, and the pages answer with the right table. A pickle in a row is never loaded."""

import ast
import json
import math
import pickle
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.tasks import default_task_backend
from hypothesis import given
from hypothesis import settings as examples
from hypothesis import strategies as st

from games.models import KeptTable
from games.reports import counting, kept, ratings, table
from tests.helpers import seeding

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["/table/", "/standings.json", "/players/{ana}/"]
COUNTING = "being counted"
# What a kept row would have run, had it been unpickled.
RAN = []


class Payload:
    """Unpickled, it runs code of the writer's choosing: here, it says so in RAN."""

    def __reduce__(self):
        return exec, ("from tests.history.test_kept_table_format import RAN; RAN.append(1)",)


# Protocol 0 is text (no NUL, which PostgreSQL's text refuses): it fits the text column.
PICKLED = pickle.dumps(Payload(), 0).decode("ascii")


@pytest.fixture
def owner(alice):
    seeding.finished_games(alice, seeding.tables(12))
    return alice


@pytest.fixture
def ana(owner):
    return owner.players.get(name="Ana").pk


def right_json(owner):
    """/standings.json as counted from the games now, nothing kept."""
    return table.standings_json(counting.compute(owner)[0], table.roster_names(owner))


def planted(owner, tables, progress=None, format=kept.FORMAT):
    """A row written straight into the database under the key of the games there are now: only
    its format and shape can tell it from a good one."""
    KeptTable.objects.update_or_create(owner=owner, defaults={
        "key": counting.table_key(owner), "format": format, "tables": tables,
        "progress": tables if progress is None else progress,
    })  # fmt: skip


def good(owner):
    """This release's documents of the account's table, as JSON values to spoil."""
    found, progress = counting.compute(owner)
    return json.loads(kept.dumps_tables(found)), json.loads(kept.dumps_progress(progress))


def spoiled_rows(owner):
    """{name: (tables, progress) as text}: rows of this release's format that are not of its
    shape, each in one way."""
    tables, progress = good(owner)

    def changed(document, change):
        document = json.loads(json.dumps(document))
        change(document)
        return json.dumps(document)

    lama = tables["kinds"][0][1]
    return {
        "cut short": (kept.dumps_tables(counting.compute(owner)[0])[:-40], "{"),
        "a pickle": (PICKLED, PICKLED),
        "a string for a rating": (
            changed(tables, lambda d: d["kinds"][0][1]["ranked"][0].__setitem__(1, "25.0")),
            changed(progress, lambda d: d["kinds"][0][1]["rows"][0].__setitem__(2, "8.3")),
        ),
        "true for a count": (
            changed(tables, lambda d: d["kinds"][0][1]["ranked"][0].__setitem__(3, True)),
            changed(progress, lambda d: d["kinds"][0][1]["matches"][0].__setitem__(0, True)),
        ),
        "a key missing": (
            changed(tables, lambda d: d["kinds"][0][1].pop("history")),
            changed(progress, lambda d: d.pop("rating")),
        ),
        "an unknown game": (
            changed(tables, lambda d: d["kinds"][0].__setitem__(0, "chess")),
            changed(progress, lambda d: d["kinds"][0].__setitem__(0, "chess")),
        ),
        "NaN": (json.dumps(tables).replace(str(lama["ranked"][0][1]), "NaN", 1), "NaN"),
        "a history past its dates": (
            changed(tables, lambda d: d["dates"][0][1].pop()),
            changed(progress, lambda d: d["kinds"][0][1]["checkpoints"].append([99, [], []])),
        ),
        "a history not packed": (
            changed(tables, lambda d: d["kinds"][0][1]["history"][0].__setitem__(2, "a=b")),
            changed(progress, lambda d: d["kinds"][0][1]["history"][0].__setitem__(2, [1.0])),
        ),
        "a history of 7 bytes, or NaN": (
            changed(
                tables, lambda d: d["kinds"][0][1]["history"][0].__setitem__(1, "AAAAAAAAAA==")
            ),
            changed(
                progress,
                lambda d: d["kinds"][0][1]["history"][0].__setitem__(
                    slice(1, None), [kept._packed("q", [0]), kept._packed("d", [math.nan])]
                ),
            ),
        ),
        "nested deeper than the parser goes": ("[" * 100_000, "[" * 100_000),
        "not an object": ("[]", "3"),
    }


def assert_pages_right(client, owner, ana):
    for path in PAGES:
        response = client.get(path.format(ana=ana))
        assert response.status_code == 200, path
        assert COUNTING not in response.content.decode(), path
    assert client.get("/standings.json").json() == right_json(owner)


def assert_kept_again(owner):
    """The row now holds this release's table, readable."""
    row = KeptTable.objects.get(owner=owner)
    assert row.format == kept.FORMAT
    assert row.key == counting.table_key(owner)
    found = kept.loads_tables(row.tables)
    assert table.standings_json(found, table.roster_names(owner)) == right_json(owner)
    assert kept.loads_progress(row.progress)


@pytest.mark.parametrize("big", [False, True], ids=["counted in the request", "by the worker"])
def test_a_spoiled_row_is_counted_again_and_the_pages_are_right(
    alice_client, owner, ana, settings, big
):
    settings.TABLE_IN_REQUEST_GAMES = 5 if big else 300  # 12 games: the worker's, or the page's
    for name, (tables, progress) in spoiled_rows(owner).items():
        with pytest.raises(kept.Unreadable):
            kept.loads_progress(progress)  # the worker's, never a page's: refused as well
        planted(owner, tables, progress)
        assert counting.kept_tables(owner) is None, name
        assert_pages_right(alice_client, owner, ana)
        assert_kept_again(owner)
    assert RAN == []


def test_a_row_of_an_earlier_release_is_not_read(alice_client, owner, ana):
    tables, progress = good(owner)
    for row in tables["kinds"][0][1]["ranked"]:
        row[4] = 999  # wins: what the earlier release would have shown, if it were read
    planted(owner, json.dumps(tables), json.dumps(progress), format="json-earlier")
    assert counting.kept_tables(owner) is None
    assert_pages_right(alice_client, owner, ana)
    assert_kept_again(owner)


def test_a_pickled_row_runs_nothing(alice_client, owner, ana):
    """As the earlier releases kept it: unpickled, it would run code in the web process."""
    for format in (kept.FORMAT, ""):
        planted(owner, PICKLED, format=format)
        assert_pages_right(alice_client, owner, ana)
        assert_kept_again(owner)
    assert RAN == []
    pickle.loads(PICKLED.encode("ascii"))  # the payload does run, were it unpickled
    assert RAN == [1]
    RAN.clear()


def test_while_the_worker_counts_a_row_of_an_earlier_release_is_not_shown(
    alice_client, owner, ana, settings
):
    """The issue's 500: a big account's page showed the kept table of an earlier release while
    the worker counted the new one. Now nothing is shown meanwhile but the line saying so."""
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    settings.TABLE_IN_REQUEST_GAMES = 5
    default_task_backend.clear()
    tables, progress = good(owner)
    tables["kinds"][0][1]["ranked"][0][1] = "from an earlier release"
    planted(owner, json.dumps(tables), json.dumps(progress), format="json-earlier")
    for path in PAGES:
        response = alice_client.get(path.format(ana=ana))
        assert response.status_code == 200, path
    assert alice_client.get("/standings.json").json() == {}
    assert COUNTING in alice_client.get("/table/").content.decode()
    assert len(default_task_backend.results) == 1
    for result in default_task_backend.results:  # as the worker runs it
        result.task.call(*result.args, **result.kwargs)
    default_task_backend.clear()
    assert_pages_right(alice_client, owner, ana)


def test_a_kept_table_reads_back_exactly(owner):
    counting.keep(owner)
    found, progress = counting.compute(owner)
    row = KeptTable.objects.get(owner=owner)
    back = kept.loads_tables(row.tables)
    assert back.kinds == found.kinds
    assert back.dates == found.dates
    assert vars(kept.loads_progress(row.progress)["lama"]) == vars(progress["lama"])


def test_no_module_of_the_app_imports_pickle():
    """Nothing the database or a file holds is unpickled by our code (Django's own cache
    backends pickle what they keep; settings.py says which caches hold what)."""
    for package in ("accounts", "common", "games", "jobs", "scorekeeper"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                names = (
                    [alias.name for alias in node.names] if isinstance(node, ast.Import)
                    else [node.module] if isinstance(node, ast.ImportFrom) else []
                )  # fmt: skip
                assert not {"pickle", "_pickle", "marshal", "shelve", "dill"} & set(names), path


# A small table and progress built without the database, to spoil one node at a time.
MATCHES = [ratings.Match((1, 2, 3), (1, 2, 3)), ratings.Match((2, 3, 4), (1, 1, 3))] * 60
PROGRESS = ratings.progress(MATCHES)  # 120 matches: one checkpoint
DATES = [datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=n) for n in range(len(MATCHES))]
DOCUMENTS = {
    kept.loads_tables: json.loads(kept.dumps_tables(kept.Tables({"lama": PROGRESS.table(2)},
                                                                {"lama": DATES}))),
    kept.loads_progress: json.loads(kept.dumps_progress({"lama": PROGRESS})),
}  # fmt: skip
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


def nodes(document, path=()):
    yield path
    if type(document) in (dict, list):
        children = document.items() if type(document) is dict else enumerate(document)
        for key, child in children:
            yield from nodes(child, (*path, key))


PATHS = {read: list(nodes(document)) for read, document in DOCUMENTS.items()}


@examples(max_examples=200, deadline=None)
@given(st.data())
def test_any_node_spoiled_is_refused_as_unreadable_or_read_whole(data):
    """Whatever a node is replaced with, reading raises Unreadable (the row is counted again)
    or gives the kept classes back: never another error, which a page would answer with 500."""
    read = data.draw(st.sampled_from(list(DOCUMENTS)))
    document = json.loads(json.dumps(DOCUMENTS[read]))
    path = data.draw(st.sampled_from(PATHS[read]))
    value = data.draw(JSON)
    if not path:
        document = value
    else:
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = value
    try:
        found = read(json.dumps(document))
    except kept.Unreadable:
        return
    assert isinstance(found, kept.Tables | dict)


def test_the_documents_read_back_as_they_were_written():
    tables = kept.loads_tables(json.dumps(DOCUMENTS[kept.loads_tables]))
    assert tables.kinds == {"lama": PROGRESS.table(2)}
    assert tables.dates == {"lama": DATES}
    assert vars(kept.loads_progress(json.dumps(DOCUMENTS[kept.loads_progress]))["lama"]) == vars(
        PROGRESS
    )
