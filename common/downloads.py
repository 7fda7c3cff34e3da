"""A download written whole to a file first, then sent as a FileResponse: the ASGI handler gives
the request's thread back once the view returns and sends the file from the event loop
(scorekeeper/asgi.py), so a slow reader holds neither a thread nor, for an export, its
snapshot's transaction, which ends as the file is written."""

import io
import tempfile

from django.http import FileResponse

# Held in memory up to this, on the disk past it.
SPOOL_BYTES = 1024 * 1024


def attachment(pieces, filename, content_type):
    """A FileResponse of `pieces` (bytes or text, all of them written here), as an attachment."""
    file = io.BytesIO()
    try:
        for piece in pieces:
            file.write(piece.encode() if isinstance(piece, str) else piece)
            if file.tell() > SPOOL_BYTES and isinstance(file, io.BytesIO):
                file = _on_disk(file)
    except BaseException:
        file.close()
        raise
    file.seek(0)
    return FileResponse(file, as_attachment=True, filename=filename, content_type=content_type)


def _on_disk(memory):
    """What `memory` holds, moved to a temporary file (gone from the disk once closed)."""
    file = tempfile.TemporaryFile()  # noqa: SIM115 (the response closes it)
    file.write(memory.getbuffer())
    return file
