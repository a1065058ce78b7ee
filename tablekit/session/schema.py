"""The journal's tables, the pragmas a writer keeps, and the upgrade of an older file.

A step is a row of ``steps``; a session's record (its game, version and head)
a row of ``sessions``; ``snapshots`` keep folded states, ``answers`` what a
command id was answered with, ``drops`` what damage cost, and ``meta`` the
journal's own random id, which names it in the sidecar (see :mod:`.acks`).
"""

from __future__ import annotations

import sqlite3

from tablekit.session.chain import rechain
from tablekit.session.guard import APPLICATION_ID

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

ONE_ROUND = "INSERT INTO tablekit_step VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
"""A new step, and its session moved on, in one statement of its own transaction: what a
command costs when the session is as this connection's last commit left it (see
``StepStore.record``). The view it writes to is this connection's own (see :data:`ROUND`)."""

ROUND = (
    "CREATE TEMP VIEW IF NOT EXISTS tablekit_step "
    "(id, session, command, events, at, checksum, seen, head, game) "
    "AS SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    "CREATE TEMP TRIGGER IF NOT EXISTS tablekit_step_in INSTEAD OF INSERT ON tablekit_step "
    "BEGIN "
    "UPDATE sessions SET version = NEW.seen + 1, touched = NEW.at, head = NEW.checksum "
    "WHERE name = NEW.session AND version = NEW.seen AND head = NEW.head "
    "AND (NEW.game IS NULL OR game = NEW.game) "
    "AND NOT EXISTS (SELECT 1 FROM steps WHERE session = NEW.session AND undone = 1) "
    "AND (SELECT max(id) FROM steps) = NEW.id - 1; "
    "SELECT RAISE(ABORT, 'tablekit: not as this connection left it') WHERE changes() = 0; "
    "INSERT INTO steps (id, session, command, events, at, checksum) "
    "VALUES (NEW.id, NEW.session, NEW.command, NEW.events, NEW.at, NEW.checksum); "
    "END",
)
"""What :data:`ONE_ROUND` writes through: a view and its trigger in this connection's TEMP
schema, so the file's layout is the same (an older journal opens, an older build reads this
one) and nothing but that statement ever fires it.

The trigger moves the session on from version ``seen`` only if its head is ``head``, it is a
session of ``game`` (NULL: any), no step of it is undone and the new step's ``id`` is the
one SQLite would give it (the largest id so far, plus one); otherwise it raises, the
statement changes nothing, and the caller takes the round that reads what the session is.
The step is then inserted as ``record`` inserts it. One statement from Python instead of
the four of a transaction of its own (BEGIN IMMEDIATE, UPDATE, INSERT, COMMIT); as its own
transaction it takes the write lock (waiting for another writer as BEGIN IMMEDIATE does),
and its commit is synced like any other."""

VIEWS = (
    "CREATE TABLE IF NOT EXISTS views ("
    "session TEXT NOT NULL REFERENCES sessions(name) ON DELETE CASCADE, "
    "audience TEXT NOT NULL, version INTEGER NOT NULL, head TEXT NOT NULL, "
    "build TEXT NOT NULL, acked BLOB NOT NULL, text TEXT NOT NULL, "
    "PRIMARY KEY (session, audience)) WITHOUT ROWID"
)
"""Each session's views as its writer last had them (see :mod:`.views`): made by the first
writer that keeps one, so an older file opens unchanged, and an older build never reads it."""

KEEP_VIEW = (
    "INSERT INTO views (session, audience, version, head, build, acked, text) "
    "SELECT name, ?, version, head, ?, ?, ? FROM sessions "
    "WHERE name = ? AND version = ? AND created = ?"
)
"""One audience's view, kept only if the session is still the one it was built from (made
at the same time: versions start again at 0 under a name renamed or made anew) and at the
version it was built at; with the sidecar's acknowledgement as it stood then."""

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


def tables(db: sqlite3.Connection) -> set[str]:
    rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {row[0] for row in rows}


def columns_of(db: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


def user_version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def upgrade(db: sqlite3.Connection) -> None:
    """Bring a journal from an older build to this schema, in the caller's transaction.

    The index of undone steps holds only undone steps now, so a new step
    (never undone) adds nothing to it.

    Schema 0 had no checksums and 1 checksummed each step alone: the chain is
    computed for every old step here (see :func:`.chain.rechain`).
    """
    if "checksum" not in columns_of(db, "steps"):
        db.execute("ALTER TABLE steps ADD COLUMN checksum TEXT")
    if "head" not in columns_of(db, "sessions"):
        db.execute("ALTER TABLE sessions ADD COLUMN head TEXT NOT NULL DEFAULT ''")
    db.execute("DROP INDEX IF EXISTS steps_by_undone")
    for (name,) in db.execute("SELECT name FROM sessions").fetchall():
        rechain(db, name)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
