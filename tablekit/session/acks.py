"""The sidecar that says which version of a session was last acknowledged.

SQLite, opening a write-ahead log that was cut short or damaged, quietly
keeps only the transactions before the damage: the session goes back in
time and nothing says so. So once a change to a session is durable (its
commit returned), the session's new version is written here: one small
``pwrite``, no fsync, so the sidecar may lag behind a power cut but is
never ahead of what was acknowledged. On opening, a session whose version
in the journal is lower than the sidecar's, and whose newest step is not the
one the sidecar names, lost the difference. (A session moved to the trash
and back, or renamed, starts its version anew but keeps its newest step.)

The record names the journal by a random id kept in it, so a sidecar is
only ever compared with the journal that wrote it (a journal made anew, or
repaired into a new file, has an id of its own), and names the session by a
digest of its name. A CRC-32 seals it against a torn or damaged write.

A write follows every commit, in the time a command is measured against a
bare INSERT + COMMIT, so it does little: the session's digest is made once,
the head (itself a SHA-256) is stored as its first 16 bytes, not hashed again,
and the seal is a CRC.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import struct
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

MAGIC = b"tkacked4"
"""The layout's version: a sidecar of an older layout is ignored, as a missing one (so a
log cut short in the last run before an upgrade goes unreported, as with no sidecar)."""
LAYOUT = struct.Struct("<8sqd16s16s16s")
SEAL = struct.Struct("<I")


@dataclass(frozen=True)
class Acked:
    """The session (by digest) last changed, its version and head (by digest) then, and when."""

    session: bytes
    version: int
    at: float
    head: bytes


def sidecar(journal: Path) -> Path:
    return Path(f"{journal}-acked")


def digest(text: str) -> bytes:
    """A session's or a journal's name as the sidecar stores it."""
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).digest()[:16]


def mark(head: str) -> bytes:
    """A session's head (the checksum of its newest step) as the sidecar stores it: the first
    16 bytes of the SHA-256 it is; any other text (a damaged journal's), its digest."""
    try:
        return bytes.fromhex(head[:32]) if len(head) == 64 else digest(head)
    except ValueError:
        return digest(head)


def _seal(body: bytes) -> bytes:
    return SEAL.pack(zlib.crc32(body))


def read(journal: Path, owner: str) -> Acked | None:
    """What the sidecar of ``journal`` (whose id is ``owner``) says, or None if it is
    missing, damaged or another journal's."""
    try:
        data = sidecar(journal).read_bytes()
    except OSError:
        return None
    body, seal = data[: LAYOUT.size], data[LAYOUT.size : LAYOUT.size + SEAL.size]
    if len(seal) < SEAL.size or seal != _seal(body):
        return None
    magic, version, at, written_by, session, head = LAYOUT.unpack(body)
    if magic != MAGIC or written_by != digest(owner):
        return None
    return Acked(session, version, at, head)


class Acks:
    """Writes the sidecar of one journal file, opened on the first write."""

    def __init__(self, journal: Path, owner: str) -> None:
        self.journal = journal
        self._owner = digest(owner)
        self._fd: int | None = None
        self._names: dict[str, bytes] = {}
        """Each session's digest, made once: a write follows every commit."""

    def write(self, session: str, version: int, head: str) -> None:
        """Say that ``session`` reached ``version``, with ``head`` its newest step's checksum,
        in one ``pwrite`` and no fsync (it may lag behind a power cut, never run ahead of
        what was acknowledged); a sidecar that cannot be written is skipped (it only ever
        makes damage easier to see)."""
        try:
            if self._fd is None:
                self._fd = os.open(sidecar(self.journal), os.O_RDWR | os.O_CREAT, 0o644)
            name = self._names.get(session)
            if name is None:
                name = self._names[session] = digest(session)
            body = LAYOUT.pack(MAGIC, version, time.time(), self._owner, name, mark(head))
            os.pwrite(self._fd, body + _seal(body), 0)
        except OSError:
            self.close()

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
