"""The pages that follow a game are told when it moves on (issue 33): server-sent events.

A write raises its game's version in one place (GameQuerySet.raise_version); once its
transaction commits, `notices` publishes "game:<pk> <version>" through the engine made for it
(`backends`: Redis publish/subscribe when REDIS_URL is set, PostgreSQL LISTEN/NOTIFY when only
PostgreSQL is there, else within the machine on the embedded SQLite). Each process has one
`hub`, which one thread of its own subscribes for, and which hands each message to the streams
it holds (games/views/streams.py). A message carries no score: a page that hears a version it
does not show fetches the board as its poll does.
"""
