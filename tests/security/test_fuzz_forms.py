"""Random and hostile input to every form: never a 500, never anything invalid stored.

Each example runs in a savepoint rolled back afterwards, so it starts from the same table:
alice, signed in, with a game of three at round 3; bob with a game of his own.
"""

import contextlib
import unicodedata

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.validators import validate_email
from django.db import transaction
from django.utils.http import url_has_allowed_host_and_scheme
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from common import names
from games.models import NAME_MAX_LENGTH, Game, Player

pytestmark = pytest.mark.engine

HOSTILE = [
    "", " ", "  Ana  ", "\t\n", "<script>alert(1)</script>", "<b>Zoé</b>", "' OR 1=1 --",
    "NaN", "inf", "1e309", "0x1F", "-0", "+5", "٣", "１２", "\x00", "a\x00b", "9" * 400,
    "😀" * 40, "Ｌｌａｍａ", "İı", "ß", "e\u0301", "\u202eevil", "null", "[]", "{}", "-10", "-1",
]  # fmt: skip
junk = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=60),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-12, max_value=35),
)
# The values each engine has its own way with, tried first on every run whatever the profile
# draws (fewer examples on PostgreSQL: tests/conftest.py): a NUL byte, which PostgreSQL refuses
# in text; a number past a 64-bit integer; a dotted capital I and a sharp s, which lower()
# and case-insensitive comparison fold differently (PostgreSQL's collation, SQLite's ASCII).
NUL, HUGE, DOTTED_I, SHARP_S = "\x00", 2**70, "İ", "ß"
FUZZ = settings(  # as many examples as the profile says (tests/conftest.py)
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


class Rollback(Exception):
    pass


@contextlib.contextmanager
def rolled_back():
    try:
        with contextlib.suppress(Rollback), transaction.atomic():
            yield
            raise Rollback
    finally:  # the folds and pictures the example left in the cache go with its rows
        for cache in caches.all():
            cache.clear()


def form(*keys, valid=None, **likely):
    """Some of `keys` (the others missing), each junk or a likely value; half of the time
    on top of a `valid` submission, so that the fuzz also reaches the paths that save."""
    values = {key: st.one_of(junk, likely[key]) if key in likely else junk for key in keys}
    fuzzed = st.fixed_dictionaries({}, optional=values)
    if valid is None:
        return fuzzed
    return st.tuples(st.booleans(), fuzzed).map(lambda pair: (valid if pair[0] else {}) | pair[1])


def game_pk(table):
    alices, bobs = table["game"].pk, table["bobs"].pk
    return st.one_of(st.just(alices), st.just(alices), st.just(bobs), st.integers(0, 2**70))


@pytest.fixture
def table(alice, bob, alice_client, make_game):
    game = make_game(rounds=[[3, 5, 0], [2, 0, 4]])
    bobs = make_game(names=("Bob", "Bea"), rounds=[[1, 2]], owner=bob)
    return {"alice": alice, "client": alice_client, "game": game, "bobs": bobs}


def sheets(owner=None):
    """Every stored game as the rules see it: folding raises if anything stored is invalid."""
    games = Game.objects.all() if owner is None else Game.objects.filter(owner=owner)
    return {game.pk: (game.names, game.state.rounds) for game in games.order_by("pk")}


def assert_all_stored_is_valid():
    for game in Game.objects.all():
        assert game.ruleset.players_violation(len(game.seats)) is None
        assert game.first_starter < len(game.seats)
        game.state  # noqa: B018  (folds every stored round through the rules)
    for name in Player.objects.values_list("name", flat=True):
        assert name == names.clean(name) and 0 < len(name) <= NAME_MAX_LENGTH, name
        assert names.is_visible(name), ascii(name)
    for game in Game.objects.all():
        skeletons = {names.skeleton(name) for name in game.names}
        assert len(skeletons) == len(game.names), game.names


def post(client, path, data, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(path, data, headers=headers)
    assert response.status_code < 500
    event(f"status {response.status_code}")
    return response


@FUZZ
@example(data={"game": "lama", "player_0": DOTTED_I, "player_1": "i", "starter": 0}, htmx=False)
@example(data={"game": "lama", "player_0": SHARP_S, "player_1": "SS", "starter": HUGE}, htmx=True)
@example(data={"game": NUL, "player_0": NUL, "player_1": f"A{NUL}n", "starter": -HUGE}, htmx=False)
@given(
    data=form("game", *[f"player_{i}" for i in range(6)], "starter",
              valid={"game": "lama", "player_0": "Ana", "player_1": "Ben", "starter": 0}),
    htmx=st.booleans(),
)  # fmt: skip
def test_new_game(table, data, htmx):
    with rolled_back():
        before = Game.objects.count()
        response = post(table["client"], "/games/new/", data, htmx)
        assert response.status_code in {302, 422}
        assert Game.objects.count() == before + (response.status_code == 302)
        assert_all_stored_is_valid()


ROUND_KEYS = ("seat_0", "seat_1", "seat_2", "round_number", "idempotency_key", "last_to_quit")
seat_value = st.integers(min_value=-10, max_value=31)


@FUZZ
@given(
    data=st.data(),
    fields=form(
        *ROUND_KEYS,
        "emptied",
        seat_0=seat_value,
        seat_1=seat_value,
        seat_2=seat_value,
        round_number=st.just(3),
        valid={"seat_0": 4, "seat_1": 6, "seat_2": 0, "round_number": 3},
    ),  # fmt: skip
    htmx=st.booleans(),
)
def test_round_add(table, data, fields, htmx):
    pk = data.draw(game_pk(table))
    with rolled_back():
        before = sheets()
        response = post(table["client"], f"/games/{pk}/rounds/", fields, htmx)
        assert response.status_code in {200, 302, 404, 409, 422}
        after = sheets()
        changed = [key for key in before if before[key] != after[key]]
        if changed:  # only through a valid round, added to alice's game, as typed
            assert changed == [table["game"].pk] and response.status_code in {200, 302}
            rounds = after[table["game"].pk][1]
            assert len(rounds) == 3 and rounds[:2] == before[table["game"].pk][1]
            typed = tuple(int(str(fields[f"seat_{seat}"])) for seat in range(3))
            assert rounds[2].entries == typed
        assert_all_stored_is_valid()


@FUZZ
@given(
    data=st.data(),
    fields=form(
        *ROUND_KEYS,
        seat_0=seat_value,
        seat_1=seat_value,
        seat_2=seat_value,
        valid={"seat_0": 6, "seat_1": 5, "seat_2": 0},
    ),  # fmt: skip
    number=st.one_of(st.integers(min_value=1, max_value=3), st.integers(0, 2**70)),
    # the form's round_number defaults to the number in the URL
)
def test_round_edit(table, data, fields, number):
    pk = data.draw(game_pk(table))
    fields.setdefault("round_number", number)
    with rolled_back():
        before = sheets()
        response = post(table["client"], f"/games/{pk}/rounds/{number}/edit/", fields, False)
        assert response.status_code in {302, 404, 409, 422}
        after = sheets()
        changed = [key for key in before if before[key] != after[key]]
        if changed:
            assert changed == [table["game"].pk] and response.status_code == 302
            assert len(after[table["game"].pk][1]) == 2
        assert_all_stored_is_valid()


CALCULATOR_KEYS = ("calculate", *(f"goal_{n}" for n in range(1, 5)), "hand_0", "hand_1", "hand_2")
goal_text = st.one_of(
    st.sampled_from(["A=1, ABCDEFG=50", "B=2, AACC=15", "D=4, AG=5", "A=1000", "=5", "AB"]),
    st.from_regex(r"[A-Z ]{1,40}=\d{1,4}(, [A-Z]{1,9}=\d{1,3}){0,5}", fullmatch=True),
)
letters = st.text(alphabet="ABCDEFGHabcdefgh ,;1é", max_size=40)


@FUZZ
@example(
    fields={"calculate": HUGE, "goal_1": NUL, "hand_0": DOTTED_I, "round_number": HUGE},
    edit=True,
    htmx=False,
)
@example(
    fields={"calculate": 0, "goal_1": "A=1", "hand_0": SHARP_S, "hand_1": NUL},
    edit=False,
    htmx=True,
)
@given(
    fields=form(
        *CALCULATOR_KEYS,
        *ROUND_KEYS,
        calculate=st.integers(-1, 3),
        goal_1=goal_text, goal_2=goal_text, goal_3=goal_text, goal_4=goal_text,
        hand_0=letters, hand_1=letters, hand_2=letters,
        valid={"calculate": 0, "goal_1": "A=1", "goal_2": "B=2", "goal_3": "C=3",
               "goal_4": "AB=5", "hand_0": "AAB", "round_number": 3},
    ),
    edit=st.booleans(),
    htmx=st.booleans(),
)  # fmt: skip
def test_hand_calculator(table, make_game, fields, edit, htmx):
    """Llama Llama's calculator answers every posting with a sheet, and stores nothing."""
    with rolled_back():
        game = make_game(rounds=[[3, 5, 0], [2, 0, 4]], kind="llama_llama")
        fields["calculate"] = fields.get("calculate", 0)  # what makes it the calculator
        path = f"/games/{game.pk}/rounds/{'2/' if edit else ''}calculate/"
        before = sheets()
        response = post(table["client"], path, fields, htmx)
        assert response.status_code in {200, 422}
        assert sheets() == before
        assert_all_stored_is_valid()


@FUZZ
@given(data=st.data(), fields=form("round_number", round_number=st.integers(0, 3),
                                   valid={"round_number": 2}))  # fmt: skip
def test_round_undo(table, data, fields):
    pk = data.draw(game_pk(table))
    with rolled_back():
        before = sheets()
        response = post(table["client"], f"/games/{pk}/undo/", fields, False)
        assert response.status_code in {302, 404, 409, 422}
        after = sheets()
        changed = [key for key in before if before[key] != after[key]]
        if changed:  # only alice's last round, gone
            assert changed == [table["game"].pk] and fields["round_number"] in (2, "2")
            assert after[table["game"].pk][1] == before[table["game"].pk][1][:1]
        assert_all_stored_is_valid()


@FUZZ
@example(fields={"username": DOTTED_I}, password="correct-horse-battery-9")
@example(fields={"username": SHARP_S}, password="correct-horse-battery-9")
@example(fields={"username": f"car{NUL}ol", "password1": NUL}, password="x")
@example(fields={"username": HUGE}, password="correct-horse-battery-9")
@given(
    fields=form("username", "password1", "password2", valid={"username": "carol"}),
    password=st.sampled_from(["correct-horse-battery-9", "x"]),
)
def test_signup(client, db, fields, password):
    fields.setdefault("password1", password)
    fields.setdefault("password2", password)
    with rolled_back():
        response = post(client, "/accounts/signup/", fields, False)
        assert response.status_code in {302, 422}
        users = get_user_model().objects.all()
        assert users.count() == (response.status_code == 302)
        for user in users:
            # usernames are stored in NFKC form and trimmed: "Ｌｌａｍａ " signs up as "Llama"
            typed = unicodedata.normalize("NFKC", str(fields["username"]).strip())
            assert user.username == typed and len(user.username) <= 150


@FUZZ
@example(fields={"username": NUL, "password": NUL})
@example(fields={"username": "ALİCE", "password": "correct-horse-9"})
@example(fields={"username": HUGE, "password": HUGE, "next": NUL})
@given(fields=form("username", "password", "next",
                   valid={"username": "alice", "password": "correct-horse-9"}))  # fmt: skip
def test_login(client, alice, fields):
    with rolled_back():
        response = post(client, "/accounts/login/", fields, False)
        assert response.status_code in {302, 422, 429}
        if response.status_code == 302:  # never to another site
            assert url_has_allowed_host_and_scheme(response["Location"], {"testserver"})


def player_pk(table):
    """One of alice's players, one of bob's, or any number."""
    alices = [seat.player_id for seat in table["game"].seats]
    bobs = [seat.player_id for seat in table["bobs"].seats]
    return st.one_of(st.sampled_from(alices), st.sampled_from(bobs), st.integers(0, 2**70))


@FUZZ
@given(data=st.data(), fields=form("name", valid={"name": "Anne"}), htmx=st.booleans())
def test_player_rename(table, data, fields, htmx):
    pk = data.draw(player_pk(table))
    with rolled_back():
        bobs = sheets(table["bobs"].owner)
        response = post(table["client"], f"/players/{pk}/rename/", fields, htmx)
        assert response.status_code in {302, 404, 422}
        assert sheets(table["bobs"].owner) == bobs
        assert_all_stored_is_valid()


@FUZZ
@given(data=st.data(), htmx=st.booleans())
def test_player_merge(table, make_game, data, htmx):
    with rolled_back():
        make_game(names=("Anne", "Ben"), rounds=[[3, 5]])  # Anne never sat beside Ana
        pk = data.draw(player_pk(table))
        fields = data.draw(form("into", into=player_pk(table)))
        bobs, games = sheets(table["bobs"].owner), Game.objects.count()
        response = post(table["client"], f"/players/{pk}/merge/", fields, htmx)
        assert response.status_code in {302, 404, 422}
        assert sheets(table["bobs"].owner) == bobs and Game.objects.count() == games
        assert_all_stored_is_valid()


@FUZZ
@example(fields={"email": f"a{NUL}@example.com", "password": "correct-horse-9"})
@example(fields={"email": f"{SHARP_S}@{DOTTED_I}.example", "password": "correct-horse-9"})
@example(fields={"email": HUGE, "password": HUGE})
@given(fields=form("email", "password", valid={"email": "a@example.com",
                                               "password": "correct-horse-9"}))  # fmt: skip
def test_email_change(table, fields):
    with rolled_back():
        response = post(table["client"], "/accounts/email/", fields, False)
        assert response.status_code in {302, 422}
        email = get_user_model().objects.get(pk=table["alice"].pk).email
        if response.status_code == 422:
            assert email == ""
        elif email:  # an address stored is one
            validate_email(email)
