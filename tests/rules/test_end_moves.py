"""A correction that moves the end: the fold of the rounds as typed decides where the game
ends, the rounds typed after it stay, beyond the end, counted nothing, and taking the
correction back gives the game back exactly."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import EndShift, Round, lama, llama_llama

LAMA = lama.RULES
TYPED = [Round((13, 5, 2)), Round((20, 3, 4)), Round((6, 2, 1), last_to_quit=2)]  # 39 / 10 / 7


def test_a_typo_that_ends_the_game_earlier_leaves_the_round_after_beyond_the_end():
    state = LAMA.fold_with(3, TYPED, 1, Round((31, 5, 2)), first_starter=0)
    assert state.finished and state.winners == (2,)
    assert [r.number for r in state.rounds] == [1, 2] and state.totals == (51, 8, 6)
    (beyond,) = state.beyond
    assert (beyond.number, beyond.entries, beyond.points) == (3, (6, 2, 1), (0, 0, 0))
    assert state.next_round == 4 and state.round_at(3) == beyond


def test_the_edit_page_is_told_where_the_end_moves_and_back():
    before = LAMA.fold(3, TYPED, 0)
    after = LAMA.fold_with(3, TYPED, 1, Round((31, 5, 2)), 0)
    assert LAMA.end_shift(before, after) == EndShift(3, False, 2, True, 3, {0: 51})
    assert LAMA.end_shift(before, after).beyond == 1
    assert LAMA.end_shift(after, before) == EndShift(2, True, 3, False, 3)
    assert LAMA.end_shift(before, LAMA.fold_with(3, TYPED, 1, Round((12, 5, 2)), 0)) is None


def test_taking_the_correction_back_gives_the_three_rounds_back():
    corrected = [Round((31, 5, 2)), *TYPED[1:]]
    state = LAMA.fold_with(3, corrected, 1, TYPED[0], 0)
    assert state == LAMA.fold(3, TYPED, 0)
    assert state.totals == (39, 10, 7) and len(state.rounds) == 3 and not state.beyond


def test_a_new_round_after_the_end_is_still_refused():
    corrected = [Round((31, 5, 2)), *TYPED[1:]]
    refused = None
    try:
        LAMA.fold_with(3, corrected, 4, Round((1, 2, 0)), 0)
    except ValueError as error:
        refused = error
    assert [v.code for v in refused.violations] == ["game_over"]
    assert refused.violations[0].round == 4 and refused.violations[0].params["ended_in"] == 2


def test_a_round_beyond_the_end_is_edited_on_its_own_numbers():
    corrected = [Round((31, 5, 2)), *TYPED[1:]]
    state = LAMA.fold_with(3, corrected, 3, Round((7, 2, 1), last_to_quit=0), 0)
    assert state.beyond[0].entries == (7, 2, 1) and state.totals == (51, 8, 6)
    try:
        LAMA.fold_with(3, corrected, 3, Round((32, 2, 1)), 0)
    except ValueError as error:
        assert [v.code for v in error.violations] == ["too_high"]
    else:
        raise AssertionError("32 is more than a hand can cost")


def test_a_game_with_a_round_limit_keeps_rounds_after_it_beyond_the_end():
    rules = llama_llama.RULES
    played = [(10, 10)] * (rules.max_rounds + 1)
    state = rules.fold(2, played)
    assert len(state.rounds) == rules.max_rounds and len(state.beyond) == 1


# One game, corrected again and again: each state is the fold of the rounds as typed.
entry = st.sampled_from([1, 2, 5, 13, 20, 31])
a_round = st.tuples(entry, entry, entry).map(lambda e: Round(e, last_to_quit=0))


@settings(max_examples=25, deadline=None)
@given(st.lists(a_round, min_size=1, max_size=5), st.lists(st.tuples(st.integers(0, 4), a_round)))
def test_any_corrections_leave_the_fold_of_the_rounds_as_typed(typed, edits):
    original, typed, first = list(typed), list(typed), LAMA.fold(3, typed, 0)
    for index, round_ in edits:
        number = index % len(typed) + 1
        state = LAMA.fold_with(3, typed, number, round_, 0)
        typed[number - 1] = round_
        assert state == LAMA.fold(3, typed, 0)
        assert len(state.rounds) + len(state.beyond) == len(typed)  # nothing typed is lost
        assert all(not any(r.points) for r in state.beyond)
    for number, round_ in enumerate(original, start=1):  # every correction taken back
        state = LAMA.fold_with(3, typed, number, round_, 0)
        typed[number - 1] = round_
    assert state == first
