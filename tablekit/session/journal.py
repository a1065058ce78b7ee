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

The journal is split along those seams: :mod:`.steps` is the append-only store
of steps, snapshots and answers, :mod:`.chain` the integrity chain, and
:mod:`.recovery` what damage cost and keeping what is left; :mod:`.schema` holds
the tables, :mod:`.records` the values and errors. This module opens the file,
keeps the sessions' records, and says the whole as one :class:`Journal`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from pathlib import Path

from tablekit.session import acks, guard, reading, views
from tablekit.session.chain import Step, chain, snapshot_checksum, unchained
from tablekit.session.clock import LATEST, Clock
from tablekit.session.errors import JournalError, NotAJournal
from tablekit.session.guard import APPLICATION_ID, BUSY_SECONDS
from tablekit.session.records import (
    Damaged,
    Drop,
    JournalBusy,
    SessionInfo,
    Snapshot,
    StaleSession,
    Unreadable,
    another_game,
    damaged,
    info_of,
)
from tablekit.session.recovery import Recovery, rolled_back
from tablekit.session.schema import (
    KEEP_VIEW,
    SCHEMA,
    SCHEMA_VERSION,
    VIEWS,
    WAL_PAGES,
    upgrade,
    user_version,
)

__all__ = [
    "BUSY_SECONDS",
    "LATEST",
    "SCHEMA",
    "SCHEMA_VERSION",
    "WAL_PAGES",
    "Clock",
    "Damaged",
    "Drop",
    "Journal",
    "JournalBusy",
    "JournalError",
    "NotAJournal",
    "SessionInfo",
    "Snapshot",
    "StaleSession",
    "Step",
    "Unreadable",
    "another_game",
    "chain",
    "damaged",
    "snapshot_checksum",
    "unchained",
]


def _text(data: bytes) -> str:
    """SQLite text as str; bytes that are not UTF-8 survive, to fail their checksum."""
    return data.decode("utf-8", "surrogateescape")


class Journal(Recovery):
    """All sessions in one SQLite file."""

    def __init__(self, path: Path | str, readonly: bool = False, *, clock: Clock) -> None:
        """Open the journal at ``path``, creating or upgrading it, or with ``readonly`` only
        reading it: a read-only journal never writes, checkpoints or syncs the file.
        ``clock`` tells the time each change is made at (see :mod:`.clock`): the caller owns
        the clock, the journal never reads one.

        A file that is not a tablekit journal raises NotAJournal and is left as it was.
        """
        self.path = path
        self.readonly = readonly
        self.clock = clock
        self.drops: list[Drop] = []
        self._file = None if str(path) == ":memory:" else Path(path)
        self._read_as: reading.Read | None = None
        """How a journal opened only to read was opened (see :mod:`.reading`)."""
        self._acks: acks.Acks | None = None
        self._pending: tuple[str, int, str, int] | None = None
        self._known: tuple[str, int, str, int] | None = None
        self._round = False
        self._depth = 0
        self._held: Callable[[], None] | None = None
        self._vouch: tuple[str, int] | None = None
        self._in_memory = False
        """Whether the connection reads a copy in memory, holding no descriptor of the file:
        such a journal is not noted as holding it (see :func:`guard.hold`), since the file
        may go and its inode number come back as another file's while this one is open."""
        try:
            self._db = self._connect()
            if self._file is not None and not self._in_memory:
                self._held = guard.hold(self._file, self)
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
            self._refresh_schema()
            if not readonly:
                self._make_round()
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
            self._in_memory = True
            return rolled_back(self._file)
        if self.readonly:  # as the files stand before the check reads them
            self._read_as = reading.Read(self._file)
        new = guard.check(self._file, readonly=self.readonly)
        if self._read_as is not None:
            self._in_memory = self._read_as.copies
            return self._read_as.connect()
        self._file.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self._file, isolation_level=None, timeout=BUSY_SECONDS)
        if new:
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # in the header, before WAL
        return db

    def _sidecar(self) -> acks.Acks | None:
        """The sidecar this journal acknowledges changes in (none in memory or to read)."""
        if self._file is None or self.readonly:
            return None
        name = self._db.execute("SELECT journal FROM meta").fetchone()[0]
        return acks.Acks(self._file, str(name), self.clock.now)

    def _user_version(self) -> int:
        return user_version(self._db)

    def _upgrade(self) -> None:
        """Bring a journal from an older build to this schema, once (:func:`.schema.upgrade`)."""
        if self._user_version() >= SCHEMA_VERSION:
            return
        with self._transaction():
            upgrade(self._db)

    def close(self) -> None:
        vouch = self._vouching()
        if hasattr(self, "_db"):
            self._db.close()
            if self._held is not None:
                self._held()
            self._held = None
        if self._acks is not None:
            if vouch is not None:  # the files as the close left them: its checkpoint is done
                self._acks.vouch(*vouch)
            self._acks.close()

    @property
    def older(self) -> bool:
        """Whether the file is of an older schema, not yet upgraded (only a journal opened
        to read stays so): its steps check out only in a copy upgraded in memory."""
        return self._schema < SCHEMA_VERSION

    def moved(self) -> bool:
        """Whether a writer may have changed the file while this journal, opened only to read
        a file with no write-ahead log, read it without a lock: read it again if so."""
        return self._read_as is not None and self._read_as.moved()

    @property
    def on_disk(self) -> bool:
        """Whether this journal is a file (not one in memory), so a copy can be kept beside it."""
        return self._file is not None

    def in_memory(self) -> Journal:
        """A copy of this journal in memory, upgraded, to repair for a read without
        touching the file."""
        copy = Journal(":memory:", clock=self.clock)
        self._db.backup(copy._db)
        copy.path = f"{self.path} (a copy in memory)"
        copy._db.executescript(SCHEMA)
        copy._upgrade()
        copy._refresh_schema()
        return copy

    def create(self, name: str, game: str) -> SessionInfo:
        """Start a new named session."""
        if not name.strip():
            raise JournalError("a session needs a name")
        if self.exists(name):
            raise JournalError(f"there is already a session called {name!r}")
        now = self.clock.now()
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
        return info_of(row[0])

    def sessions(self) -> list[SessionInfo]:
        """Every session, the most recently used first."""
        if "sessions" not in self._columns:  # read before its creation finished: none yet
            return []
        query = "SELECT name, game, created, touched FROM sessions ORDER BY touched DESC, name"
        return [info_of(row) for row in self._read(query, ())]

    def last(self) -> SessionInfo | None:
        """The session used most recently, which the app resumes."""
        found = self.sessions()
        return found[0] if found else None

    def keep_views(
        self, session: tuple[str, float, int], build: str, texts: Mapping[str, str]
    ) -> bool:
        """Keep ``texts`` (each audience's printed view) as the views of ``session`` (its
        name, when it was made, and the version they show) by ``build``, in place of any
        kept before; whether they were (not if the session has moved on, or another writer
        holds the journal: this does not wait for it). Synced like any commit: one per quiet
        moment of the table, never per command. A command that follows still takes the
        one-statement round."""
        name, created, version = session
        acked = b"" if self._file is None else views.acked(self._file)
        known = self._known
        self._db.execute("PRAGMA busy_timeout = 0")  # a kept view is worth no wait
        try:
            with self._transaction():  # says SQLite's failures as the journal's errors
                self._db.execute(VIEWS)
                self._db.execute("DELETE FROM views WHERE session = ?", (name,))
                rows = [
                    (audience, build, acked, text, name, version, created)
                    for audience, text in texts.items()
                ]
                kept = sum(self._db.execute(KEEP_VIEW, row).rowcount for row in rows)
        finally:
            self._db.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
        self._known = known  # views change no session, step or head
        return kept == len(texts) > 0

    def set_game(self, name: str, game: str) -> None:
        """Say that ``name`` plays ``game``: a record whose game's name was damaged, mended
        from what its snapshots say (see ``store.open_session``)."""
        with self._transaction():
            self._db.execute("UPDATE sessions SET game = ? WHERE name = ?", (game, name))

    def touch(self, name: str) -> None:
        """Mark ``name`` as the session in use."""
        with self._transaction():
            self._db.execute(
                "UPDATE sessions SET touched = ? WHERE name = ?", (self.clock.now(), name)
            )
