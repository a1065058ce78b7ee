"""Replace a file so that a crash or a pulled plug leaves the old file or the new, never half."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import IO


def replace_file(path: Path, write: Callable[[IO[bytes]], object]) -> None:
    """Write a new ``path`` through ``write``: to a temporary file, synced, then renamed over it."""
    import tempfile  # only a write needs it: a start that reads its files does not load it

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            write(out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
