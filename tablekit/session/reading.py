"""Opening a journal only to read it, so that no file appears or changes beside it.

SQLite's plain read-only mode (``mode=ro``) still writes: on a journal in WAL
mode with no write-ahead log beside it, it creates the log and its shared-memory
index; on one whose log is there and no connection is at it (a killed app's), it
rebuilds the index in the ``-shm`` file. So the mode is chosen by what lies
beside the file:

* no ``-wal``: the file holds every commit (SQLite deletes the log only once it
  has copied all of it into the file), so it is read with ``immutable=1``: no
  log, no index, no lock. A writer that starts meanwhile writes to a log of its
  own and leaves the file alone until it checkpoints, which changes the file's
  size or time: :meth:`Read.moved` tells, and the reader reads again.
* a ``-wal`` that a connection is at (one of this process, or another holding
  its lock in the ``-shm``): the log may hold commits not yet in the file, which
  ``immutable`` would ignore, so it is read through the log with ``mode=ro``,
  as SQLite's own reader beside a writer; the index is the writer's, and is
  there already.
* a ``-wal`` no connection is at: SQLite would rebuild the index, so the file
  and its log are copied aside by another process and read from the copy, in
  memory. (``readonly_shm=1`` would read them in place, but the read-only index
  it maps is then shared with any writer this process opens later, which could
  not write through it.)
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import struct
from pathlib import Path

from tablekit.session import guard
from tablekit.session.guard import BUSY_SECONDS


class Read:
    """The state of a journal's files when a read opened them, to tell whether they moved."""

    def __init__(self, file: Path) -> None:
        self.file = file
        self.immutable = not Path(f"{file}-wal").exists()
        self.through_log = not self.immutable and (guard.held(file) or in_use(Path(f"{file}-shm")))
        """Whether a connection is at the log, so it is read through it (else copied)."""
        self._stood = _stat(file)

    @property
    def copies(self) -> bool:
        """Whether the read is of a copy in memory (a log nobody holds), not of the file."""
        return not self.immutable and not self.through_log

    def moved(self) -> bool:
        """Whether a writer may have changed the file under an ``immutable`` read: a log now
        stands beside it, or the file's size, time or inode changed. A read through the log
        (the other modes) is SQLite's own, at one moment, and never moved."""
        if not self.immutable:
            return False
        return Path(f"{self.file}-wal").exists() or _stat(self.file) != self._stood

    def connect(self) -> sqlite3.Connection:
        """A connection that reads the journal as it stands and never writes beside it."""
        uri = self.file.resolve().as_uri()
        if self.immutable:
            db = sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, isolation_level=None)
        elif not self.copies:
            db = sqlite3.connect(
                f"{uri}?mode=ro", uri=True, isolation_level=None, timeout=BUSY_SECONDS
            )
        else:
            db = copied(self.file, ("", "-wal"))
        db.execute("PRAGMA query_only=ON")
        return db


DMS = 128
"""The byte of the ``-shm`` file every connection to a journal in WAL mode holds a shared
lock on while it is open (SQLite's ``UNIX_SHM_DMS``)."""
FLOCK = "@hhqqi0q"
"""``struct flock``: type, whence, start, length, pid (off_t is 64 bits wherever Python is
built with large files)."""


def in_use(shm: Path) -> bool:
    """Whether a connection of another process has the journal open: it holds its lock in the
    ``-shm``. Only asked of a file no journal of this process has open, since closing any
    descriptor of a file drops every lock this process holds on it (see :mod:`.guard`)."""
    try:
        descriptor = os.open(shm, os.O_RDONLY)
    except OSError:
        return False
    try:
        asked = struct.pack(FLOCK, fcntl.F_WRLCK, os.SEEK_SET, DMS, 1, 0)
        found = fcntl.fcntl(descriptor, fcntl.F_GETLK, asked)
        return bool(struct.unpack(FLOCK, found)[0] != fcntl.F_UNLCK)
    except OSError:
        return True  # not known: read through the log, as SQLite's own reader would
    finally:
        os.close(descriptor)


def _stat(file: Path) -> tuple[int, int, int, int] | None:
    try:
        found = os.stat(file)
    except OSError:
        return None
    return found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns


def copied(file: Path, ends: tuple[str, ...]) -> sqlite3.Connection:
    """The journal at ``file`` with its files ``ends`` (``""``, ``"-wal"``, ...), copied aside
    by another process (see :func:`guard.copy_files`) and read into memory from the copy."""
    import tempfile  # only beside a log nobody holds: an ordinary read does not load it

    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / file.name
        present = [end for end in ends if Path(f"{file}{end}").exists()]
        guard.copy_files([(Path(f"{file}{end}"), Path(f"{copy}{end}")) for end in present])
        source = sqlite3.connect(copy)
        memory = sqlite3.connect(":memory:", isolation_level=None)
        try:
            source.backup(memory)
        finally:
            source.close()
    return memory
