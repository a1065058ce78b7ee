"""The sidecar that says how many commits the journal had acknowledged.

SQLite, opening a write-ahead log that was cut short or damaged, quietly
keeps only the transactions before the damage: the session goes back in
time and nothing says so. Each journal transaction therefore adds one to a
count kept in the journal, and once its commit is durable the count is
written here (one small ``pwrite``, no fsync: the sidecar may lag behind a
power cut, but it is never ahead of what was acknowledged). On opening, a
journal holding fewer commits than the sidecar lost the difference.

The record names the journal by a random id kept in it, so a sidecar is
only ever compared with the journal that wrote it (a journal made anew, or
imported from a backup, has an id of its own).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import struct
import time
from dataclasses import dataclass
from pathlib import Path

MAGIC = b"tkacked1"
LAYOUT = struct.Struct("<8sqd16s")


@dataclass(frozen=True)
class Acked:
    """The newest acknowledged commit count, when it was made, and a copy of the files
    taken when fewer were found (None: not copied)."""

    commits: int
    at: float
    copy: str | None = None


def sidecar(journal: Path) -> Path:
    return Path(f"{journal}-acked")


def _seal(body: bytes) -> bytes:
    return hashlib.sha256(body).digest()[:8]


def read(journal: Path, name: str) -> Acked | None:
    """What the sidecar of ``journal`` (whose id is ``name``) says, or None if it is missing,
    damaged or another journal's."""
    try:
        data = sidecar(journal).read_bytes()
    except OSError:
        return None
    body = data[: LAYOUT.size]
    if len(data) < LAYOUT.size + 8 or data[LAYOUT.size : LAYOUT.size + 8] != _seal(body):
        return None
    magic, commits, at, owner = LAYOUT.unpack(body)
    if magic != MAGIC or owner != name.encode()[:16].ljust(16, b"\0"):
        return None
    return Acked(commits, at)


class Acks:
    """Writes the sidecar of one journal file, opened on the first write."""

    def __init__(self, journal: Path, name: str) -> None:
        self.journal = journal
        self._owner = name.encode()[:16].ljust(16, b"\0")
        self._fd: int | None = None

    def write(self, commits: int) -> None:
        """Say that ``commits`` commits are durable; a sidecar that cannot be written is
        skipped (it only ever makes damage easier to see)."""
        try:
            if self._fd is None:
                self._fd = os.open(sidecar(self.journal), os.O_RDWR | os.O_CREAT, 0o644)
            body = LAYOUT.pack(MAGIC, commits, time.time(), self._owner)
            os.pwrite(self._fd, body + _seal(body), 0)
        except OSError:
            self.close()

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
