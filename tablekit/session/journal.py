"""The durable record of every session: an SQLite journal of steps.

A step is one accepted command with the events it caused, written in a
single transaction before anyone sees the result. WAL with
``synchronous=FULL`` means a step that was acknowledged survives a killed
process or a pulled plug. Undo and redo flip a step's ``undone`` flag, so
they survive restarts too; a new command deletes the undone steps, as a new
move clears the redo stack in any editor.
"""

from __future__ import annotations

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
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS steps_by_session ON steps(session, id);
CREATE INDEX IF NOT EXISTS steps_by_undone ON steps(session, undone);
"""


BUSY_SECONDS = 15.0
"""How long to wait for another process (a script, the app) to finish writing."""


class JournalError(ValueError):
    """A session that does not exist or exists already, or a journal that cannot be used."""


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
    """One accepted command and its events, both as JSON text."""

    id: int
    command: str
    events: str


class Journal:
    """All sessions in one SQLite file."""

    def __init__(self, path: Path | str) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        try:
            self._db = sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(SCHEMA)
        except sqlite3.Error as error:
            raise JournalError(f"cannot use the journal {path}: {error}") from None

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
        with self._transaction():
            if self.version(session) != seen:
                raise StaleSession("the session changed meanwhile; look again and retry")
            self._db.execute("DELETE FROM steps WHERE session = ? AND undone = 1", (session,))
            self._db.execute(
                "INSERT INTO steps (session, command, events, at) VALUES (?, ?, ?, ?)",
                (session, command, events, time.time()),
            )
            self._bump(session)
        return seen + 1

    def steps(self, session: str) -> list[Step]:
        """The steps in effect, oldest first."""
        query = "SELECT id, command, events FROM steps WHERE session = ? AND undone = 0 ORDER BY id"
        return [Step(*row) for row in self._read(query, (session,))]

    def undo(self, session: str) -> Step | None:
        """Mark the newest step in effect as undone and return it."""
        return self._flip(session, undone=0, order="DESC")

    def redo(self, session: str) -> Step | None:
        """Put back the oldest undone step and return it."""
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

    def _flip(self, session: str, undone: int, order: str) -> Step | None:
        with self._transaction():
            row = self._db.execute(
                f"SELECT id, command, events FROM steps WHERE session = ? AND undone = ? "
                f"ORDER BY id {order} LIMIT 1",
                (session, undone),
            ).fetchone()
            if row is None:
                return None
            self._db.execute("UPDATE steps SET undone = ? WHERE id = ?", (1 - undone, row[0]))
            self._bump(session)
        return Step(*row)

    def _transaction(self) -> _Transaction:
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
