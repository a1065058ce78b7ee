"""What the journal stores and says, as values: a session's record, a snapshot, a drop, and
the errors a journal raises, with readers that take a damaged field's value as its type.

A damaged journal may hold any SQLite value in any column (text where a time
was, bytes where a name was): the readers here turn each into the type it must
be, so what damage left is said, compared and refused like anything else.
"""

from __future__ import annotations

import math
from typing import Any

from msgspec import Struct

from tablekit.session.clock import Clock, said
from tablekit.session.errors import JournalError


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


class SessionInfo(Struct, frozen=True):
    """A named session: which game it plays, and when it was last used."""

    name: str
    game: str
    created: float
    touched: float


class Snapshot(Struct, frozen=True):
    """A session's folded state after step ``step``, encoded by the session.

    ``tag`` says which encoding, game and build wrote it; ``checksum`` covers
    the tag and the state, so a damaged or foreign snapshot is never trusted.
    """

    step: int
    tag: str
    state: bytes
    checksum: str


class Drop(Struct, frozen=True):
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

    def describe(self, clock: Clock) -> str:
        """One line for a player: what was dropped, and when it was made (in ``clock``'s
        local time)."""
        what = f"the session {self.session!r}" if self.session else "the journal"
        kept = f"; the damaged file is kept as {self.copy}" if self.copy else ""
        return f"{what} was damaged ({self.why}): {self.changes(clock)} dropped{kept}"

    def changes(self, clock: Clock) -> str:
        """How many changes, made when: "3 change(s) made A to B"."""
        count = f"at least {self.count}" if self.at_least else str(self.count)
        return f"{count} change(s){self._when(clock)}"

    def _when(self, clock: Clock) -> str:
        """When the dropped changes were made, as " made A to B"; a time that damage made
        unreadable (out of range, NaN, text) is said as unknown, never raised."""
        if self.last is None:
            return ""
        first = None if self.first is None else said(clock, self.first)
        last = said(clock, self.last)
        if last is None or (self.first is not None and first is None):
            return " made at an unknown time"
        return f" made {first} to {last}" if first else f" made up to {last}"


def seconds(stored: object) -> float:
    """A step's stored time as seconds; NaN where damage left no number there (text, bytes),
    which is then said as an unknown time."""
    if stored is None:
        return 0.0
    if isinstance(stored, int | float):
        return float(stored)
    return math.nan


def word(stored: object) -> str:
    """A session's text field as read: text, or the bytes a damaged record gave in its place
    (as text, so it is said, compared and refused as any other); anything else as written."""
    if isinstance(stored, bytes):
        return stored.decode("utf-8", "surrogateescape")
    return stored if isinstance(stored, str) else str(stored)


def number(stored: object) -> int:
    """A whole number as read (a session's version, a count): a fraction as its whole part,
    and what a damaged record holds in its place (text, bytes, NaN, infinity) as 0."""
    if isinstance(stored, int):
        return int(stored)
    if isinstance(stored, float) and math.isfinite(stored):
        return int(stored)
    return 0


def info_of(row: tuple[Any, ...]) -> SessionInfo:
    """A session's record as read, each field of the type it must be, whatever damage did."""
    name, game, created, touched = row
    return SessionInfo(word(name), word(game), seconds(created), seconds(touched))
