"""The sidecar that says how many commits the journal had acknowledged.

SQLite, opening a write-ahead log that was cut short or damaged, quietly
keeps only the transactions before the damage: the session goes back in
time and nothing says so. Each journal transaction therefore adds one to a
count kept in the journal, and once its commit is durable the count is
written here (one small ``pwrite``, no fsync: the sidecar may lag behind a
power cut, but it is never ahead of what was acknowledged). On opening, a
journal holding fewer commits than the sidecar lost the difference.

The record names the journal file's device and inode, so a journal replaced
by another file (a restored backup) is not compared with this one's count.
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
LAYOUT = struct.Struct("<8sqdQQ")


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


def read(journal: Path) -> Acked | None:
    """What the sidecar of ``journal`` says, or None if it is missing, damaged or another file's."""
    try:
        data = sidecar(journal).read_bytes()
        where = journal.stat()
    except OSError:
        return None
    body = data[: LAYOUT.size]
    if len(data) < LAYOUT.size + 8 or data[LAYOUT.size : LAYOUT.size + 8] != _seal(body):
        return None
    magic, commits, at, device, inode = LAYOUT.unpack(body)
    if magic != MAGIC or (device, inode) != (where.st_dev, where.st_ino):
        return None
    return Acked(commits, at)


class Acks:
    """Writes the sidecar of one journal file, opened on the first write."""

    def __init__(self, journal: Path) -> None:
        self.journal = journal
        self._fd: int | None = None
        self._where = (0, 0)

    def write(self, commits: int) -> None:
        """Say that ``commits`` commits are durable; a sidecar that cannot be written is
        skipped (it only ever makes damage easier to see)."""
        try:
            if self._fd is None:
                self._fd = os.open(sidecar(self.journal), os.O_RDWR | os.O_CREAT, 0o644)
                where = self.journal.stat()
                self._where = (where.st_dev, where.st_ino)
            body = LAYOUT.pack(MAGIC, commits, time.time(), *self._where)
            os.pwrite(self._fd, body + _seal(body), 0)
        except OSError:
            self.close()

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
