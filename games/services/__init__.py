"""Writes that touch several rows: each one transaction, re-checked by the rules.

Each write to what a sheet shows draws its games a new version, once, here (the admin and the
import do so themselves): the version is a save's optimistic lock, the polls' tag and the key
of what is kept of the game (games/models.py, Game.version).

One module per topic: rounds.py (a round added, replaced, undone), saves.py (what became of a
posted round), games.py (a game started, deleted, placed), players.py (renamed, merged),
links.py (scorer links), deletion.py (an account's games when it goes). The account's row
lock, which nights.py takes too, is games/locks.py.
"""
