"""Writing a file atomically: a temporary file beside it, then a rename into place.

A reader (or a run interrupted half-way) sees the old file or the new one, never a part of
either. Used by the result cache (run/cache.py) and by the report's files (cli/terminal.py).
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: bytes, durable: bool = False) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder (mode 0644),
    created with the folder if need be; with ``durable``, flushed to disk before the rename.
    Raises OSError (nothing is left behind); any other exception propagates the same way."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
