"""Seeds the benchmark's database, counts SQL queries per page and times pages in-process
(run by bench/run.py).

    python bench/seed.py seed      -> JSON with the ids the load needs
    python bench/seed.py queries   -> JSON with the queries each page costs
    python bench/seed.py timings   -> JSON with the milliseconds each page costs in-process
    python bench/seed.py sizes     -> JSON with the bytes of the sheet's HTML
Both run with the environment bench/run.py gives gunicorn (production settings).
"""

import io
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
os.environ.setdefault("DEBUG", "1")  # unset, DEBUG is off: production

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from games import rules  # noqa: E402
from games.models import Entry, Game, Round, ShareLink  # noqa: E402
from games.pages import POLL_SECONDS  # noqa: E402
from games.rules.lama import RULES as LAMA  # noqa: E402
from games.services.games import start_game  # noqa: E402
from games.services.rounds import add_round  # noqa: E402
from tests.helpers.seeding import played_game  # noqa: E402

PASSWORD = "bench-horse-battery-9"
SIX = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"]
WRITE_GAMES = 1200  # 2 players, 40 rounds each before the end: room for 48,000 saves
HISTORY_GAMES = 500


def quiet_rounds(count, players):
    """`count` valid rounds where nobody reaches 40: each round one player empties a hand."""
    totals, rounds = [0] * players, []
    for number in range(count):
        emptier = number % players
        entries = [1] * players
        entries[emptier] = LAMA.best_return(totals[emptier])
        totals = list(LAMA.apply_round(totals, entries))
        rounds.append(entries)
    return rounds


def user(username):
    return get_user_model().objects.create_user(username, password=PASSWORD)


def add_rounds(game, rounds):
    for number, entries in enumerate(rounds, start=1):
        add_round(game, rules.Round(tuple(entries)), number)


@transaction.atomic
def bulk_history(owner, count):
    """`count` finished games of 3 to 5 players, written in bulk."""
    randomness = random.Random(6)
    rosters = [
        ["Ana", "Ben", "Cleo", "Dan", "Eve"][: randomness.randint(3, 5)] for _ in range(count)
    ]
    games = [start_game(owner, roster) for roster in rosters]
    rounds, entries = [], []
    for game in games:
        for number, typed in enumerate(played_game(randomness, len(game.seats)), start=1):
            round_ = Round(game=game, number=number)
            rounds.append(round_)
            entries += [Entry(round=round_, seat=seat, value=value)
                        for seat, value in zip(game.seats, typed, strict=True)]  # fmt: skip
    Round.objects.bulk_create(rounds)
    Entry.objects.bulk_create(entries)
    return games


def seed():
    bench, historian = user("bench"), user("historian")
    sheet = start_game(bench, SIX)
    add_rounds(sheet, quiet_rounds(20, 6))
    short = start_game(bench, SIX)
    add_rounds(short, quiet_rounds(1, 6))
    with transaction.atomic():
        writes = [start_game(bench, ["Ann", "Bob"]).pk for _ in range(WRITE_GAMES)]
    bulk_history(historian, HISTORY_GAMES)
    one_game = user("newcomer")
    add_rounds(start_game(one_game, ["Ana", "Ben"]), quiet_rounds(3, 2))
    assert not Game.objects.get(pk=sheet.pk).state.finished
    link = ShareLink.objects.create(game=sheet)
    live = f"/live/{link.token}/?seen={Game.objects.get(pk=sheet.pk).version}"
    return {"sheet": sheet.pk, "short_sheet": short.pk, "write_games": writes, "live": live,
            "password": PASSWORD, "users": ["bench", "historian", "newcomer"]}  # fmt: skip


def count_queries(username, path, data=None, htmx=False):
    client = Client(SERVER_NAME="127.0.0.1")
    client.force_login(get_user_model().objects.get(username=username))
    headers = {"HX-Request": "true"} if htmx else {}
    with CaptureQueriesContext(connection) as captured:
        if data is not None:
            response = client.post(path, data, headers=headers)
        else:
            response = client.get(path, headers=headers)
    assert response.status_code in (200, 204, 302), (path, response.status_code)
    return len(captured)


def sizes(ids):
    """The bytes of the sheet's HTML (as sent, before any compression) and of its htmx part."""
    client = Client(SERVER_NAME="127.0.0.1")
    client.force_login(get_user_model().objects.get(username="bench"))
    path = f"/games/{ids['sheet']}/"
    return {
        "sheet, 6 players, 20 rounds": len(client.get(path).content),
        "sheet's htmx partial": len(client.get(path, headers={"HX-Request": "true"}).content),
        "poll_seconds": POLL_SECONDS,
    }


def queries(ids, history_path):
    write = ids["write_games"][-1]
    pages = {
        "bare view (/healthz)": ("bench", "/healthz"),
        "sheet, 6 players, 1 round": ("bench", f"/games/{ids['short_sheet']}/"),
        "sheet, 6 players, 20 rounds": ("bench", f"/games/{ids['sheet']}/"),
        f"history ({history_path}), 1 game": ("newcomer", history_path),
        f"history ({history_path}), 500 games": ("historian", history_path),
    }
    counts = {label: count_queries(*where) for label, where in pages.items()}
    # the sheet as the load sees it, seen before (the same version, asked again)
    counts["sheet, 6 players, 20 rounds, seen before"] = count_queries(
        "bench", f"/games/{ids['sheet']}/"
    )
    counts["live view poll, nothing new"] = count_queries("bench", ids["live"], htmx=True)
    for number in (1, 2):
        path = f"/games/{write}/rounds/"
        data = {"round_number": number, "seat_0": 1, "seat_1": 1, "last_to_quit": 0}
        counts[f"saving round {number}"] = count_queries("bench", path, data)
    return counts


def timings(ids, repeat=5, number=300):
    """Milliseconds per request with no server and no network: the WSGI handler called
    directly, best of `repeat` runs of `number` requests, each page seen once before. Signed
    in, the requests carry the session and CSRF cookies, as the load's do. Both the time
    that passed and the processor time of this process: on a busy machine the second moves
    less, but it leaves out the time PostgreSQL's server spends on the queries."""
    client = Client(SERVER_NAME="127.0.0.1")
    client.force_login(get_user_model().objects.get(username="bench"))
    client.get("/games/new/")  # the CSRF cookie
    cookie = "; ".join(f"{key}={morsel.value}" for key, morsel in client.cookies.items())
    pages = {
        "bare view (/healthz)": ("/healthz", ""),
        "signed-in page with a form (bench/urls.py)": ("/bench/signed-in-form/", cookie),
        "signed-in empty page of the layout (bench/urls.py)": ("/bench/signed-in-layout/", cookie),
        "sheet, 6 players, 20 rounds": (f"/games/{ids['sheet']}/", cookie),
        "live view poll, nothing new": (ids["live"], "", {"HTTP_HX_REQUEST": "true"}),
    }
    app = get_wsgi_application()
    return {
        label: best_of(app, *page, repeat=repeat, number=number) for label, page in pages.items()
    }


def best_of(app, page, cookie, extra=None, repeat=5, number=300):
    path, _, query = page.partition("?")
    environ = (extra or {}) | {
        "REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query, "HTTP_COOKIE": cookie,
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80", "HTTP_HOST": "127.0.0.1",
        "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr, "REMOTE_ADDR": "127.0.0.1",
    }  # fmt: skip
    statuses = []

    def start_response(status, headers, exc_info=None):
        statuses.append(status)

    def run():
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(number):
            response = app(dict(environ), start_response)
            b"".join(response)
            response.close()  # request_finished, as gunicorn sends it
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        return wall / number * 1000, cpu / number * 1000

    run()
    runs = [run() for _ in range(repeat)]
    assert len(set(statuses)) == 1 and statuses[0][:3] in {"200", "204"}, (path, set(statuses))
    return {"wall": round(min(w for w, _ in runs), 3), "cpu": round(min(c for _, c in runs), 3)}


def count(ids):
    return Round.objects.filter(game__in=ids["write_games"]).count()


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "seed":
        print(json.dumps(seed()))
    elif command == "count":
        print(json.dumps(count(json.loads(sys.argv[2]))))
    elif command == "sizes":
        print(json.dumps(sizes(json.loads(sys.argv[2]))))
    elif command == "timings":
        print(json.dumps(timings(json.loads(sys.argv[2]))))
    else:
        print(json.dumps(queries(json.loads(sys.argv[2]), sys.argv[3])))
