"""What tells a game already held from a new one when a backup is imported.

Every game carries a UUID that exports write and imports keep, so a game is added to an
account once however often its backup is imported. Exports written before games carried
one are recognised by their start time and players instead: `legacy_uuid` turns those
into a UUID, and migration 0004 gave the games of that time the same one.
"""

import json
import uuid
from datetime import UTC

# Fixed for good: changing it would make every old export look new.
LEGACY_NAMESPACE = uuid.UUID("5b0c3d1e-7a43-4c1f-9d2e-0f6a8b41c7e2")


def legacy_uuid(started_at, names):
    """The identity of a game from before game UUIDs: its start (to the microsecond) and table."""
    moment = started_at.astimezone(UTC).isoformat()
    return uuid.uuid5(LEGACY_NAMESPACE, json.dumps([moment, list(names)], ensure_ascii=False))
