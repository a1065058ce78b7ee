"""The durable record of every session: an SQLite journal of steps.

A step is one accepted command with the events it caused, written in a
single transaction before anyone sees the result. WAL with
``synchronous=FULL`` means a step that was acknowledged survives a killed
process or a pulled plug. Undo and redo flip a step's ``undone`` flag, so
they survive restarts too; a new command deletes the undone steps, as a new
move clears the redo stack in any editor.

Each step carries a checksum of its command and events, checked whenever it
is read back, so a changed step is reported by number instead of being
believed. Every so often the session also stores a snapshot of its folded
state in the same transaction as a step, so that opening a session, undo
and redo fold only the steps after it. A snapshot is an optimisation only:
the steps are the truth, and a snapshot that does not check out is ignored.
"""

from __future__ import annotations

import hashlib
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    name TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0
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
CREATE INDEX IF NOT EXISTS steps_by_undone ON steps(session, undone);
CREATE TABLE IF NOT EXISTS snapshots (
    session TEXT NOT NULL REFERENCES sessions(name) ON DELETE CASCADE,
    step INTEGER NOT NULL,
    tag TEXT NOT NULL,
    state BLOB NOT NULL,
    checksum TEXT NOT NULL,
    PRIMARY KEY (session, step)
) WITHOUT ROWID;
"""

SCHEMA_VERSION = 1
"""``PRAGMA user_version`` of a current journal: 0 before steps had checksums and snapshots."""


BUSY_SECONDS = 15.0
"""How long to wait for another process (a script, the app) to finish writing."""


class JournalError(ValueError):
    """A session that does not exist or exists already, or a journal that cannot be used."""


def damaged(session: str, step: int, why: str) -> JournalError:
    """The error for a step of ``session`` that cannot be believed."""
    return JournalError(f"the session {session!r} is damaged at step {step}: {why}")


class StaleSession(JournalError):
    """Another process changed the session since this one last read it."""


@dataclass(frozen=True)
class SessionInfo:
    """A named session: which game it plays, and when it was last used."""

    name: str
    game: str
    created: float
    touched: float


@dataclass(frozen=True)
class Step:
    """One accepted command and its events, both as JSON text.

    ``checksum`` is None for a step written before steps had checksums.
    """

    id: int
    command: str
    events: str
    checksum: str | None = None

    def verify(self, session: str) -> None:
        """Raise a JournalError naming the step if its text no longer matches its checksum."""
        if self.checksum is not None and (
            not isinstance(self.command, str)
            or not isinstance(self.events, str)
            or step_checksum(self.command, self.events) != self.checksum
        ):
            raise damaged(session, self.id, "its command or events were changed")


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


def step_checksum(command: str, events: str) -> str:
    """The checksum a step's command and events are stored with."""
    return hashlib.sha256(f"{command}\0{events}".encode()).hexdigest()


def snapshot_checksum(tag: str, state: bytes) -> str:
    return hashlib.sha256(tag.encode() + b"\0" + state).hexdigest()


class Journal:
    """All sessions in one SQLite file."""

    def __init__(self, path: Path | str, readonly: bool = False) -> None:
        """Open the journal at ``path``, creating or upgrading it, or with ``readonly`` only
        reading it: a read-only journal never writes, checkpoints or syncs the file."""
        self.path = path
        self.readonly = readonly
        try:
            if readonly:
                if str(path) == ":memory:" or not Path(path).is_file():
                    raise JournalError(f"there is no journal at {path} yet")
                uri = Path(path).resolve().as_uri() + "?mode=ro"
                self._db = sqlite3.connect(
                    uri, uri=True, isolation_level=None, timeout=BUSY_SECONDS
                )
                self._db.execute("PRAGMA query_only=ON")
            else:
                if str(path) != ":memory:":
                    Path(path).parent.mkdir(parents=True, exist_ok=True)
                self._db = sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS)
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=FULL")
                self._db.execute("PRAGMA foreign_keys=ON")
                self._db.executescript(SCHEMA)
                self._upgrade()
            self._checked = "checksum" in self._columns("steps")
            self._snapshots = bool(self._columns("snapshots"))
        except sqlite3.Error as error:
            raise JournalError(f"cannot use the journal {path}: {error}") from None

    def _columns(self, table: str) -> set[str]:
        return {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}

    def _upgrade(self) -> None:
        """Give a journal from an older build the checksum column (its old steps stay
        unchecked, NULL) and the snapshot table, which the schema script already made."""
        if self._db.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
            return
        with self._transaction():
            if "checksum" not in self._columns("steps"):
                self._db.execute("ALTER TABLE steps ADD COLUMN checksum TEXT")
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        self._db.close()

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
        return SessionInfo(name, game, now, now)

    def exists(self, name: str) -> bool:
        return self._one("SELECT COUNT(*) FROM sessions WHERE name = ?", (name,)) > 0

    def info(self, name: str) -> SessionInfo:
        row = self._read(
            "SELECT name, game, created, touched FROM sessions WHERE name = ?", (name,)
        )
        if not row:
            raise JournalError(f"no session called {name!r}")
        return SessionInfo(*row[0])

    def sessions(self) -> list[SessionInfo]:
        """Every session, the most recently used first."""
        query = "SELECT name, game, created, touched FROM sessions ORDER BY touched DESC, name"
        return [SessionInfo(*row) for row in self._read(query, ())]

    def version(self, session: str) -> int:
        """A number that grows with every change to ``session``, from any process."""
        return self._one("SELECT version FROM sessions WHERE name = ?", (session,))

    def last(self) -> SessionInfo | None:
        """The session used most recently, which the app resumes."""
        found = self.sessions()
        return found[0] if found else None

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
    ) -> tuple[int, int]:
        """As ``append``, and store ``snapshot`` (tag, encoded state after this step) in
        the same transaction; return the new version and the new step's id."""
        with self._transaction():
            if self.version(session) != seen:
                raise StaleSession("the session changed meanwhile; look again and retry")
            self._db.execute(
                "DELETE FROM snapshots WHERE session = ? AND step IN "
                "(SELECT id FROM steps WHERE session = ? AND undone = 1)",
                (session, session),
            )
            self._db.execute("DELETE FROM steps WHERE session = ? AND undone = 1", (session,))
            cursor = self._db.execute(
                "INSERT INTO steps (session, command, events, at, checksum) VALUES (?, ?, ?, ?, ?)",
                (session, command, events, time.time(), step_checksum(command, events)),
            )
            step = int(cursor.lastrowid or 0)
            if snapshot is not None:
                self._store_snapshot(session, step, *snapshot)
            self._bump(session)
        return seen + 1, step

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
        if not self._snapshots:
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
        return Snapshot(int(step), str(tag), bytes(state), str(checksum))

    def steps(self, session: str, after: int = 0) -> list[Step]:
        """The steps in effect after step id ``after``, oldest first, each checked.

        A step whose command or events no longer match its checksum raises a
        JournalError naming the session and the step.
        """
        checksum = "checksum" if self._checked else "NULL"
        query = (
            f"SELECT id, command, events, {checksum} FROM steps "
            "WHERE session = ? AND undone = 0 AND id > ? ORDER BY id"
        )
        found = [Step(*row) for row in self._read(query, (session, after))]
        for step in found:
            step.verify(session)
        return found

    def flip(self, session: str, undo: bool) -> tuple[Step | None, int]:
        """Undo or redo one step; return it (None if there was none) and the version
        the session had just before, so a caller knows whether it was in step."""
        if undo:
            return self._flip(session, undone=0, order="DESC")
        return self._flip(session, undone=1, order="ASC")

    def can_undo(self, session: str) -> bool:
        return self._any(session, undone=0)

    def can_redo(self, session: str) -> bool:
        return self._any(session, undone=1)

    def integrity(self) -> str:
        """SQLite's own check of the file: "ok" when all is well."""
        return str(self._read("PRAGMA integrity_check", ())[0][0])

    def _any(self, session: str, undone: int) -> bool:
        """Whether ``session`` has a step so marked: one index probe, however long the journal.

        The screen asks on every frame (to grey Undo and Redo), so this must not
        grow with a campaign's tens of thousands of steps.
        """
        return bool(
            self._one(
                "SELECT EXISTS (SELECT 1 FROM steps WHERE session = ? AND undone = ?)",
                (session, undone),
            )
        )

    def _bump(self, session: str) -> None:
        self._db.execute(
            "UPDATE sessions SET version = version + 1, touched = ? WHERE name = ?",
            (time.time(), session),
        )

    def _read(self, query: str, parameters: tuple[object, ...]) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(query, parameters).fetchall()
        except sqlite3.Error as error:
            raise JournalError(f"the journal {self.path} cannot be read: {error}") from None

    def _one(self, query: str, parameters: tuple[object, ...]) -> int:
        rows = self._read(query, parameters)
        return int(rows[0][0]) if rows and rows[0][0] is not None else 0

    def _flip(self, session: str, undone: int, order: str) -> tuple[Step | None, int]:
        checksum = "checksum" if self._checked else "NULL"
        with self._transaction():
            before = self.version(session)
            row = self._db.execute(
                f"SELECT id, command, events, {checksum} FROM steps "
                f"WHERE session = ? AND undone = ? ORDER BY id {order} LIMIT 1",
                (session, undone),
            ).fetchone()
            if row is None:
                return None, before
            self._db.execute("UPDATE steps SET undone = ? WHERE id = ?", (1 - undone, row[0]))
            self._bump(session)
        return Step(*row), before

    def _transaction(self) -> _Transaction:
        if self.readonly:
            raise JournalError(f"the journal {self.path} was opened only to read")
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if the body raised."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise JournalError(f"the journal is busy or broken: {error}") from None

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if kind is None:
            try:
                self._db.execute("COMMIT")
                return
            except sqlite3.Error as failure:
                self._db.execute("ROLLBACK")
                raise JournalError(f"the journal could not be written: {failure}") from None
        self._db.execute("ROLLBACK")
        if isinstance(error, sqlite3.Error):
            raise JournalError(f"the journal could not be written: {error}") from None
