"""Finding where a session's steps stop checking out, and keeping every step before it.

Opening a session checks only the steps it folds (those after its newest
snapshot); when one fails, or when ``tablekit check`` asks, the whole chain
is walked here from the first step. Everything before the first bad step is
kept. A journal that may be written is first copied beside itself, exactly
as found, and then the bad step and all after it are cut from the session,
with a record of what was dropped; a journal opened only to read is
repaired in a copy in memory, so the file is never touched.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec.structs
from msgspec import Struct

from tablekit.rules.game import Game
from tablekit.session import rebuild
from tablekit.session.clock import Clock
from tablekit.session.journal import (
    Damaged,
    Drop,
    Journal,
    JournalError,
    SessionInfo,
    Step,
    Unreadable,
)
from tablekit.session.session import Session


class Finding(Struct, frozen=True):
    """One session's chain walked from its first step.

    ``bad`` is the id of the first step that does not check out (None: all
    do, or only steps after the newest are missing), ``kept`` how many steps
    come before it, ``dropped`` the times of the steps from it on, ``why``
    what is wrong, and ``lost`` the times between which lost newest steps
    were made (the newest step kept, the session's last change).
    """

    session: str
    kept: int
    bad: int | None
    dropped: tuple[float, ...]
    why: str
    lost: tuple[float, float] | None = None

    @property
    def ok(self) -> bool:
        return not self.why


def inspect(journal: Journal, session: str) -> Finding:
    """Walk every step of ``session``: each must chain to the one before it, no step in
    effect may follow an undone one, and the newest in effect must be the session's head.

    The steps and the head are read in one transaction: a change committed between the
    two reads would otherwise look like lost or undone steps. The steps stream through the
    judge as they are read (:meth:`Journal.walk`), so the walk's memory does not grow with
    the session."""
    with journal.reading():
        steps = journal.walk(session)
        head = journal.head(session)
        info = journal.info(session) if journal.exists(session) else None
        return judge(session, steps, head, info)


def judge(
    session: str, steps: Iterable[tuple[Step, bool, float]], head: str, info: SessionInfo | None
) -> Finding:
    """Where the chain ``steps`` of ``session`` (oldest first, each with its undone flag and
    time) stops checking out, given the session's ``head`` and record (see :func:`inspect`).
    The steps are read once, in order, and none is kept: only the times of undone ones."""
    previous = newest = ""
    count = live = 0
    undone_times: list[float] = []
    """The times of the undone steps, which are all after those in effect."""
    undone_id: int | None = None
    undone_head = False
    """Whether an undone step is the session's head: steps in effect were marked undone."""
    at = math.nan
    rest = iter(steps)
    for step, undone, at in rest:
        why = ""
        if undone_times and not undone:
            why = "a step in effect follows an undone one"
        else:
            try:
                previous = step.verify(session, previous)
            except Damaged as error:
                why = str(error).rpartition(": ")[2]
        if why:
            dropped = (at, *(later for *_, later in rest))
            return Finding(session, count, step.id, dropped, why)
        count += 1
        if undone:
            undone_id = step.id if undone_id is None else undone_id
            undone_times.append(at)
            undone_head = undone_head or step.checksum == head
        else:
            live, newest = live + 1, previous
    if head == newest:
        return Finding(session, count, None, (), "")
    if undone_head:
        why = "steps in effect were marked undone"
        return Finding(session, live, undone_id, tuple(undone_times), why)
    if info is None:
        raise JournalError(f"no session called {session!r}")
    lost = (at if count else info.created, info.touched)
    return Finding(session, count, None, (), "its newest steps were lost", lost)


def verdict(journal: Journal, session: str) -> Finding | None:
    """One reading of damage for ``session``, as the app's walk and ``tablekit check`` read
    it: its whole chain walked, or None if it checks out. The walk is skipped when the
    sidecar vouches for the chain as the files now stand (:meth:`Journal.vouched`); a writer
    that finds it whole vouches for it when it closes the journal."""
    since = journal.data_version()
    if journal.vouched(session):
        journal.vouch(session, since)  # a writer vouches again as it closes: its own steps
        return None
    finding = inspect(journal, session)
    if not finding.ok:
        return finding
    journal.vouch(session, since)
    return None


def drop_of(finding: Finding, copy: str | None) -> Drop:
    """What cutting ``finding``'s session at its first bad step loses, for the record."""
    if finding.lost is not None:
        return Drop(finding.session, 1, *finding.lost, finding.why, copy, at_least=True)
    times = finding.dropped
    first, last = _span(times)
    return Drop(finding.session, len(times), first, last, finding.why, copy)


def _span(times: tuple[float, ...]) -> tuple[float | None, float | None]:
    """The earliest and the latest of ``times`` (None, None: there are none); NaN for both
    where one is NaN, a time damage left unreadable, so the span is said to be unknown."""
    if not times:
        return None, None
    if any(math.isnan(at) for at in times):
        return math.nan, math.nan
    return min(times), max(times)


def salvage(journal: Journal, session: str) -> tuple[Journal, Drop | None]:
    """Keep the good prefix of ``session``; return the journal to use and what was dropped.

    A journal opened to write is copied beside itself and then cut; one opened
    only to read is cut in a copy in memory, which is returned instead. The write lock
    is held from the walk to the cut, so no other writer's step (a redo, say) can be
    cut for damage it was not part of.

    A file SQLite does not find whole (a damaged page, an index that went wrong) is
    rebuilt instead from the rows that still read (:mod:`.rebuild`), in place for a
    writer (after the copy) and in memory for a read: a damaged page costs only the rows
    on it, and a damaged index nothing.
    """
    if not _sound(journal):  # checked before the write lock, which a failed check would spoil
        return _rebuilt(journal, session)
    if journal.readonly:
        journal = journal.in_memory()
    with journal.holding():
        finding = inspect(journal, session)
        if finding.ok:
            return journal, None
        copy = _kept(journal, session) if journal.on_disk else None
        drop = drop_of(finding, copy)
        journal.cut(session, finding.bad, drop)
    journal.drops.append(drop)
    return journal, drop


def _rebuilt(journal: Journal, session: str, lossless: bool = False) -> tuple[Journal, Drop | None]:
    """``journal`` rebuilt from the rows SQLite can still read: in its own place for a writer,
    once a copy of the damaged file is kept; in memory for a read. Returns the journal to use
    and what ``session`` lost (every session's losses are in its ``drops``). ``lossless``: only
    if ``session`` loses nothing by it; else Lossy, and nothing changed."""
    clean = Journal(":memory:", clock=journal.clock)
    used: Journal | None = None
    try:
        since = journal.data_version()
        drops = rebuild.rebuild(journal, clean, judge, None, same_id=not journal.readonly)
        mine = next((drop for drop in drops if drop.session == session), None)
        if journal.readonly:
            clean.path = f"{journal.path} (rebuilt in memory)"
            used = clean
        else:
            if lossless and mine is not None:
                raise Lossy(mine, journal.clock)
            copy = _kept(journal, session) if journal.on_disk else None
            drops = [msgspec.structs.replace(drop, copy=copy) for drop in drops]
            if journal.data_version() != since:  # another writer meanwhile: not overwritten
                raise JournalError(f"the journal {journal.path} changed while it was rebuilt")
            journal.adopt(clean)
            for drop in drops:
                journal.record_drop(drop)
            used = journal
    finally:
        if clean is not used:
            clean.close()
    used.drops.extend(drops)
    return used, next((drop for drop in drops if drop.session == session), None)


class Lossy(JournalError):
    """Rebuilding a journal SQLite cannot read whole would drop steps of the session at hand."""

    def __init__(self, drop: Drop, clock: Clock) -> None:
        super().__init__(drop.describe(clock))
        self.drop = drop


def mend(journal: Journal, session: str) -> Journal:
    """A writer's journal that SQLite cannot read whole, rebuilt in its place (a copy of the
    damaged file kept) if ``session`` loses nothing by it, as the app would rebuild it;
    Lossy if it would lose steps, and nothing changed (a script asks the table first)."""
    rebuilt, _ = _rebuilt(journal, session, lossless=True)
    return rebuilt


def _sound(journal: Journal) -> bool:
    """Whether SQLite's own check finds the file whole. A damaged index page can make the
    check itself fail as "malformed" while the tables still read, and a rebuilt index then
    shows every step again, so that counts as not whole too. Inside a write transaction
    such a failure would leave the transaction unable to write: it is checked before."""
    try:
        return journal.integrity() == "ok"
    except JournalError:
        return False


def _kept(journal: Journal, session: str) -> str:
    """A copy of the damaged journal, made before any step is cut; without room for it
    nothing is cut, since the cut steps would then be gone for good."""
    try:
        return journal.keep_copy()
    except OSError as error:
        raise JournalError(
            f"{session!r} is damaged, and no copy of the journal can be kept before its bad"
            f" steps are set aside ({error.strerror}); nothing was changed"
        ) from None


def open_checked(journal: Journal, name: str, game: Game[Any], repair: bool = True) -> Session[Any]:
    """The session ``name``; if its steps do not check out, the good prefix, with the
    drop in ``session.journal.drops`` for the screen or the CLI to say; if SQLite cannot read
    part of the journal, the journal mended or rebuilt (:func:`salvage`). Without ``repair``
    (a script, which asks first), Damaged or Unreadable instead."""
    unreadable = False
    try:
        return Session(journal, name, game)
    except Damaged:
        if not repair:
            raise
    except Unreadable:  # a page or index SQLite cannot read: mended, or rebuilt from the rows
        if not repair:
            raise
        unreadable = True
    journal, drop = salvage(journal, name)
    if drop is None and not unreadable:
        raise JournalError(f"the session {name!r} does not check out, and no damage was found")
    return Session(journal, name, game)


class ChainCheck:
    """A whole session's chain walked in a thread of its own, with its own read-only
    connection, so damage behind the newest snapshot (which opening never reads) is found
    without delaying the first frame; the app salvages on its own thread once done.

    The walk starts at the second :meth:`poll`, so after the app's first frame: at
    100,000 steps it hashes for about 0.2 s here, and would hold the interpreter then.
    """

    def __init__(self, path: Path, session: str, since: int = -1, *, clock: Clock) -> None:
        self.session = session
        self.clock = clock
        """The journal's clock, which the walk's own connection is opened with."""
        self.since = since
        """The app's ``data_version`` before the walk: a chain found whole is vouched for
        as of then (see :meth:`Journal.vouch`)."""
        self.finding: Finding | None = None
        """What the walk found; None until done, or if the journal could not be read."""
        self.error = ""
        """Why the journal could not be read to the end, if it could not."""
        self.sound = True
        """Whether SQLite's own check found the file whole (an index that went wrong is
        mended before a command is taken: see ``salvage``)."""
        self._thread = threading.Thread(target=self._walk, args=(path,), daemon=True)
        self._polls = 0

    def _walk(self, path: Path) -> None:
        try:
            journal = Journal(path, readonly=True, clock=self.clock)
        except JournalError as error:
            self.error = str(error)
            return
        try:
            self.finding = inspect(journal, self.session)
            self.sound = _sound(journal)
        except JournalError as error:
            self.error = str(error)
        finally:
            journal.close()

    def poll(self) -> bool:
        """Whether the walk is done; the second call starts it."""
        self._polls += 1
        if self._polls == 2:
            self._thread.start()
        return self._polls >= 2 and not self._thread.is_alive()

    def wait(self) -> None:
        """Walk now if not yet started, and wait for the walk to end."""
        if not self._thread.is_alive() and self._polls < 2:
            self._polls = 2
            self._thread.start()
        self._thread.join()
