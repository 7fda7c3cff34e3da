"""What tells a game already held from a new one when a backup is imported.

Every game carries a UUID that exports write and imports keep, so a game is added to an
account once however often its backup is imported. Exports written before games carried
one are recognised by their start time and players instead: `legacy_uuid` turns those
into a UUID, and migration 0004 gave the games of that time the same one. A game with
neither (a file written by hand or by another program) is known by all it holds:
`content_uuid` of its kind, players, first starter and rounds.
"""

import json
import uuid
from datetime import UTC

# Fixed for good: changing it would make every old export look new.
LEGACY_NAMESPACE = uuid.UUID("5b0c3d1e-7a43-4c1f-9d2e-0f6a8b41c7e2")
CONTENT_NAMESPACE = uuid.UUID("c6d2a4f0-3b1e-4e58-9a77-1d0f5e2b8c93")


def legacy_uuid(started_at, names):
    """The identity of a game from before game UUIDs: its start (to the microsecond) and table."""
    moment = started_at.astimezone(UTC).isoformat()
    return uuid.uuid5(LEGACY_NAMESPACE, json.dumps([moment, list(names)], ensure_ascii=False))


def content_uuid(kind, names, first_starter, rounds):
    """The identity of a game known only by what it holds: two such games of one kind with
    the same table, first starter and rounds (numbers and who quit last) are taken for one."""
    typed = [[list(r.entries), r.last_to_quit] for r in rounds]
    content = json.dumps([kind, list(names), first_starter, typed], ensure_ascii=False)
    return uuid.uuid5(CONTENT_NAMESPACE, content)
