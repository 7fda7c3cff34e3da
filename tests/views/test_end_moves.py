"""A correction that moves the end is saved at the first tap, says beforehand what it does,
and keeps the rounds typed after the end on record, apart and not counted; taken back, the
game is exactly as it was (games/rules/base.py: GameState.beyond)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.display import sheet_context
from games.models import Game, ShareLink
from games.rules import Round
from games.rules.lama import RULES as LAMA
from games.services.saves import SAVED
from tests.helpers.pagetext import tags, text
from tests.views.test_corrections_replay import Phone

pytestmark = pytest.mark.django_db

TYPED = [[13, 5, 2], [20, 3, 4], [6, 2, 1]]  # Ana 39, Ben 10, Cleo 7
SAID = "Ana reaches 51 in round 2: the game ends there. Round 3 no longer counts."


def typed(*values, number=1):
    # nobody emptied their hand: who quit last starts the next round
    seats = {f"seat_{seat}": v for seat, v in enumerate(values)}
    return seats | {"round_number": number, "last_to_quit": 0}


def test_the_three_round_typo_is_corrected_at_the_first_tap_and_taken_back(alice_client, make_game):
    game = make_game(rounds=TYPED)
    url = f"/games/{game.pk}/rounds/1/edit/"

    preview = alice_client.post(f"/games/{game.pk}/rounds/1/later/", typed(31, 5, 2))
    assert SAID in text(preview.text)  # before saving
    assert Game.objects.get(pk=game.pk).state.totals == (39, 10, 7)

    saved = alice_client.post(url, typed(31, 5, 2))  # the first tap
    assert saved.status_code == 302
    sheet = alice_client.get(saved["Location"]).text
    assert SAID in text(sheet)
    game = Game.objects.get(pk=game.pk)
    assert game.state.finished and game.state.totals == (51, 8, 6)
    assert len(game.state.rounds) == 2 and game.state.beyond[0].entries == (6, 2, 1)
    assert game.finished_at == game.stored_rounds[1].created_at and game.places == [3, 2, 1]
    assert "Typed after the end of the game: not counted" in sheet
    assert game.rounds.count() == 3  # on record, as typed

    as_json = alice_client.get(f"/games/{game.pk}.json").json()
    assert [r.get("beyond_end", False) for r in as_json["rounds"]] == [False, False, True]
    assert as_json["rounds"][2]["entries"] == {"Ana": 6, "Ben": 2, "Cleo": 1}
    assert as_json["totals"] == {"Ana": 51, "Ben": 8, "Cleo": 6} and as_json["finished"]

    back = alice_client.post(url, typed(13, 5, 2))  # taken back
    assert back.status_code == 302
    assert "Nobody reaches 40 any more: the game goes on. Round 3 counts again." in text(
        alice_client.get(back["Location"]).text
    )
    game = Game.objects.get(pk=game.pk)
    assert game.state.totals == (39, 10, 7) and len(game.state.rounds) == 3
    assert not game.state.beyond and not game.state.finished
    assert game.finished_at is None and game.places is None


def test_a_correction_that_ends_a_finished_game_later_counts_the_rounds_after_again(
    alice_client, make_game
):
    game = make_game(rounds=[*TYPED, [9, 30, 1]])  # ends in round 4: Ana 48, Ben 40
    url = f"/games/{game.pk}/rounds/1/edit/"
    alice_client.post(url, typed(31, 5, 2))  # now it ends in round 2
    game = Game.objects.get(pk=game.pk)
    assert len(game.state.rounds) == 2 and len(game.state.beyond) == 2
    assert game.finished_at == game.stored_rounds[1].created_at

    response = alice_client.post(url, typed(13, 5, 2))
    said = (
        "Ana reaches 48 and Ben reaches 40 in round 4: the game ends there. Rounds 3–4 count again."
    )
    assert said in text(alice_client.get(response["Location"]).text)
    game = Game.objects.get(pk=game.pk)
    assert game.state.totals == (48, 40, 8) and len(game.state.rounds) == 4
    assert game.finished_at == game.stored_rounds[3].created_at and game.places == [3, 2, 1]


def test_the_sheet_and_the_live_view_show_the_rounds_after_the_end_apart(
    alice_client, client, make_game
):
    game = make_game(rounds=TYPED)
    alice_client.post(f"/games/{game.pk}/rounds/1/edit/", typed(31, 5, 2))
    link = ShareLink.objects.create(game=game)
    for page in (alice_client.get(f"/games/{game.pk}/"), client.get(f"/live/{link.token}/")):
        (apart,) = tags(page.text, "tbody", class_="beyond-end")
        assert "Typed after the end of the game: not counted" in page.text
        assert "typed, not counted:" in page.text
    assert "Undo round 3" in alice_client.get(f"/games/{game.pk}/").text


def test_a_new_round_after_the_end_is_still_refused(alice_client, make_game):
    game = make_game(rounds=TYPED)
    alice_client.post(f"/games/{game.pk}/rounds/1/edit/", typed(31, 5, 2))
    response = alice_client.post(f"/games/{game.pk}/rounds/", typed(1, 2, 0, number=4))
    assert response.status_code in (409, 422)
    assert Game.objects.get(pk=game.pk).rounds.count() == 3


def test_the_round_after_the_end_can_be_undone(alice_client, make_game):
    game = make_game(rounds=TYPED)
    alice_client.post(f"/games/{game.pk}/rounds/1/edit/", typed(31, 5, 2))
    game = Game.objects.get(pk=game.pk)
    round_id, version = game.stored_rounds[2].pk, game.stored_rounds[2].version
    confirm = {"round_number": 3, "round_id": round_id, "round_version": version}
    response = alice_client.post(f"/games/{game.pk}/undo/", confirm)
    assert response.status_code == 302
    game = Game.objects.get(pk=game.pk)
    assert game.rounds.count() == 2 and game.state.finished and not game.state.beyond


# --------------------------------------------------------------------------- from two phones


def near_the_end(data, totals):
    """A round as a scorer could type it on `totals`, big enough to move the end: one player
    emptied their hand (giving back a chip they hold, or none), the others take a penalty."""
    emptier = data.draw(st.integers(0, 2))
    entries = [data.draw(st.sampled_from([1, 5, 12, 20, 31])) for _seat in range(3)]
    entries[emptier] = max(
        data.draw(st.sampled_from([0, -1, -10])), LAMA.best_return(totals[emptier])
    )
    return Round(tuple(entries))


def assert_as_folded(pk, model):
    """The game as stored is the fold of the rounds as typed, the end included: what the sheet
    shows (its rows in play and beyond), whether it is over, since when, and the places."""
    game = Game.objects.get(pk=pk)
    assert [r.played.entries for r in game.stored_rounds] == [r.entries for r in model]
    folded = LAMA.fold(3, model, 0)
    assert game.state == folded
    shown = sheet_context(game)
    assert [row["number"] for row in shown["rows"]()] == [r.number for r in folded.rounds]
    assert [row["typed"] for row in shown["beyond_rows"]()] == [r.entries for r in folded.beyond]
    if folded.finished:
        assert game.finished_at == game.stored_rounds[len(folded.rounds) - 1].created_at
        assert game.places == list(LAMA.places(folded))
    else:
        assert (game.finished_at, game.places) == (None, None)


def _fits(model, number, round_):
    """Whether `round_`, typed again as round `number`, is a round the rules take (a chip typed
    then may be one the player no longer holds, an earlier round corrected since)."""
    try:
        LAMA.fold_with(3, model, number, round_, 0)
    except ValueError:
        return False
    return True


@settings(  # few examples: `make check` runs it (150 passed once, in 17 s)
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_two_phones_adding_correcting_and_undoing_leave_the_fold_the_end_included(make_game, data):
    pk = make_game().pk
    phones, model = [Phone(pk), Phone(pk)], []
    for _step in range(data.draw(st.integers(3, 9))):
        phone = data.draw(st.sampled_from(phones))
        action = data.draw(st.sampled_from(["add", "add", "edit", "edit", "undo", "read"]))
        up_to_date = phone.game.version == Game.objects.get(pk=pk).version
        if action == "read":
            phone.read()
        elif action == "add":
            # as stored, not as this phone last read it: a correction elsewhere may have
            # reopened the game since (its round is then saved), or ended it (refused)
            over = Game.objects.get(pk=pk).state.finished
            if phone.add(near_the_end(data, phone.game.state.totals)) == SAVED:
                assert not over  # a round after the end is never added
                model = [r.played for r in Game.objects.get(pk=pk).stored_rounds]
        elif action == "undo" and phone.bound:
            if phone.undo() == SAVED:
                model.pop()
        elif action == "edit" and phone.bound:
            number = data.draw(st.integers(1, len(phone.bound)))
            state = phone.game.state
            before = state.round_at(number - 1).totals if number > 1 else (0, 0, 0)
            was, round_ = model[number - 1] if up_to_date else None, near_the_end(data, before)
            result = phone.edit(number, round_)
            # never refused for where it moves the end: a phone up to date always saves
            assert result == SAVED or not up_to_date
            if result == SAVED:
                model[number - 1] = Round(
                    Game.objects.get(pk=pk).stored_rounds[number - 1].played.entries
                )
                assert_as_folded(pk, model)
                if was is not None and _fits(model, number, was):
                    # taken back at once: the game exactly as it was
                    then = LAMA.fold(3, model[: number - 1] + [was] + model[number:], 0)
                    assert Phone(pk).edit(number, was) == SAVED
                    model[number - 1] = was
                    assert Game.objects.get(pk=pk).state == then
        assert_as_folded(pk, model)


def test_a_round_typed_before_a_correction_ended_the_game_elsewhere_is_not_added(make_game):
    """The scorer's phone read the game in play; the owner's correction ends it in round 2: the
    scorer's round 4, checked by its form against the game it had read, is not saved after the
    end (the service replays the game as stored, which takes no round after its end)."""
    game = make_game(rounds=TYPED)
    scorer, owner = Phone(game.pk), Phone(game.pk)
    assert owner.edit(1, Round((31, 5, 2), last_to_quit=0)) == SAVED  # ends in round 2

    assert scorer.add(Round((1, 5, 2), last_to_quit=0)) != SAVED

    game = Game.objects.get(pk=game.pk)
    assert game.rounds.count() == 3 and len(game.state.beyond) == 1


def test_every_page_of_a_game_with_a_round_beyond_the_end_answers(
    alice_client, admin_client, make_game
):
    game = make_game(rounds=TYPED)
    alice_client.post(f"/games/{game.pk}/rounds/1/edit/", typed(31, 5, 2))
    game = Game.objects.get(pk=game.pk)
    round_3 = game.rounds.get(number=3)
    pages = [
        f"/games/{game.pk}/", f"/games/{game.pk}/board/", f"/games/{game.pk}/rounds/3/edit/",
        f"/games/{game.pk}/undo/?round=3",
        f"/games/{game.pk}/result.png", f"/games/{game.pk}/bgstats.json", "/history/",
        "/history/export.csv", f"/nights/{game.night_id}/", f"/nights/{game.night_id}.json",
        f"/nights/{game.night_id}/night.png", "/table/", "/standings.json",
        f"/players/{game.seats[0].player_id}/",
    ]  # fmt: skip
    for url in pages:
        response = alice_client.get(url)
        assert response.status_code == 200, url
        if response.streaming:
            b"".join(response.streaming_content)  # drawn whole
    for url in (f"/admin/games/game/{game.pk}/change/", f"/admin/games/round/{round_3.pk}/change/"):
        assert admin_client.get(url).status_code == 200, url
    round_page = admin_client.get(f"/admin/games/round/{round_3.pk}/change/").text
    assert "Typed after the end of the game: not counted" in round_page  # not the totals
    csv = b"".join(alice_client.get("/history/export.csv").streaming_content).decode()
    assert [line.split(",")[2:8] for line in csv.splitlines() if ",3,1,Ana," in line] == [
        ["3", "1", "Ana", "6", "0", "51"]  # typed 6, applied 0, the final total
    ]
    undo = alice_client.get(f"/games/{game.pk}/undo/?round=3").text
    assert "Undo round 3" in undo
