"""Recognising a tablekit journal before SQLite is let near the file.

SQLite happily treats an empty file as an empty database, rolls a lone
write-ahead log into a new one, and would give any database tablekit's
tables and switch it to WAL for good. So the file's first bytes are read
here first: a journal starts with SQLite's header and carries tablekit's
application id; a journal from before the id is recognised by its tables,
read with SQLite told the file is immutable, so nothing is created beside
it. Anything else is refused and never written.

The file's own bytes are read directly only where that cannot cost another
connection its locks. SQLite keeps its locks on the journal as POSIX
advisory locks, which belong to the process, and closing *any* descriptor of
the file in that process drops all of them. A journal open in the app (its
locks gone unnoticed) would then look unused to a script finishing in another
process, which would checkpoint and delete the write-ahead log the app is
still writing to: its next commits would go to a deleted file, lost when it
is killed. So a file this process has a journal open on is not read again
here (it was recognised when that journal opened it), and a copy of it is
made by another process (:func:`copy_files`).
"""

from __future__ import annotations

import os
import sqlite3
import sys
import threading
import weakref
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from tablekit.session.errors import NoJournalYet, NotAJournal

TYPE_CHECKING = False  # this module is read by ``tablekit state``: neither typing nor msgspec
if TYPE_CHECKING:
    from tablekit.session.clock import Clock

APPLICATION_ID = 0x746B6A31
"""``PRAGMA application_id`` of a tablekit journal ("tkj1"), at byte 68 of its header."""

HEADER = b"SQLite format 3\x00"

BUSY_SECONDS = 15.0
"""How long to wait for another process (a script, the app) to finish writing."""

ROLLBACK = bytes.fromhex("d9d505f920a163d7")
"""The first bytes of a rollback journal that holds a transaction to undo."""


Held = tuple[int, int]
"""A file as the operating system knows it: device and inode, whatever path reaches it."""

_HELD: Counter[Held] = Counter()
"""How many journals this process has open on each file."""
_HELD_LOCK = threading.Lock()  # the app walks a session's chain on a thread of its own


def _file(path: Path) -> Held | None:
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_dev, found.st_ino


def hold(path: Path, owner: object) -> Callable[[], None]:
    """Note that ``owner`` (a journal) has the file at ``path`` open; returns the release,
    to call once its connection is closed. A journal dropped unclosed releases too when it is
    collected, as its connection closes then: a file that later takes the same inode number
    (a new journal where the old one was deleted) is not mistaken for one held here."""
    key = _file(path)
    if key is None:
        return _nothing
    with _HELD_LOCK:
        _HELD[key] += 1
    return weakref.finalize(owner, _release, key)


def _release(key: Held) -> None:
    with _HELD_LOCK:
        _HELD[key] -= 1
        if _HELD[key] <= 0:
            del _HELD[key]


def _nothing() -> None:
    """The release of a hold on no file."""


def held(path: Path) -> bool:
    """Whether a journal of this process has the file at ``path`` open."""
    key = _file(path)
    with _HELD_LOCK:
        return key in _HELD


_COPY = (
    "import shutil, sys\n"
    "for at in range(1, len(sys.argv), 2):\n"
    "    shutil.copyfile(sys.argv[at], sys.argv[at + 1])\n"
)
"""The child's program: each (source, target) pair of its arguments copied in turn."""


def copy_files(pairs: list[tuple[Path, Path]]) -> None:
    """Copy each source to its target byte for byte, in a process of its own, so that closing
    the copies' descriptors drops none of this process's locks; OSError on failure."""
    import subprocess  # only a copy needs it: an ordinary open or read does not load it

    argv = [os.fspath(path) for pair in pairs for path in pair]
    copied = subprocess.run(
        [sys.executable, "-I", "-S", "-c", _COPY, *argv],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if copied.returncode:
        lines = copied.stderr.strip().splitlines() or ["no reason given"]
        raise OSError(f"cannot copy {pairs[0][0]}: {lines[-1]}")


def check(path: Path, readonly: bool) -> bool:
    """Whether ``path`` is to become a new journal; NotAJournal if it is something else.

    Nothing at the path, or an empty file with no write-ahead log, is a new
    journal (there is nothing in it to lose); a read finds no journal there. A file
    that a journal of this process has open is one (see the module's note on locks). A
    writer first has SQLite undo a transaction a killed writer left (:func:`unfinished`).
    """
    if held(path):
        return False
    if not readonly and unfinished(path):
        roll_back(path)
    wal = Path(f"{path}-wal")
    logged = wal.is_file() and wal.stat().st_size > 0
    if not path.exists() or (path.is_file() and path.stat().st_size == 0):
        if logged:
            raise NotAJournal(
                f"cannot use the journal {path}: it is missing or empty but its write-ahead "
                f"log {wal.name} is not; both were left as they are"
            )
        if readonly:
            raise NoJournalYet(f"there is no journal at {path} yet")
        return True
    if not path.is_file():
        raise NotAJournal(f"cannot use the journal {path}: it is not a file")
    with path.open("rb") as stream:
        header = stream.read(100)
    if len(header) < 100 or not header.startswith(HEADER):
        raise NotAJournal(
            f"cannot use the journal {path}: it is not an SQLite database, so not a tablekit "
            "journal; it was left as it is"
        )
    application = int.from_bytes(header[68:72], "big")
    if application == APPLICATION_ID:
        return False
    if application != 0:
        raise NotAJournal(
            f"cannot use the journal {path}: it is another program's SQLite database; "
            "it was left as it is"
        )
    tables = _tables(path, immutable=True)
    if not {"sessions", "steps"} <= tables and logged:
        tables = _tables(path, immutable=False)  # tables only in a never-checkpointed log
    if not {"sessions", "steps"} <= tables:
        what = f" ({', '.join(sorted(tables))})" if tables else " with no tables"
        raise NotAJournal(
            f"cannot use the journal {path}: it is an SQLite database{what}, not a tablekit "
            "journal; it was left as it is"
        )
    return False  # a journal from before the application id


def unfinished(path: Path) -> bool:
    """Whether a rollback journal beside ``path`` holds a transaction a writer began and did
    not finish. tablekit writes in WAL mode once a journal is made, so this is a first
    creation killed mid-way (or one under way in another process right now).

    SQLite undoes such a transaction at the next open that may write, and a connection that
    may not write fails on it ("attempt to write a readonly database"). So a writer has
    SQLite undo it first (:func:`roll_back`), and a read undoes it in a copy, never in the
    file (``Journal``): each then reads what the app reads. Only the rollback journal is read
    here, which holds none of SQLite's locks.
    """
    try:
        with open(f"{path}-journal", "rb") as stream:
            return stream.read(len(ROLLBACK)) == ROLLBACK
    except OSError:
        return False


def roll_back(path: Path) -> None:
    """Have SQLite undo the unfinished transaction at ``path``, as its first read by a
    connection that may write does (it checks first that no writer is still at it). A file
    SQLite cannot read is left to the checks that follow."""
    try:
        db = sqlite3.connect(path, timeout=15.0)
        try:
            db.execute("PRAGMA schema_version").fetchone()
        finally:
            db.close()
    except (sqlite3.Error, UnicodeDecodeError):
        pass


def _tables(path: Path, immutable: bool) -> set[str]:
    """The tables in the database at ``path``, only read.

    ``immutable``: in the file itself, with SQLite told it cannot change, so
    no lock, write-ahead log or shared-memory file is created or read.
    Otherwise through a read-only connection, which reads the write-ahead log
    too (it may open the shared-memory index SQLite keeps beside a log, never
    the database or the log itself for writing).
    """
    uri = path.resolve().as_uri() + ("?mode=ro&immutable=1" if immutable else "?mode=ro")
    try:
        db = sqlite3.connect(uri, uri=True)
        try:
            return {
                row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
        finally:
            db.close()
    except (sqlite3.Error, UnicodeDecodeError) as error:
        raise NotAJournal(
            f"cannot use the journal {path}: SQLite cannot read it ({error}); it was left as it is"
        ) from None


ASIDE = "set-aside"
"""The suffix (before the date and time) of a file set aside for a fresh journal."""


def set_aside(path: Path, clock: Clock) -> Path:
    """Rename the file at ``path`` and its write-ahead log beside it, so a fresh journal can
    be made there; return the new name, which says when by ``clock``. Renamed, never
    copied, deleted or overwritten."""
    from tablekit.session.clock import stamp  # only here: the clock's module loads msgspec

    when = stamp(clock)
    base = path.with_name(f"{path.name}.{ASIDE}-{when}")
    n = 1
    while any(Path(f"{base}{end}").exists() for end in ("", "-wal", "-shm")):
        n += 1
        base = path.with_name(f"{path.name}.{ASIDE}-{when}-{n}")
    for end in ("", "-wal", "-shm"):
        source = Path(f"{path}{end}")
        if source.exists():
            source.rename(f"{base}{end}")
    return base
