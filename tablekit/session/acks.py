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

A second record, further on in the same file, says which session's whole chain
was last found to check out, and by a writer that then kept it so: it is written
when that writer closes the journal, with the files' size, time and inode as they
are then (see :func:`vouch`). A read that finds the files just so need not walk the
chain again (``salvage.verdict``); any write since, by anyone, changes them.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

from msgspec import Struct

MAGIC = b"tkacked4"
"""The layout's version: a sidecar of an older layout is ignored, as a missing one (so a
log cut short in the last run before an upgrade goes unreported, as with no sidecar)."""
LAYOUT = struct.Struct("<8sqd16s16s16s")
SEAL = struct.Struct("<I")
VOUCHED = b"tkvouch1"
"""The layout of the record of a chain found whole (see :func:`vouch`)."""
VOUCH = struct.Struct("<8s16s16s16sq7q")
VOUCH_AT = 128
"""Where that record starts, after the acknowledgement's (an older sidecar has none)."""


class Acked(Struct, frozen=True):
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


Files = tuple[int, int, int, int, int, int, int]
"""The journal and its write-ahead log as the file system has them: the journal's device,
inode, size and time of change, and the log's inode, size and time (zeros when there is
none or it is empty)."""


def files(journal: Path) -> Files | None:
    """How ``journal`` and its write-ahead log stand now (None: the journal is not there).
    Only ``stat``: no file is opened, so no lock of SQLite's is touched."""
    try:
        found = os.stat(journal)
    except OSError:
        return None
    try:
        wal = os.stat(f"{journal}-wal")
        log = (wal.st_ino, wal.st_size, wal.st_mtime_ns) if wal.st_size else (0, 0, 0)
    except OSError:  # none, or an empty one (a read may make one): nothing in it either way
        log = (0, 0, 0)
    return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, *log)


class Vouched(Struct, frozen=True):
    """A session (by digest) whose whole chain checked out, its version and head then, and
    how the files stood once the writer that found so closed them."""

    session: bytes
    version: int
    head: bytes
    files: Files


def vouched(journal: Path, owner: str) -> Vouched | None:
    """The sidecar's record of a chain found whole, or None if there is none, or it is
    damaged or another journal's."""
    try:
        data = sidecar(journal).read_bytes()[VOUCH_AT:]
    except OSError:
        return None
    body, seal = data[: VOUCH.size], data[VOUCH.size : VOUCH.size + SEAL.size]
    if len(seal) < SEAL.size or seal != _seal(body):
        return None
    magic, written_by, session, head, version, *stood = VOUCH.unpack(body)
    if magic != VOUCHED or written_by != digest(owner):
        return None
    device, inode, size, changed, log, logged, log_changed = stood
    return Vouched(session, version, head, (device, inode, size, changed, log, logged, log_changed))


class Acks:
    """Writes the sidecar of one journal file, opened on the first write; ``now`` is the
    journal's clock (the time each acknowledgement is made at)."""

    def __init__(self, journal: Path, owner: str, now: Callable[[], float]) -> None:
        self.journal = journal
        self._now = now
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
            body = LAYOUT.pack(MAGIC, version, self._now(), self._owner, name, mark(head))
            os.pwrite(self._fd, body + _seal(body), 0)
        except OSError:
            self.close()

    def vouch(self, session: str, version: int, head: str) -> None:
        """Say that the whole chain of ``session`` checked out and was kept so up to
        ``version`` and ``head``, with the files as they stand now; called once the journal
        is closed (its last checkpoint done). Skipped if the sidecar cannot be written."""
        stood = files(self.journal)
        if stood is None:
            return
        try:
            if self._fd is None:
                self._fd = os.open(sidecar(self.journal), os.O_RDWR | os.O_CREAT, 0o644)
            body = VOUCH.pack(VOUCHED, self._owner, digest(session), mark(head), version, *stood)
            os.pwrite(self._fd, body + _seal(body), VOUCH_AT)
        except OSError:
            self.close()

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
