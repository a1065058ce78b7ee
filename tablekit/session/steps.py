"""The append-only step store: a session's steps, its snapshots and answers, in one SQLite
connection.

A step is one accepted command with the events it caused, appended in a
single transaction before anyone sees the result; undo and redo flip a step's
``undone`` flag, and a new command deletes the undone steps, as a new move
clears the redo stack in any editor. Every step is chained to the one before
it (see :mod:`.chain`), and each commit moves its session on a version, which
is acknowledged in the sidecar once durable (see :mod:`.acks`).
"""

from __future__ import annotations

import contextlib
import itertools
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tablekit.session import acks, readable
from tablekit.session.chain import Step, chain, checked, checked_alone, snapshot_checksum
from tablekit.session.clock import Clock
from tablekit.session.errors import JournalError
from tablekit.session.records import (
    Drop,
    Snapshot,
    StaleSession,
    Unreadable,
    another_game,
    number,
    seconds,
    word,
)
from tablekit.session.schema import (
    ONE_ROUND,
    ROUND,
    SCHEMA_VERSION,
    columns_of,
    tables,
    user_version,
)
from tablekit.session.transaction import Transaction, raise_as_journal_error


class StepStore:
    """The steps, snapshots and answers of every session in one SQLite connection; opened,
    checked and mended by :class:`.journal.Journal`."""

    path: Path | str
    readonly: bool
    clock: Clock
    """Where the time of each step, answer and change comes from: the caller's clock."""
    drops: list[Drop]
    """Damage found since this journal was opened, newest last, for the screen or CLI to say."""
    _db: sqlite3.Connection
    _file: Path | None
    _acks: acks.Acks | None
    _pending: tuple[str, int, str, int] | None
    """The session, version and head the open transaction moved to, acknowledged on commit,
    and the id of the step it appended (0: none)."""
    _known: tuple[str, int, str, int] | None
    """The session, version, head and appended step (0: none) this journal's last commit
    left, if it moved one: a command that follows checks them in the statement that writes
    (see ``record``)."""
    _round: bool
    """Whether this connection's TEMP view for :data:`.schema.ONE_ROUND` is made (it is as a
    writer opens the journal)."""
    _depth: int
    """How many ``_transaction`` blocks are open: only the outermost begins and commits."""
    _held: Callable[[], None] | None
    """The release of this journal's file, noted as open in this process while the connection
    is (see :func:`guard.hold`)."""
    _vouch: tuple[str, int] | None
    """The session whose whole chain this writer found whole, and ``data_version`` when
    it read it: vouched for in the sidecar when the journal closes (see ``vouch``)."""
    _schema: int
    _columns: dict[str, set[str]]

    def _refresh_schema(self) -> None:
        """Note the file's schema version and each table's columns, as read now."""
        self._schema = user_version(self._db)
        self._columns = {table: columns_of(self._db, table) for table in tables(self._db)}

    def _version_and_head(self, session: str) -> tuple[int, str]:
        row = self._db.execute(
            "SELECT version, head FROM sessions WHERE name = ?", (session,)
        ).fetchone()
        return (number(row[0]), word(row[1])) if row else (0, "")

    def version(self, session: str) -> int:
        """A number that grows with every change to ``session``, from any process."""
        return self._one("SELECT version FROM sessions WHERE name = ?", (session,))

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
        (renamed away, and one made anew in its place) is refused: JournalError.

        A plain step (no snapshot, no answer) of a session as this journal's last commit
        left it takes one statement (:meth:`_one_round`); otherwise, or if that finds the
        session moved, one transaction checks and writes."""
        known = self._known
        plain = snapshot is None and command_id is None and not self._depth
        if plain and known is not None and known[3] and known[0] == session and known[1] == seen:
            appended = (known[3] + 1, session, command, events, seen, known[2])
            if self._one_round(appended, chain(known[2], command, events), game):
                return seen + 1, known[3] + 1
            known = None  # refused there: read what the session is
        with self._transaction():
            now = self.clock.now()
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
            self._pending = (session, seen + 1, checksum, step)
        return seen + 1, step

    def _one_round(
        self, step: tuple[int, str, str, str, int, str], checksum: str, game: str | None
    ) -> bool:
        """Append ``step`` (its id, session, command and events, the version the session is
        moved on from and its head then) with ``checksum``, in one statement that is its own
        transaction (:data:`.schema.ONE_ROUND`); acknowledge it once committed. False, with
        nothing written, if the session is not so (moved, renamed, another game's, a step
        undone) or another step took the id.

        A journal without the view (opened only to read, or SQLite refused it), or inside a
        read of one moment (:meth:`reading`), whose commit is not this statement's, takes the
        transaction, which says why if it cannot write."""
        if not self._round or self._db.in_transaction:
            return False
        step_id, session, command, events, seen, head = step
        try:
            now = self.clock.now()
            self._db.execute(
                ONE_ROUND, (step_id, session, command, events, now, checksum, seen, head, game)
            )
        except sqlite3.IntegrityError:
            return False
        except sqlite3.Error as error:
            self._known = None
            if self._db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            raise_as_journal_error(error)
        self._known = (session, seen + 1, checksum, step_id)
        if self._acks is not None:
            self._acks.write(session, seen + 1, checksum)
        return True

    def _make_round(self) -> None:
        """Make this connection's view for :data:`.schema.ONE_ROUND`, if SQLite lets it."""
        try:
            for statement in ROUND:
                self._db.execute(statement)
        except sqlite3.Error:
            return
        self._round = True

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
        if game is not None and word(row[3]) != game:
            raise another_game(session)
        if number(row[0]) != seen:
            raise StaleSession("the session changed meanwhile; look again and retry")
        if not row[2]:
            return word(row[1])
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
            return list(self.each_step(session, after))

    def each_step(self, session: str, after: int = 0) -> Iterator[Step]:
        """The steps :meth:`steps` gives, one at a time, each checked before it is given and
        the newest against the head once the last is given: a fold of every step (a new
        build's first open) holds one step at a time, not the session. Read it inside
        :meth:`reading`, so that it is read at one moment."""
        checksum = "checksum" if "checksum" in self._columns.get("steps", ()) else "NULL"
        query = (
            f"SELECT id, command, events, {checksum} FROM steps "
            "WHERE session = ? AND undone = 0 AND id > ? ORDER BY id"
        )
        found = (Step(*row) for row in self._rows(query, (session, after)))
        if self._schema < SCHEMA_VERSION:  # read without upgrading: each step checks alone
            return checked_alone(session, found)
        previous = self._checksum_of(session, after)
        return checked(session, found, previous, lambda: self.head(session))

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
        return word(rows[0][0]) if rows else ""

    def walk(self, session: str) -> Iterator[tuple[Step, bool, float]]:
        """Every step of ``session`` (undone ones too) with its flag and time, oldest first:
        what ``tablekit check``, the app's walk and salvage walk. Read by rowid and never
        through an index (:func:`readable.each_row`), so an index that went wrong neither
        hides a step nor shows one that is not there; a step SQLite cannot read is missing,
        which the walk finds as damage there.

        The steps stream, one range of rowids at a time, so a walk of 100,000 steps holds
        a few thousand at most. The first range is read before this returns: inside
        :meth:`reading`, the walk sees the journal as it stood then, whoever commits while
        it is being walked."""
        steps = self._each_step(session)
        first = next(steps, None)
        return itertools.chain(() if first is None else (first,), steps)

    def _each_step(self, session: str) -> Iterator[tuple[Step, bool, float]]:
        checksum = "checksum" if "checksum" in self._columns.get("steps", ()) else "NULL"
        columns = f"command, events, {checksum}, undone, at"
        try:
            for rowid, command, events, mark, undone, at in readable.each_row(
                self._db, "steps", columns, "session = ?", session
            ):
                yield Step(rowid, command, events, mark), bool(undone), seconds(at)
        except (sqlite3.Error, UnicodeDecodeError) as error:
            raise Unreadable(f"the journal {self.path} cannot be read: {error}") from None

    def chain_of(self, session: str) -> list[tuple[Step, bool, float]]:
        """The steps :meth:`walk` gives, in a list: for a caller that keeps them after the
        journal is read (a harness comparing them with what it wrote)."""
        return list(self.walk(session))

    def every_step(self) -> list[tuple[object, Step, bool, object]]:
        """Every step SQLite can read, of every session, oldest first, as its session's name,
        the step, whether it is undone, and its time as stored (see :meth:`walk`): what a
        rebuild reads."""
        checksum = "checksum" if "checksum" in self._columns.get("steps", ()) else "NULL"
        columns = f"session, command, events, {checksum}, undone, at"
        try:
            read = readable.rows_of(self._db, "steps", columns)
        except (sqlite3.Error, UnicodeDecodeError) as error:
            raise Unreadable(f"the journal {self.path} cannot be read: {error}") from None
        return [
            (name, Step(rowid, command, events, mark), bool(undone), at)
            for rowid, name, command, events, mark, undone, at in read.rows
        ]

    def _acknowledge(self, session: str) -> None:
        """Have the open transaction's commit write ``session``'s version and head, as they
        are now, to the sidecar: a session made anew under a name (its version starts at 0)
        must not be compared with what an older session of that name reached."""
        self._pending = (session, *self._version_and_head(session), 0)

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
            if game is not None and held is not None and word(held[1]) != game:
                raise another_game(session)
            before = number(held[0]) if held is not None else 0
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
            now = self.clock.now()
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
            self._pending = (session, int(row[0]), head, 0)

    def _read(self, query: str, parameters: tuple[object, ...]) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(query, parameters).fetchall()
        except (sqlite3.Error, UnicodeError) as error:
            raise self._unread(error) from None

    def _rows(self, query: str, parameters: tuple[object, ...]) -> Iterator[tuple[Any, ...]]:
        """The rows of ``query`` one at a time, as SQLite steps to each (see :meth:`_read`)."""
        try:  # not ``yield from``, which closes the cursor when a walk left part-way is
            # collected, and fails if the journal was closed by then
            for row in self._db.execute(query, parameters):  # noqa: UP028
                yield row
        except (sqlite3.Error, UnicodeError) as error:
            raise self._unread(error) from None

    def _unread(self, error: sqlite3.Error | UnicodeError) -> JournalError:
        """A read SQLite refused, said as the journal's error: Unreadable where the file is
        damaged there (a name read from a damaged record that is no text, too)."""
        if isinstance(error, UnicodeEncodeError):
            return Unreadable(f"the journal {self.path} cannot be read: a name is no text")
        said = f"the journal {self.path} cannot be read: {error}"
        return Unreadable(said) if readable.is_damage(error) else JournalError(said)

    def _one(self, query: str, parameters: tuple[object, ...]) -> int:
        rows = self._read(query, parameters)
        return number(rows[0][0]) if rows else 0

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

    def _transaction(self) -> Transaction:
        """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if the body raised: see :class:`.Transaction`."""
        return Transaction(self)

    def data_version(self) -> int:
        """A number that changes when another connection commits to the journal (SQLite's
        ``data_version``; this connection's own commits leave it)."""
        return self._one("PRAGMA data_version", ())
