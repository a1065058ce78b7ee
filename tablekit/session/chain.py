"""The integrity chain: each step's checksum covers its command, its events and the
checksum of the step before it, so a changed, missing or reordered step breaks the chain
where it happened, and the session's head (the newest step's checksum) shows a lost newest
step. A snapshot's checksum covers its tag and its state.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Iterable, Iterator

from msgspec import Struct

from tablekit.session.records import Damaged, damaged


class Step(Struct, frozen=True):
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


_EMPTY = hashlib.sha256()
"""A SHA-256 of nothing yet, copied for each checksum: a copy costs less than a new one,
which OpenSSL 3 sets up afresh each time, and every command makes one."""


def chain(previous: str, command: str, events: str) -> str:
    """The checksum a step is stored with: its command and events, and the step before's
    (the three texts joined by NUL, as UTF-8; bytes that were not UTF-8 as they were)."""
    digest = _EMPTY.copy()
    digest.update(f"{previous}\0{command}\0{events}".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def unchained(command: str, events: str) -> str:
    """A step's checksum as schema 1 stored it, to check old steps once before chaining them."""
    text = f"{command}\0{events}".encode("utf-8", "surrogateescape")
    return hashlib.sha256(text).hexdigest()


def snapshot_checksum(tag: str, state: bytes) -> str:
    return hashlib.sha256(tag.encode() + b"\0" + state).hexdigest()


def checked(
    session: str, steps: Iterable[Step], previous: str, head: Callable[[], str]
) -> Iterator[Step]:
    """Each of ``steps`` (oldest first) once it chains to the one before it (``previous``,
    the checksum of the step before the first), and after the last, the newest checked
    against the session's ``head()``, read then; Damaged, naming the first step that does
    not check out, where one does not."""
    for step in steps:
        previous = step.verify(session, previous)
        yield step
    if head() != previous:
        raise Damaged(session, None, "its newest step is missing or was changed")


def checked_alone(session: str, steps: Iterable[Step]) -> Iterator[Step]:
    """Each of ``steps`` of a journal read without upgrading it from before the chain, checked
    alone as schema 1 checksummed it (a step of schema 0 has no checksum to check)."""
    for step in steps:
        if step.checksum is not None and step.checksum != unchained(step.command, step.events):
            raise damaged(session, step.id, "its command or events were changed")
        yield step


def rechain(db: sqlite3.Connection, session: str) -> None:
    """Chain every step of ``session`` as schema 2 does, once, as the journal is upgraded.
    An old checksum that does not match is kept broken, so the damage it shows is reported
    when the session is read."""
    previous = head = ""
    rows = db.execute(
        "SELECT id, command, events, checksum, undone FROM steps WHERE session = ? ORDER BY id",
        (session,),
    ).fetchall()
    for step, command, events, old, undone in rows:
        checksum = chain(previous, command, events)
        kept = old is None or old == unchained(command, events)
        db.execute(
            "UPDATE steps SET checksum = ? WHERE id = ?",
            (checksum if kept else "changed before the upgrade", step),
        )
        previous = checksum
        head = checksum if not undone else head
    db.execute("UPDATE sessions SET head = ? WHERE name = ?", (head, session))
