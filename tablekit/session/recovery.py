"""Recovery: what a journal lost, and keeping what it holds.

Damage that SQLite itself would hide is caught here. After each commit the
session's new version is written to a small sidecar (see :mod:`.acks`), so a
write-ahead log cut short, which SQLite silently rolls back to its last whole
transaction, shows as a session older than was acknowledged. A copy of the
damaged files is kept before anything is cut; steps that do not check out are
cut with a record of what was dropped; a journal rebuilt from what SQLite can
still read is adopted whole; and a writer that found a session's chain whole
vouches for it in the sidecar, so the next read need not walk it again.
"""

from __future__ import annotations

import math
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from tablekit.session import acks, guard, readable
from tablekit.session.clock import stamp
from tablekit.session.errors import JournalError
from tablekit.session.records import Drop, number, word
from tablekit.session.schema import tables
from tablekit.session.steps import StepStore

if TYPE_CHECKING:
    import logging


def _log() -> logging.Logger:
    """This module's logger: :mod:`logging` is loaded once there is something to say."""
    import logging

    return logging.getLogger(__name__)


class Recovery(StepStore):
    """A step store that finds and records what damage cost, and keeps what is left."""

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
        if self._file is None or "meta" not in tables(self._db):
            return None
        acked = acks.read(
            self._file, str(self._db.execute("SELECT journal FROM meta").fetchone()[0])
        )
        if acked is None:
            return None
        rows = self._db.execute("SELECT name, version, head FROM sessions").fetchall()
        for name, version, head in rows:
            if acks.digest(word(name)) != acked.session:
                continue
            if number(version) >= acked.version or acks.mark(word(head)) == acked.head:
                return None
            name, version = word(name), number(version)
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
            _log().warning("no copy of the damaged journal %s was kept: %s", self.path, error)
            return None

    def _report(self, drop: Drop) -> None:
        self.drops.append(drop)
        if not self.readonly and drop.session is not None:
            self.record_drop(drop)  # its commit acknowledges the version now: said once

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

    def keep_copy(self) -> str:
        """Copy the journal's files, as they are now, beside it; return the copy's name.

        Done before damage is repaired, so what was found can still be looked at."""
        assert self._file is not None
        when = stamp(self.clock)
        base = self._file.with_name(f"{self._file.name}.damaged-{when}")
        n = 1
        while base.exists():
            n += 1
            base = self._file.with_name(f"{self._file.name}.damaged-{when}-{n}")
        ends = [end for end in ("", "-wal") if Path(f"{self._file}{end}").exists()]
        guard.copy_files([(Path(f"{self._file}{end}"), Path(f"{base}{end}")) for end in ends])
        return str(base)

    def adopt(self, clean: StepStore) -> None:
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
        self._refresh_schema()

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
            self._bump(session, self._newest_checksum(session), self.clock.now())
            self._insert_drop(drop)

    def record_drop(self, drop: Drop) -> None:
        with self._transaction():
            self._insert_drop(drop)
            if drop.session is not None:
                self._acknowledge(drop.session)

    def _insert_drop(self, drop: Drop) -> None:
        found = self.clock.now()
        self._db.execute(
            "INSERT INTO drops (session, found, count, first, last, why, copy) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (drop.session, found, drop.count, drop.first, drop.last, drop.why, drop.copy),
        )


def rolled_back(file: Path) -> sqlite3.Connection:
    """The journal at ``file`` as SQLite reads it once the transaction a killed writer
    left unfinished is undone (see :func:`guard.unfinished`), in memory: the undo is done
    on a copy made by another process, so the file is never written or even opened here.
    A first creation undone to nothing is no journal yet, as for a missing file."""
    import tempfile  # only after a killed writer: an ordinary start does not load it

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
