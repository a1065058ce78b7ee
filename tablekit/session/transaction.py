"""The journal's write transaction, and SQLite's refusals said as the journal's errors."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from types import TracebackType
from typing import Protocol

from tablekit.session.acks import Acks
from tablekit.session.errors import JournalError
from tablekit.session.records import JournalBusy


class Writes(Protocol):
    """What a transaction reads and moves of the step store it runs on (the store imports
    this module, so the store is named by its shape, not its class)."""

    path: Path | str
    readonly: bool
    _db: sqlite3.Connection
    _acks: Acks | None
    _pending: tuple[str, int, str, int] | None
    _known: tuple[str, int, str, int] | None
    _depth: int


class Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if the body raised; a session's new version is
    acknowledged in the sidecar once its commit is durable. One inside another (a write
    inside ``holding``) is part of the outer one.

    A class rather than a generator: every command passes through one, and
    ``contextlib``'s machinery cost about 0.01 ms of each command measured between fsyncs.
    """

    __slots__ = ("_journal", "_outer")

    def __init__(self, journal: Writes) -> None:
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
                raise_as_journal_error(error)
                return  # not SQLite's: the body's own error goes on as it was
        finally:
            journal._depth = 0
        journal._known = journal._pending
        if journal._pending is not None and journal._acks is not None:
            journal._acks.write(*journal._pending[:3])


def raise_as_journal_error(error: BaseException) -> None:
    """A write SQLite refused, said as the journal's error; any other error is left as it is."""
    if isinstance(error, sqlite3.OperationalError) and "locked" in str(error):
        raise JournalBusy(f"the journal is busy (another program is writing): {error}") from None
    if isinstance(error, sqlite3.Error):
        raise JournalError(f"the journal could not be written: {error}") from None
