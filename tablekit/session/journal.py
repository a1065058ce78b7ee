"""The durable record of every session: an SQLite journal of steps.

A step is one accepted command with the events it caused, written in a
single transaction before anyone sees the result. WAL with
``synchronous=FULL`` means a step that was acknowledged survives a killed
process or a pulled plug. Undo and redo flip a step's ``undone`` flag, so
they survive restarts too; a new command deletes the undone steps, as a new
move clears the redo stack in any editor.

Each step carries a checksum of its command, its events and the previous
step's checksum, so a changed, missing or reordered step breaks the chain
where it happened; the session row keeps the checksum of its newest step in
effect, so a lost newest step is noticed too. Every so often the session
also stores a snapshot of its folded state in the same transaction as a
step, so that opening a session, undo and redo fold (and check) only the
steps after it. A snapshot is an optimisation only: the steps are the
truth, and a snapshot that does not check out is ignored.

Damage that SQLite itself would hide is caught in two more ways. The file
is recognised before SQLite is let near it (see :mod:`.guard`), so a foreign
file is never given tablekit's tables. And after each commit the session's
new version is written to a small sidecar (see :mod:`.acks`), so a
write-ahead log cut short, which SQLite silently rolls back to its last
whole transaction, shows as a session older than was acknowledged.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import math
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from tablekit.session import acks, guard, readable
from tablekit.session.errors import JournalError, NotAJournal
from tablekit.session.guard import APPLICATION_ID

log = logging.getLogger(__name__)

__all__ = ["JournalError", "NotAJournal"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    name TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    head TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS steps (
    id INTEGER PRIMARY KEY,
    session TEXT NOT NULL REFERENCES sessions(name) ON DELETE CASCADE,
    command TEXT NOT NULL,
    events TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0,
    at REAL NOT NULL,
    checksum TEXT
);
CREATE INDEX IF NOT EXISTS steps_by_session ON steps(session, id);
CREATE INDEX IF NOT EXISTS steps_undone ON steps(session) WHERE undone = 1;
CREATE TABLE IF NOT EXISTS snapshots (
    session TEXT NOT NULL REFERENCES sessions(name) ON DELETE CASCADE,
    step INTEGER NOT NULL,
    tag TEXT NOT NULL,
    state BLOB NOT NULL,
    checksum TEXT NOT NULL,
    PRIMARY KEY (session, step)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS answers (
    session TEXT NOT NULL REFERENCES sessions(name) ON DELETE CASCADE,
    id TEXT NOT NULL,
    events TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (session, id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS drops (
    session TEXT,
    found REAL NOT NULL,
    count INTEGER NOT NULL,
    first REAL,
    last REAL,
    why TEXT NOT NULL,
    copy TEXT
);
CREATE TABLE IF NOT EXISTS meta (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    journal TEXT NOT NULL
);
INSERT OR IGNORE INTO meta (one, journal) VALUES (1, lower(hex(randomblob(8))));
"""

SCHEMA_VERSION = 2
"""``PRAGMA user_version`` of a current journal: 0 before steps had checksums and
snapshots, 1 while a step's checksum covered only its own command and events."""

WAL_PAGES = 100
"""Pages the write-ahead log reaches before SQLite copies them into the journal and starts it
again from its beginning (``wal_autocheckpoint``; SQLite's default is 1,000).

A commit that makes the log file longer costs its ``fsync`` a change of the file's size too
(a filesystem journal commit); one that writes over frames already there syncs only its
data. With the default, the log of a session opened afresh grows for its first ~330 steps
(three pages each) and every one of those commits pays for the growth: 0.25-0.28 ms here
against 0.14-0.21 ms at 100 pages. A checkpoint comes every ~33 steps instead of ~330; it
writes the few pages those steps touched. Durability is the same: each commit is synced."""

BUSY_SECONDS = 15.0
"""How long to wait for another process (a script, the app) to finish writing."""


class StaleSession(JournalError):
    """Another process changed the session since this one last read it."""


class JournalBusy(JournalError):
    """Another process held the journal for writing longer than ``BUSY_SECONDS``."""


class Unreadable(JournalError):
    """SQLite cannot read part of the journal (a damaged page or index): rebuilding it from
    the rows that still read keeps everything else (see :mod:`.rebuild`)."""


class Damaged(JournalError):
    """A session's steps do not check out from step ``step`` on (None: its newest is missing)."""

    def __init__(self, session: str, step: int | None, why: str) -> None:
        where = f"at step {step}" if step is not None else "at its newest step"
        super().__init__(f"the session {session!r} is damaged {where}: {why}")
        self.session = session
        self.step = step


def another_game(session: str) -> JournalError:
    """A session renamed away by another program, and one of another game made in its place."""
    return JournalError(f"the session {session!r} is now another game's; open it again")


def damaged(session: str, step: int, why: str) -> Damaged:
    """The error for a step of ``session`` that cannot be believed."""
    return Damaged(session, step, why)


@dataclass(frozen=True)
class SessionInfo:
    """A named session: which game it plays, and when it was last used."""

    name: str
    game: str
    created: float
    touched: float


@dataclass(frozen=True)
class Step:
    """One accepted command and its events, both as JSON text, and its chained checksum.

    ``checksum`` is None only in a journal from before checksums, read without upgrading.
    """

    id: int
    command: str
    events: str
    checksum: str | None = None

    def verify(self, session: str, previous: str) -> str:
        """The checksum the next step chains to; a Damaged error naming this step if its
        text, or the step before it (``previous`` is that step's checksum), changed."""
        if self.checksum is None:
            raise damaged(session, self.id, "it has lost its checksum")
        if not isinstance(self.command, str) or not isinstance(self.events, str):
            raise damaged(session, self.id, "its command or events are not text")
        if chain(previous, self.command, self.events) != self.checksum:
            raise damaged(session, self.id, "it, or a step before it, was changed or removed")
        return self.checksum


@dataclass(frozen=True)
class Snapshot:
    """A session's folded state after step ``step``, encoded by the session.

    ``tag`` says which encoding, game and build wrote it; ``checksum`` covers
    the tag and the state, so a damaged or foreign snapshot is never trusted.
    """

    step: int
    tag: str
    state: bytes
    checksum: str


@dataclass(frozen=True)
class Drop:
    """What a damaged journal lost: ``count`` steps (or commits) made from ``first`` to
    ``last`` (seconds since the epoch, None if unknown), and where the damaged file was kept."""

    session: str | None
    count: int
    first: float | None
    last: float | None
    why: str
    copy: str | None = None
    at_least: bool = False
    """The count is the least that was lost (newest steps gone leave no trace of how many)."""

    def describe(self) -> str:
        """One line for a player: what was dropped, and when it was made."""
        what = f"the session {self.session!r}" if self.session else "the journal"
        kept = f"; the damaged file is kept as {self.copy}" if self.copy else ""
        return f"{what} was damaged ({self.why}): {self.changes()} dropped{kept}"

    def changes(self) -> str:
        """How many changes, made when: "3 change(s) made A to B"."""
        count = f"at least {self.count}" if self.at_least else str(self.count)
        return f"{count} change(s){self._when()}"

    def _when(self) -> str:
        """When the dropped changes were made, as " made A to B"; a time that damage made
        unreadable (out of range, NaN, text) is said as unknown, never raised."""
        if self.last is None:
            return ""
        first = None if self.first is None else _clock(self.first)
        last = _clock(self.last)
        if last is None or (self.first is not None and first is None):
            return " made at an unknown time"
        return f" made {first} to {last}" if first else f" made up to {last}"


def _seconds(stored: object) -> float:
    """A step's stored time as seconds; NaN where damage left no number there (text, bytes),
    which is then said as an unknown time."""
    if stored is None:
        return 0.0
    if isinstance(stored, int | float):
        return float(stored)
    return math.nan


LATEST = 253402300799
"""The last second of the year 9999: a step's time past it (or before 1970) is damage."""


def _clock(seconds: object) -> str | None:
    """``seconds`` since the epoch as the local date and time, or None where they are no
    time a step was made at: a damaged journal may hold any number there, or text."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        return None
    if not 0 <= seconds <= LATEST:  # NaN too
        return None
    try:
        return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(seconds))
    except (OverflowError, OSError, ValueError):  # past the platform's time_t
        return None


def _word(stored: object) -> str:
    """A session's text field as read: text, or the bytes a damaged record gave in its place
    (as text, so it is said, compared and refused as any other); anything else as written."""
    if isinstance(stored, bytes):
        return stored.decode("utf-8", "surrogateescape")
    return stored if isinstance(stored, str) else str(stored)


def _number(stored: object) -> int:
    """A whole number as read (a session's version, a count): a fraction as its whole part,
    and what a damaged record holds in its place (text, bytes, NaN, infinity) as 0."""
    if isinstance(stored, int):
        return int(stored)
    if isinstance(stored, float) and math.isfinite(stored):
        return int(stored)
    return 0


def _info(row: tuple[Any, ...]) -> SessionInfo:
    """A session's record as read, each field of the type it must be, whatever damage did."""
    name, game, created, touched = row
    return SessionInfo(_word(name), _word(game), _seconds(created), _seconds(touched))


def chain(previous: str, command: str, events: str) -> str:
    """The checksum a step is stored with: its command and events, and the step before's
    (the three texts joined by NUL, as UTF-8; bytes that were not UTF-8 as they were)."""
    text = "\0".join((previous, command, events))
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()


def unchained(command: str, events: str) -> str:
    """A step's checksum as schema 1 stored it, to check old steps once before chaining them."""
    text = f"{command}\0{events}".encode("utf-8", "surrogateescape")
    return hashlib.sha256(text).hexdigest()


def snapshot_checksum(tag: str, state: bytes) -> str:
    return hashlib.sha256(tag.encode() + b"\0" + state).hexdigest()


def _text(data: bytes) -> str:
    """SQLite text as str; bytes that are not UTF-8 survive, to fail their checksum."""
    return data.decode("utf-8", "surrogateescape")


class Journal:
    """All sessions in one SQLite file."""

    def __init__(self, path: Path | str, readonly: bool = False) -> None:
        """Open the journal at ``path``, creating or upgrading it, or with ``readonly`` only
        reading it: a read-only journal never writes, checkpoints or syncs the file.

        A file that is not a tablekit journal raises NotAJournal and is left as it was.
        """
        self.path = path
        self.readonly = readonly
        self.drops: list[Drop] = []
        """Damage found since this journal was opened, newest last, for the screen or CLI to say."""
        self._file = None if str(path) == ":memory:" else Path(path)
        self._acks: acks.Acks | None = None
        self._pending: tuple[str, int, str] | None = None
        """The session, version and head the open transaction moved to, acknowledged on commit."""
        self._known: tuple[str, int, str] | None = None
        """The session, version and head this journal's last commit left, if it moved one: a
        command that follows checks them in the statement that writes (see ``record``)."""
        self._depth = 0
        """How many ``_transaction`` blocks are open: only the outermost begins and commits."""
        self._held: guard.Held | None = None
        """This journal's file, noted as open in this process while the connection is."""
        self._vouch: tuple[str, int] | None = None
        """The session whose whole chain this writer found whole, and ``data_version`` when
        it read it: vouched for in the sidecar when the journal closes (see ``vouch``)."""
        try:
            self._db = self._connect()
            self._held = None if self._file is None else guard.hold(self._file)
            self._db.text_factory = _text
            if not readonly:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=FULL")
                self._db.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
                self._db.execute("PRAGMA foreign_keys=ON")
            lost = self._lost_changes()
            if not readonly and self._user_version() < SCHEMA_VERSION:
                self._db.executescript(SCHEMA)  # a new or older journal: nothing written otherwise
                self._upgrade()
            self._schema = self._user_version()
            self._columns = {table: self._columns_of(table) for table in self._tables()}
            self._acks = self._sidecar()
            if lost is not None:
                self._report(lost)
        except sqlite3.OperationalError as error:
            self.close()
            if "locked" in str(error) or "busy" in str(error):
                raise JournalBusy(
                    f"the journal {path} is busy (another program is writing)"
                ) from None
            raise JournalError(f"cannot use the journal {path}: {error}") from None
        except (sqlite3.Error, UnicodeDecodeError) as error:
            self.close()
            if isinstance(error, UnicodeDecodeError):  # SQLite quoted a schema damage garbled
                error = sqlite3.DatabaseError("its list of tables is damaged")
            raise JournalError(f"cannot use the journal {path}: {error}") from None
        except NotAJournal:
            self.close()
            raise

    def _connect(self) -> sqlite3.Connection:
        if self._file is None:
            if self.readonly:
                raise JournalError("there is no journal in memory to read")
            return sqlite3.connect(":memory:", isolation_level=None)
        if self.readonly and guard.unfinished(self._file):
            return self._rolled_back(self._file)
        new = guard.check(self._file, readonly=self.readonly)
        if self.readonly:
            uri = self._file.resolve().as_uri() + "?mode=ro"
            db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_SECONDS)
            db.execute("PRAGMA query_only=ON")
            return db
        self._file.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self._file, isolation_level=None, timeout=BUSY_SECONDS)
        if new:
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # in the header, before WAL
        return db

    @staticmethod
    def _rolled_back(file: Path) -> sqlite3.Connection:
        """The journal at ``file`` as SQLite reads it once the transaction a killed writer
        left unfinished is undone (see :func:`guard.unfinished`), in memory: the undo is done
        on a copy made by another process, so the file is never written or even opened here.
        A first creation undone to nothing is no journal yet, as for a missing file."""
        with tempfile.TemporaryDirectory() as folder:
            copy = Path(folder) / file.name
            ends = ("", "-journal")
            guard.copy_files([(Path(f"{file}{end}"), Path(f"{copy}{end}")) for end in ends])
            guard.roll_back(copy)
            try:
                guard.check(copy, readonly=True)
            except JournalError as error:
                raise type(error)(str(error).replace(str(copy), str(file))) from None
            source = sqlite3.connect(copy)
            memory = sqlite3.connect(":memory:", isolation_level=None)
            try:
                source.backup(memory)
            finally:
                source.close()
        memory.execute("PRAGMA query_only=ON")
        return memory

    def _tables(self) -> set[str]:
        rows = self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {row[0] for row in rows}

    def _columns_of(self, table: str) -> set[str]:
        return {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}

    def _lost_changes(self) -> Drop | None:
        """Changes the sidecar says were acknowledged but the journal lacks (a WAL cut short),
        found before anything writes, so the damaged files can still be copied as they are.
        A part SQLite cannot read is left to the reads that need it (see :class:`Unreadable`):
        the journal still opens."""
        try:
            return self._lost_or_none()
        except (sqlite3.Error, UnicodeDecodeError) as error:
            if not readable.is_damage(error):
                raise
            return None

    def _lost_or_none(self) -> Drop | None:
        if self._file is None or "meta" not in self._tables():
            return None
        acked = acks.read(
            self._file, str(self._db.execute("SELECT journal FROM meta").fetchone()[0])
        )
        if acked is None:
            return None
        rows = self._db.execute("SELECT name, version, head FROM sessions").fetchall()
        for name, version, head in rows:
            if acks.digest(_word(name)) != acked.session:
                continue
            if _number(version) >= acked.version or acks.mark(_word(head)) == acked.head:
                return None
            name, version = _word(name), _number(version)
            newest = self._db.execute(
                "SELECT MAX(at) FROM steps WHERE session = ?", (name,)
            ).fetchone()[0]
            copy = None if self.readonly else self._copy_if_room()
            why = "its write-ahead log was cut short"
            return Drop(name, acked.version - int(version), newest, acked.at, why, copy)
        return None

    def _copy_if_room(self) -> str | None:
        """``keep_copy``, or None if the disk is full or the folder cannot be written: the
        loss is still reported and recorded, and the journal still opens."""
        try:
            return self.keep_copy()
        except OSError as error:
            log.warning("no copy of the damaged journal %s was kept: %s", self.path, error)
            return None

    def _sidecar(self) -> acks.Acks | None:
        """The sidecar this journal acknowledges changes in (none in memory or to read)."""
        if self._file is None or self.readonly:
            return None
        name = self._db.execute("SELECT journal FROM meta").fetchone()[0]
        return acks.Acks(self._file, str(name))

    def _report(self, drop: Drop) -> None:
        self.drops.append(drop)
        if not self.readonly and drop.session is not None:
            self.record_drop(drop)  # its commit acknowledges the version now: said once

    def _user_version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _upgrade(self) -> None:
        """Bring a journal from an older build to this schema, once.

        The index of undone steps holds only undone steps now, so a new step
        (never undone) adds nothing to it.

        Schema 0 had no checksums and 1 checksummed each step alone: the chain is
        computed for every old step here. An old checksum that does not match is
        kept broken, so the damage it shows is reported when the session is read.
        """
        if self._user_version() >= SCHEMA_VERSION:
            return
        with self._transaction():
            if "checksum" not in self._columns_of("steps"):
                self._db.execute("ALTER TABLE steps ADD COLUMN checksum TEXT")
            if "head" not in self._columns_of("sessions"):
                self._db.execute("ALTER TABLE sessions ADD COLUMN head TEXT NOT NULL DEFAULT ''")
            self._db.execute("DROP INDEX IF EXISTS steps_by_undone")
            for (name,) in self._db.execute("SELECT name FROM sessions").fetchall():
                self._rechain(name)
            self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _rechain(self, session: str) -> None:
        previous = head = ""
        rows = self._db.execute(
            "SELECT id, command, events, checksum, undone FROM steps WHERE session = ? ORDER BY id",
            (session,),
        ).fetchall()
        for step, command, events, old, undone in rows:
            checksum = chain(previous, command, events)
            kept = old is None or old == unchained(command, events)
            self._db.execute(
                "UPDATE steps SET checksum = ? WHERE id = ?",
                (checksum if kept else "changed before the upgrade", step),
            )
            previous = checksum
            head = checksum if not undone else head
        self._db.execute("UPDATE sessions SET head = ? WHERE name = ?", (head, session))

    def close(self) -> None:
        vouch = self._vouching()
        if hasattr(self, "_db"):
            self._db.close()
            guard.release(self._held)
            self._held = None
        if self._acks is not None:
            if vouch is not None:  # the files as the close left them: its checkpoint is done
                self._acks.vouch(*vouch)
            self._acks.close()

    def data_version(self) -> int:
        """A number that changes when another connection commits to the journal (SQLite's
        ``data_version``; this connection's own commits leave it)."""
        return self._one("PRAGMA data_version", ())

    def vouch(self, session: str, since: int) -> None:
        """Note that the whole chain of ``session`` checked out as read when ``data_version``
        was ``since``. When this writer closes the journal and no other connection wrote
        meanwhile, the sidecar says so, with the files as they then stand: a read that finds
        them just so need not walk the chain again (see :meth:`vouched`)."""
        if not self.readonly and self._acks is not None:
            self._vouch = (session, since)

    def _vouching(self) -> tuple[str, int, str] | None:
        """The session, version and head to vouch for as this journal closes, if any."""
        if self._vouch is None or self._acks is None or not hasattr(self, "_db"):
            return None
        session, since = self._vouch
        try:
            if self.data_version() != since or self._db.in_transaction:
                return None  # another writer's steps were not walked by this one
            return (session, *self._version_and_head(session))
        except (sqlite3.Error, JournalError):
            return None

    def vouched(self, session: str) -> bool:
        """Whether the sidecar vouches for the whole chain of ``session`` as it is now: a
        writer found it whole, and the files stand as that writer left them when it closed,
        with the session at the version and head it left (any write since, by anyone,
        changes the files' size, time or inode)."""
        if self._file is None or "meta" not in self._columns:
            return False
        try:
            owner = str(self._db.execute("SELECT journal FROM meta").fetchone()[0])
            record = acks.vouched(self._file, owner)
            if record is None or record.session != acks.digest(session):
                return False
            version, head = self._version_and_head(session)
        except (sqlite3.Error, TypeError):
            return False
        return (
            record.version == version
            and record.head == acks.mark(head)
            and record.files == acks.files(self._file)
        )

    @property
    def older(self) -> bool:
        """Whether the file is of an older schema, not yet upgraded (only a journal opened
        to read stays so): its steps check out only in a copy upgraded in memory."""
        return self._schema < SCHEMA_VERSION

    @property
    def on_disk(self) -> bool:
        """Whether this journal is a file (not one in memory), so a copy can be kept beside it."""
        return self._file is not None

    def copy_to(self, target: Path) -> None:
        """Write this journal, as SQLite reads it now, to the new file ``target``."""
        copy = sqlite3.connect(target)
        try:
            self._db.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")
            if "meta" in self._tables():  # a journal of its own, never compared with our sidecar
                copy.execute("UPDATE meta SET journal = lower(hex(randomblob(8)))")
                copy.commit()
        except (sqlite3.Error, UnicodeDecodeError) as error:
            raise JournalError(f"cannot copy the journal {self.path}: {error}") from None
        finally:
            copy.close()

    def in_memory(self) -> Journal:
        """A copy of this journal in memory, upgraded, to repair for a read without
        touching the file."""
        copy = Journal(":memory:")
        self._db.backup(copy._db)
        copy.path = f"{self.path} (a copy in memory)"
        copy._db.executescript(SCHEMA)
        copy._upgrade()
        copy._schema = SCHEMA_VERSION
        copy._columns = {table: copy._columns_of(table) for table in copy._tables()}
        return copy

    def keep_copy(self) -> str:
        """Copy the journal's files, as they are now, beside it; return the copy's name.

        Done before damage is repaired, so what was found can still be looked at."""
        assert self._file is not None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        base = self._file.with_name(f"{self._file.name}.damaged-{stamp}")
        n = 1
        while base.exists():
            n += 1
            base = self._file.with_name(f"{self._file.name}.damaged-{stamp}-{n}")
        ends = [end for end in ("", "-wal") if Path(f"{self._file}{end}").exists()]
        guard.copy_files([(Path(f"{self._file}{end}"), Path(f"{base}{end}")) for end in ends])
        return str(base)

    def create(self, name: str, game: str) -> SessionInfo:
        """Start a new named session."""
        if not name.strip():
            raise JournalError("a session needs a name")
        if self.exists(name):
            raise JournalError(f"there is already a session called {name!r}")
        now = time.time()
        with self._transaction():
            self._db.execute(
                "INSERT INTO sessions (name, game, created, touched) VALUES (?, ?, ?, ?)",
                (name, game, now, now),
            )
            self._acknowledge(name)  # the name may be a deleted session's, acknowledged further
        return SessionInfo(name, game, now, now)

    def exists(self, name: str) -> bool:
        if "sessions" not in self._columns:  # read before its creation finished: none yet
            return False
        return self._one("SELECT COUNT(*) FROM sessions WHERE name = ?", (name,)) > 0

    def info(self, name: str) -> SessionInfo:
        row = self._read(
            "SELECT name, game, created, touched FROM sessions WHERE name = ?", (name,)
        )
        if not row:
            raise JournalError(f"no session called {name!r}")
        return _info(row[0])

    def sessions(self) -> list[SessionInfo]:
        """Every session, the most recently used first."""
        if "sessions" not in self._columns:  # read before its creation finished: none yet
            return []
        query = "SELECT name, game, created, touched FROM sessions ORDER BY touched DESC, name"
        return [_info(row) for row in self._read(query, ())]

    def _version_and_head(self, session: str) -> tuple[int, str]:
        row = self._db.execute(
            "SELECT version, head FROM sessions WHERE name = ?", (session,)
        ).fetchone()
        return (_number(row[0]), _word(row[1])) if row else (0, "")

    def version(self, session: str) -> int:
        """A number that grows with every change to ``session``, from any process."""
        return self._one("SELECT version FROM sessions WHERE name = ?", (session,))

    def last(self) -> SessionInfo | None:
        """The session used most recently, which the app resumes."""
        found = self.sessions()
        return found[0] if found else None

    def set_game(self, name: str, game: str) -> None:
        """Say that ``name`` plays ``game``: a record whose game's name was damaged, mended
        from what its snapshots say (see ``store.open_session``)."""
        with self._transaction():
            self._db.execute("UPDATE sessions SET game = ? WHERE name = ?", (game, name))

    def touch(self, name: str) -> None:
        """Mark ``name`` as the session in use."""
        with self._transaction():
            self._db.execute("UPDATE sessions SET touched = ? WHERE name = ?", (time.time(), name))

    def append(self, session: str, command: str, events: str, seen: int) -> int:
        """Durably record a step, dropping any undone ones; return the new version.

        ``seen`` is the version the caller decided on; if another process has
        changed the session since, nothing is written and StaleSession says so.
        """
        return self.record(session, command, events, seen)[0]

    def record(
        self,
        session: str,
        command: str,
        events: str,
        seen: int,
        snapshot: tuple[str, bytes] | None = None,
        command_id: str | None = None,
        game: str | None = None,
    ) -> tuple[int, int]:
        """As ``append``, and store ``snapshot`` (tag, encoded state after this step) and
        the answer to ``command_id`` in the same transaction; return the new version and
        the new step's id. With ``game``, a session of that name that is now another game's
        (renamed away, and one made anew in its place) is refused: JournalError."""
        known = self._known
        with self._transaction():
            now = time.time()
            checksum = ""
            if known is not None and known[0] == session and known[1] == seen:
                checksum = chain(known[2], command, events)
                if not self._move_on(session, seen, known[2], checksum, now, game):
                    checksum = ""
            if not checksum:  # not as this journal last left it: read what it is
                checksum = chain(self._head_to_chain_to(session, seen, game), command, events)
                self._db.execute(  # just read at ``seen``: moved on as it is
                    "UPDATE sessions SET version = ?, touched = ?, head = ? WHERE name = ?",
                    (seen + 1, now, checksum, session),
                )
            cursor = self._db.execute(
                "INSERT INTO steps (session, command, events, at, checksum) VALUES (?, ?, ?, ?, ?)",
                (session, command, events, now, checksum),
            )
            step = int(cursor.lastrowid or 0)
            if snapshot is not None:
                self._store_snapshot(session, step, *snapshot)
            if command_id is not None:
                self._store_answer(session, command_id, events, now)
            self._pending = (session, seen + 1, checksum)
        return seen + 1, step

    def _move_on(
        self, session: str, seen: int, head: str, checksum: str, now: float, game: str | None
    ) -> bool:
        """Move ``session`` from version ``seen`` to the next, with ``checksum`` its new head,
        if it is still at ``seen``, its head is ``head``, no step of it is undone and it is a
        session of ``game`` (None: any): one statement both checks and writes. False if it
        was not so, and nothing changed."""
        moved = self._db.execute(
            "UPDATE sessions SET version = ?2, touched = ?3, head = ?4 "
            "WHERE name = ?1 AND version = ?5 AND head = ?6 AND (?7 IS NULL OR game = ?7) "
            "AND NOT EXISTS (SELECT 1 FROM steps WHERE session = ?1 AND undone = 1)",
            (session, seen + 1, now, checksum, seen, head, game),
        )
        return moved.rowcount == 1

    def _head_to_chain_to(self, session: str, seen: int, game: str | None) -> str:
        """The checksum a new step of ``session`` chains to, once any undone steps are gone;
        StaleSession if the session is no longer at version ``seen``, JournalError if it is
        gone or now a session of another game than ``game``."""
        row = self._db.execute(
            "SELECT version, head, "
            "EXISTS (SELECT 1 FROM steps WHERE session = ?1 AND undone = 1), game "
            "FROM sessions WHERE name = ?1",
            (session,),
        ).fetchone()
        if row is None:  # renamed or put in the trash by another program meanwhile
            raise JournalError(f"there is no session called {session!r} any more")
        if game is not None and _word(row[3]) != game:
            raise another_game(session)
        if _number(row[0]) != seen:
            raise StaleSession("the session changed meanwhile; look again and retry")
        if not row[2]:
            return _word(row[1])
        self._db.execute(
            "DELETE FROM snapshots WHERE session = ? AND step IN "
            "(SELECT id FROM steps WHERE session = ? AND undone = 1)",
            (session, session),
        )
        self._db.execute("DELETE FROM steps WHERE session = ? AND undone = 1", (session,))
        return self._newest_checksum(session)

    def answer(self, session: str, command_id: str) -> str | None:
        """The events (JSON text) a command with this id was answered with, if it was seen."""
        rows = self._read(
            "SELECT events FROM answers WHERE session = ? AND id = ?", (session, command_id)
        )
        return str(rows[0][0]) if rows else None

    def _store_answer(self, session: str, command_id: str, events: str, now: float) -> None:
        self._db.execute(
            "INSERT INTO answers (session, id, events, at) VALUES (?, ?, ?, ?)",
            (session, command_id, events, now),
        )

    def _newest_checksum(self, session: str) -> str:
        """The checksum of the newest step in effect, which the next step chains to."""
        row = self._db.execute(
            "SELECT checksum FROM steps WHERE session = ? AND undone = 0 ORDER BY id DESC LIMIT 1",
            (session,),
        ).fetchone()
        return str(row[0]) if row and row[0] is not None else ""

    def save_snapshot(self, session: str, step: int, tag: str, state: bytes, seen: int) -> bool:
        """Store a snapshot of ``session`` after ``step`` if it is still at version ``seen``.

        The version does not move: a snapshot changes nothing anyone can see.
        """
        with self._transaction():
            if self.version(session) != seen:
                return False
            self._store_snapshot(session, step, tag, state)
        return True

    def _store_snapshot(self, session: str, step: int, tag: str, state: bytes) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO snapshots (session, step, tag, state, checksum) "
            "VALUES (?, ?, ?, ?, ?)",
            (session, step, tag, state, snapshot_checksum(tag, state)),
        )

    def snapshot(self, session: str) -> Snapshot | None:
        """The newest snapshot taken at a step still in effect: one index walk from the end.

        Undone steps are always the newest ones, so a snapshot at a step in
        effect has every step before it in effect too.
        """
        if "snapshots" not in self._columns:
            return None
        rows = self._read(
            "SELECT snapshots.step, tag, state, snapshots.checksum FROM snapshots "
            "JOIN steps ON steps.id = snapshots.step AND steps.session = snapshots.session "
            "WHERE snapshots.session = ? AND steps.undone = 0 "
            "ORDER BY snapshots.step DESC LIMIT 1",
            (session,),
        )
        if not rows:
            return None
        step, tag, state, checksum = rows[0]
        if not isinstance(state, bytes):
            return None
        return Snapshot(int(step), str(tag), state, str(checksum))

    def steps(self, session: str, after: int = 0) -> list[Step]:
        """The steps in effect after step id ``after``, oldest first, each checked.

        Each step must chain to the one before it (the step ``after`` itself for
        the first), and the newest to the checksum the session row keeps; if not,
        Damaged names the session and the first step that does not check out. All of
        it is read at one moment, so another process's commit meanwhile is not damage.
        """
        with self.reading():
            return self._checked_steps(session, after)

    def _checked_steps(self, session: str, after: int) -> list[Step]:
        checksum = "checksum" if "checksum" in self._columns.get("steps", ()) else "NULL"
        query = (
            f"SELECT id, command, events, {checksum} FROM steps "
            "WHERE session = ? AND undone = 0 AND id > ? ORDER BY id"
        )
        found = [Step(*row) for row in self._read(query, (session, after))]
        if self._schema < SCHEMA_VERSION:  # read without upgrading: each step checks alone
            for step in found:
                if step.checksum is not None and step.checksum != unchained(
                    step.command, step.events
                ):
                    raise damaged(session, step.id, "its command or events were changed")
            return found
        previous = self._checksum_of(session, after)
        for step in found:
            previous = step.verify(session, previous)
        if self.head(session) != previous:
            raise Damaged(session, None, "its newest step is missing or was changed")
        return found

    def _checksum_of(self, session: str, step: int) -> str:
        if not step or "checksum" not in self._columns.get("steps", ()):
            return ""
        rows = self._read(
            "SELECT checksum FROM steps WHERE session = ? AND id = ?", (session, step)
        )
        return str(rows[0][0]) if rows and rows[0][0] is not None else ""

    def head(self, session: str) -> str:
        """The checksum of the newest step in effect, as the session row keeps it."""
        rows = self._read("SELECT head FROM sessions WHERE name = ?", (session,))
        return _word(rows[0][0]) if rows else ""

    def chain_of(self, session: str) -> list[tuple[Step, bool, float]]:
        """Every step of ``session`` (undone ones too) with its flag and time, oldest first:
        what ``tablekit check``, the app's walk and salvage walk. Read by rowid and never
        through an index (:func:`readable.rows_of`), so an index that went wrong neither
        hides a step nor shows one that is not there; a step SQLite cannot read is missing,
        which the walk finds as damage there."""
        return [(step, undone, _seconds(at)) for _, step, undone, at in self.every_step(session)]

    def every_step(self, session: str | None = None) -> list[tuple[object, Step, bool, object]]:
        """Every step SQLite can read (of ``session``, or of every session), oldest first, as
        its session's name, the step, whether it is undone, and its time as stored (see
        :meth:`chain_of`)."""
        checksum = "checksum" if "checksum" in self._columns.get("steps", ()) else "NULL"
        columns = f"session, command, events, {checksum}, undone, at"
        try:
            if session is None:
                read = readable.rows_of(self._db, "steps", columns)
            else:
                read = readable.rows_of(self._db, "steps", columns, "session = ?", session)
        except (sqlite3.Error, UnicodeDecodeError) as error:
            raise Unreadable(f"the journal {self.path} cannot be read: {error}") from None
        return [
            (name, Step(rowid, command, events, mark), bool(undone), at)
            for rowid, name, command, events, mark, undone, at in read.rows
        ]

    def adopt(self, clean: Journal) -> None:
        """Make this journal's file hold what ``clean`` holds (a journal rebuilt from what
        SQLite could still read of this one), through SQLite's own backup into this
        connection: the pages are written under the journal's write lock as one transaction,
        so another process reading or writing it sees the old journal or the new one, and
        never a file half of each. Every page is written anew; none of the old is read."""
        try:
            clean._db.backup(self._db)
        except (sqlite3.Error, UnicodeDecodeError) as error:
            raise JournalError(f"the journal {self.path} could not be rebuilt: {error}") from None
        self._known = None
        self._schema = self._user_version()
        self._columns = {table: self._columns_of(table) for table in self._tables()}

    def cut(self, session: str, first: int | None, drop: Drop) -> None:
        """Drop the steps of ``session`` from ``first`` on (None: none), make the newest step
        left its head, and record ``drop``: the salvage."""
        with self._transaction():
            if first is not None:
                self._db.execute(
                    "DELETE FROM steps WHERE session = ? AND id >= ?", (session, first)
                )
            # with the steps, the snapshots taken at them, and any whose step was lost before
            # (the next step would take its id, and the snapshot would seem to be its)
            self._db.execute(
                "DELETE FROM snapshots WHERE session = ?1 AND step NOT IN "
                "(SELECT id FROM steps WHERE session = ?1)",
                (session,),
            )
            if first is not None and drop.first is not None and math.isfinite(drop.first):
                # a line whose step is cut is applied again when it is resent, not answered
                self._db.execute(
                    "DELETE FROM answers WHERE session = ? AND at >= ?", (session, drop.first)
                )
            self._bump(session, self._newest_checksum(session), time.time())
            self._insert_drop(drop)

    def record_drop(self, drop: Drop) -> None:
        with self._transaction():
            self._insert_drop(drop)
            if drop.session is not None:
                self._acknowledge(drop.session)

    def _acknowledge(self, session: str) -> None:
        """Have the open transaction's commit write ``session``'s version and head, as they
        are now, to the sidecar: a session made anew under a name (its version starts at 0)
        must not be compared with what an older session of that name reached."""
        self._pending = (session, *self._version_and_head(session))

    def _insert_drop(self, drop: Drop) -> None:
        self._db.execute(
            "INSERT INTO drops (session, found, count, first, last, why, copy) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (drop.session, time.time(), drop.count, drop.first, drop.last, drop.why, drop.copy),
        )

    def flip(
        self,
        session: str,
        undo: bool,
        command_id: str | None = None,
        answer: Callable[[Step], str] | None = None,
        game: str | None = None,
    ) -> tuple[Step | None, int]:
        """Undo or redo one step; return it (None if there was none) and the version
        the session had just before, so a caller knows whether it was in step.

        A step put back must still chain to the step before it. With
        ``command_id``, ``answer(step)`` (the events' JSON) is kept for a resend. With
        ``game``, a session of that name that is now another game's is refused.
        """
        with self._transaction():
            held = self._db.execute(
                "SELECT version, game FROM sessions WHERE name = ?", (session,)
            ).fetchone()
            if game is not None and held is not None and _word(held[1]) != game:
                raise another_game(session)
            before = _number(held[0]) if held is not None else 0
            row = self._db.execute(
                "SELECT id, command, events, checksum FROM steps "
                f"WHERE session = ? AND undone = ? ORDER BY id {'DESC' if undo else 'ASC'} LIMIT 1",
                (session, 0 if undo else 1),
            ).fetchone()
            if row is None:
                return None, before
            step = Step(*row)
            if not undo:
                step.verify(session, self._newest_checksum(session))
            self._db.execute("UPDATE steps SET undone = ? WHERE id = ?", (int(undo), step.id))
            now = time.time()
            if command_id is not None and answer is not None:
                self._store_answer(session, command_id, answer(step), now)
            self._bump(session, self._newest_checksum(session), now)
        return step, before

    def can_undo(self, session: str) -> bool:
        """Whether a step is in effect: undone steps are always the newest, so the oldest
        step tells (one probe of the session's index)."""
        rows = self._read(
            "SELECT undone FROM steps WHERE session = ? ORDER BY id LIMIT 1", (session,)
        )
        return bool(rows) and not rows[0][0]

    def can_redo(self, session: str) -> bool:
        return self._any_undone(session)

    def integrity(self) -> str:
        """SQLite's own check of the file: "ok" when all is well."""
        return str(self._read("PRAGMA integrity_check", ())[0][0])

    def reindex(self) -> None:
        """Rebuild every index from its table: an index holds nothing the tables do not."""
        with self._transaction():
            self._db.execute("REINDEX")

    def _any_undone(self, session: str) -> bool:
        """Whether ``session`` has an undone step: one probe of the index that holds only
        undone steps, however long the journal (the literal 1 lets SQLite use it).

        The screen asks on every frame (to grey Redo), so this must not grow
        with a campaign's tens of thousands of steps.
        """
        return bool(
            self._one(
                "SELECT EXISTS (SELECT 1 FROM steps WHERE session = ? AND undone = 1)", (session,)
            )
        )

    def _bump(self, session: str, head: str, now: float) -> None:
        """Move ``session`` on a version; its head and the time are kept with it, and the
        new version is acknowledged in the sidecar once the transaction commits."""
        row = self._db.execute(
            "UPDATE sessions SET version = version + 1, touched = ?, head = ? WHERE name = ? "
            "RETURNING version",
            (now, head, session),
        ).fetchone()
        if row is not None:
            self._pending = (session, int(row[0]), head)

    def _read(self, query: str, parameters: tuple[object, ...]) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(query, parameters).fetchall()
        except UnicodeEncodeError:  # a name read from a damaged record, which is no text
            raise Unreadable(f"the journal {self.path} cannot be read: a name is no text") from None
        except (sqlite3.Error, UnicodeDecodeError) as error:
            said = f"the journal {self.path} cannot be read: {error}"
            if readable.is_damage(error):
                raise Unreadable(said) from None
            raise JournalError(said) from None

    def _one(self, query: str, parameters: tuple[object, ...]) -> int:
        rows = self._read(query, parameters)
        return _number(rows[0][0]) if rows else 0

    @contextlib.contextmanager
    def reading(self) -> Iterator[None]:
        """Every read in the block sees one moment of the journal, however many queries it
        takes and whoever commits meanwhile: BEGIN ... COMMIT, or the transaction already
        open around it."""
        if self._db.in_transaction:
            yield
            return
        try:
            self._db.execute("BEGIN")
        except (sqlite3.Error, UnicodeDecodeError) as error:
            raise JournalError(f"the journal {self.path} cannot be read: {error}") from None
        try:
            yield
        finally:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("COMMIT")

    @contextlib.contextmanager
    def holding(self) -> Iterator[None]:
        """Hold the journal's write lock across the block, so what is read in it is still
        so when it writes (salvage inspects, then cuts): one transaction, as ``cut``."""
        with self._transaction():
            yield

    def _transaction(self) -> _Transaction:
        """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if the body raised: see :class:`_Transaction`."""
        return _Transaction(self)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if the body raised; a session's new version is
    acknowledged in the sidecar once its commit is durable. One inside another (a write
    inside ``holding``) is part of the outer one.

    A class rather than a generator: every command passes through one, and
    ``contextlib``'s machinery cost about 0.01 ms of each command measured between fsyncs.
    """

    __slots__ = ("_journal", "_outer")

    def __init__(self, journal: Journal) -> None:
        self._journal = journal
        self._outer = False

    def __enter__(self) -> None:
        journal = self._journal
        if journal.readonly:
            raise JournalError(f"the journal {journal.path} was opened only to read")
        if journal._depth:
            journal._depth += 1
            return
        try:
            journal._db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            raise JournalBusy(
                f"the journal is busy (another program is writing): {error}"
            ) from None
        except (sqlite3.Error, UnicodeDecodeError) as error:
            raise JournalError(f"the journal is busy or broken: {error}") from None
        journal._pending = None
        journal._depth = 1
        self._outer = True

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        journal = self._journal
        if not self._outer:
            journal._depth -= 1
            return
        try:
            if error is None:
                try:
                    journal._db.execute("COMMIT")
                except sqlite3.Error as failed:
                    error = failed
            if error is not None:
                journal._known = None
                with contextlib.suppress(sqlite3.Error):
                    journal._db.execute("ROLLBACK")
                _raise_as_journal_error(error)
                return  # not SQLite's: the body's own error goes on as it was
        finally:
            journal._depth = 0
        journal._known = journal._pending
        if journal._pending is not None and journal._acks is not None:
            journal._acks.write(*journal._pending)


def _raise_as_journal_error(error: BaseException) -> None:
    """A write SQLite refused, said as the journal's error; any other error is left as it is."""
    if isinstance(error, sqlite3.OperationalError) and "locked" in str(error):
        raise JournalBusy(f"the journal is busy (another program is writing): {error}") from None
    if isinstance(error, sqlite3.Error):
        raise JournalError(f"the journal could not be written: {error}") from None
