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
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    name TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL
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
"""


class JournalError(ValueError):
    """A session that does not exist, or exists already."""


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
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    def create(self, name: str, game: str) -> SessionInfo:
        """Start a new named session."""
        if not name.strip():
            raise JournalError("a session needs a name")
        now = time.time()
        try:
            with self._transaction():
                self._db.execute("INSERT INTO sessions VALUES (?, ?, ?, ?)", (name, game, now, now))
        except sqlite3.IntegrityError:
            raise JournalError(f"there is already a session called {name!r}") from None
        return SessionInfo(name, game, now, now)

    def info(self, name: str) -> SessionInfo:
        row = self._db.execute("SELECT * FROM sessions WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise JournalError(f"no session called {name!r}")
        return SessionInfo(*row)

    def sessions(self) -> list[SessionInfo]:
        """Every session, the most recently used first."""
        rows = self._db.execute("SELECT * FROM sessions ORDER BY touched DESC, name")
        return [SessionInfo(*row) for row in rows]

    def last(self) -> SessionInfo | None:
        """The session used most recently, which the app resumes."""
        found = self.sessions()
        return found[0] if found else None

    def touch(self, name: str) -> None:
        """Mark ``name`` as the session in use."""
        with self._transaction():
            self._db.execute("UPDATE sessions SET touched = ? WHERE name = ?", (time.time(), name))

    def delete(self, name: str) -> None:
        with self._transaction():
            self._db.execute("DELETE FROM sessions WHERE name = ?", (name,))

    def append(self, session: str, command: str, events: str) -> int:
        """Durably record a step, dropping any undone ones; return its id."""
        with self._transaction():
            self._db.execute("DELETE FROM steps WHERE session = ? AND undone = 1", (session,))
            cursor = self._db.execute(
                "INSERT INTO steps (session, command, events, at) VALUES (?, ?, ?, ?)",
                (session, command, events, time.time()),
            )
            self._db.execute(
                "UPDATE sessions SET touched = ? WHERE name = ?", (time.time(), session)
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def steps(self, session: str) -> Iterator[Step]:
        """The steps in effect, oldest first."""
        rows = self._db.execute(
            "SELECT id, command, events FROM steps WHERE session = ? AND undone = 0 ORDER BY id",
            (session,),
        )
        return (Step(*row) for row in rows)

    def undo(self, session: str) -> Step | None:
        """Mark the newest step in effect as undone and return it."""
        return self._flip(session, undone=0, order="DESC")

    def redo(self, session: str) -> Step | None:
        """Put back the oldest undone step and return it."""
        return self._flip(session, undone=1, order="ASC")

    def can_undo(self, session: str) -> bool:
        return self._count(session, undone=0) > 0

    def can_redo(self, session: str) -> bool:
        return self._count(session, undone=1) > 0

    def integrity(self) -> str:
        """SQLite's own check of the file: "ok" when all is well."""
        return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])

    def _count(self, session: str, undone: int) -> int:
        query = "SELECT COUNT(*) FROM steps WHERE session = ? AND undone = ?"
        return int(self._db.execute(query, (session, undone)).fetchone()[0])

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
        return Step(*row)

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if the body raised."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
