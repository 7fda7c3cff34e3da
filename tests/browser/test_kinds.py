"""The game chosen at the start, at the table: the new-game form follows it, and a game of the
Lato z Komarami rule is played to the end with the card picker."""

from playwright.sync_api import expect

from games.models import Game


def name_field(page, number):
    return page.get_by_label(f"Player {number}", exact=True)


def test_the_new_game_form_follows_the_game_chosen(page, signed_in):
    page.goto("/games/new/")
    expect(page.get_by_text("L.L.A.M.A. is played by 2 to 6 players.")).to_be_visible()
    expect(name_field(page, 6)).to_be_visible()

    page.get_by_label("Llama Llama").check()
    expect(page.get_by_text("Llama Llama is played by 2 to 4 players.")).to_be_visible()
    expect(name_field(page, 4)).to_be_visible()
    expect(name_field(page, 5)).to_be_hidden()
    expect(name_field(page, 6)).to_be_hidden()
    expect(page.get_by_label("Who starts the first round")).to_be_hidden()

    page.get_by_label("L.L.A.M.A., Lato z Komarami rule").check()
    expect(page.get_by_text("is played by 2 to 6 players.")).to_have_text(
        "L.L.A.M.A., Lato z Komarami rule is played by 2 to 6 players."
    )
    expect(name_field(page, 6)).to_be_visible()
    expect(page.get_by_label("Who starts the first round")).to_be_visible()


def test_a_llama_llama_game_starts_without_a_starter(page, signed_in):
    page.goto("/games/new/")
    page.get_by_label("Llama Llama").check()
    for number, name in enumerate(["Ana", "Ben", "Cleo", "Dan"], start=1):
        name_field(page, number).fill(name)
    page.get_by_role("button", name="Start game").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Round 1")
    game = Game.objects.get()
    assert (game.kind, game.names) == ("llama_llama", ["Ana", "Ben", "Cleo", "Dan"])


def test_a_name_typed_beyond_the_limit_stays_in_sight_and_is_refused(page, signed_in):
    page.goto("/games/new/")
    for number, name in enumerate(["Ana", "Ben", "Cleo", "Dan", "Eve"], start=1):
        name_field(page, number).fill(name)
    page.get_by_label("Llama Llama").check()
    expect(name_field(page, 5)).to_be_visible()
    expect(name_field(page, 6)).to_be_hidden()
    page.get_by_role("button", name="Start game").click()

    expect(
        page.get_by_text("Llama Llama is played by 2 to 4 players: enter as many")
    ).to_be_visible()
    assert not Game.objects.exists()


def test_a_regular_is_seated_only_in_a_field_the_game_uses(page, signed_in, make_game):
    make_game(["Ana", "Ben", "Cleo", "Dan", "Eve"])
    page.goto("/games/new/")
    page.get_by_label("Llama Llama").check()
    for name in ["Ana", "Ben", "Cleo", "Dan", "Eve"]:
        page.get_by_role("button", name=f"{name} (add to the table)").click()
    expect(name_field(page, 4)).to_have_value("Dan")
    expect(name_field(page, 5)).to_be_hidden()
    expect(name_field(page, 5)).to_have_value("")
