"""What SQLite can still read of a journal, row by row, written anew through a fresh schema.

A damaged page or index must cost only the rows on it. So a table is read by
its rowids, in ranges and never through an index: a range SQLite cannot read
is read in halves, down to single rows, and only a row that cannot be read
alone is lost. The rows read are then written to a fresh journal (its own
tables and indexes, never a page of the old file): each session's steps up to
the first that does not check out, as the app keeps them, with the snapshots,
answers and records of earlier damage that still read and belong to them.

``tablekit check --repair`` writes a new file this way; a read of a journal
SQLite cannot read whole rebuilds it in memory; and the app, or a script, that
finds a journal SQLite cannot read whole rebuilds it in place (see
``salvage.salvage``).
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Callable
from typing import Any

import msgspec.structs
from msgspec import Struct

from tablekit.session.journal import (
    Drop,
    Journal,
    JournalError,
    SessionInfo,
    Step,
    snapshot_checksum,
)
from tablekit.session.readable import is_damage, rows_of


def _seconds(stored: object) -> float:
    if isinstance(stored, bool) or not isinstance(stored, int | float):
        return math.nan
    return float(stored)


class Kept(Struct, frozen=True):
    """One session as the rebuild writes it: its record, the steps kept (each with its
    undone flag and time), the head, and what was dropped."""

    info: SessionInfo
    version: int
    steps: list[tuple[Step, bool, float]]
    head: str
    drop: Drop | None


Judge = Callable[[str, list[tuple[Step, bool, float]], str, SessionInfo | None], Any]
"""How a session's steps are judged (``salvage.judge``): returns a Finding."""


def rebuild(
    source: Journal, target: Journal, judge: Judge, copy: str | None, same_id: bool
) -> list[Drop]:
    """Write every session of ``source`` that SQLite can read to the fresh ``target``, each up
    to its first step that does not check out (``judge`` says where); return what was
    dropped, each said with ``copy``, where the damaged file was kept. ``same_id``: the
    target keeps the source's journal id, so the sidecar beside the file still applies (a
    journal rebuilt in its own place); otherwise it keeps the one it was made with."""
    if source.older:  # chained first, as opening would upgrade it
        source = source.in_memory()
    db = source._db
    sessions = _sessions(db)
    by_session: dict[str, list[tuple[Step, bool, float]]] = {}
    stored: dict[int, object] = {}
    """Each step's time as it was stored, written back as it was (a damaged one too)."""
    for name, step, undone, at in source.every_step():
        if isinstance(name, str) and _plain(name):  # a name damage made no text: no one's
            by_session.setdefault(name, []).append((step, undone, _seconds(at)))
            stored[step.id] = at
    _rename_by_head(sessions, by_session)
    tags = {name: _snapshots(db, name) for name in set(sessions) | set(by_session)}
    kept: list[Kept] = []
    drops: list[Drop] = []
    for name in sorted(set(sessions) | set(by_session)):
        chain = by_session.get(name, [])
        found = sessions.get(name)
        if found is None:
            game = next((tag.split(":")[1] for _, tag, _, _ in tags[name] if ":" in tag), None)
            if game is None:  # neither the session's record nor a snapshot names its game
                times = [at for _, _, at in chain]
                why = "its record cannot be read"
                drops.append(Drop(name, len(chain), *_span(times), why, copy))
                continue
            created = min((at for _, _, at in chain if not math.isnan(at)), default=0.0)
            info, version, head = SessionInfo(name, game, created, created), 0, ""
        else:
            info, version, head = found
        one = _keep(name, info, version, head, chain, judge, copy)
        kept.append(one)
        if one.drop is not None:
            drops.append(one.drop)
    _write(source, target, kept, tags, stored, drops, same_id)
    return drops


def _rename_by_head(
    sessions: dict[str, tuple[SessionInfo, int, str]],
    by_session: dict[str, list[tuple[Step, bool, float]]],
) -> None:
    """A record whose name was damaged has no steps under its name, and the steps, each of
    which carries the session's name, have no record; its head, the checksum of its newest
    step, says which steps are its own. Such a record takes its steps' name again."""
    for name, (info, version, head) in list(sessions.items()):
        if name in by_session or not head:
            continue
        for owner, chain in by_session.items():
            live = [step for step, undone, _ in chain if not undone]
            if owner not in sessions and live and live[-1].checksum == head:
                del sessions[name]
                sessions[owner] = (msgspec.structs.replace(info, name=owner), version, head)
                break


def _keep(
    name: str,
    info: SessionInfo,
    version: int,
    head: str,
    chain: list[tuple[Step, bool, float]],
    judge: Judge,
    copy: str | None,
) -> Kept:
    """What of one session's readable steps is kept, and the drop of the rest."""
    if not head and chain:  # a record rebuilt from the steps: its newest step is its head
        live = [step for step, undone, _ in chain if not undone]
        head = live[-1].checksum or "" if live else ""
    finding = judge(name, chain, head, info)
    if finding.ok:
        return Kept(info, version + 1, chain, head, None)
    cut = finding.kept if finding.bad is not None else len(chain)
    steps = chain[:cut]
    live = [step for step, undone, _ in steps if not undone]
    new_head = (live[-1].checksum or "") if live else ""
    drop: Drop
    if finding.lost is not None:
        first, last = finding.lost
        drop = Drop(name, 1, first, last, finding.why, copy, at_least=True)
    else:
        times = finding.dropped
        drop = Drop(name, len(times), *_span(times), finding.why, copy)
    return Kept(info, version + 1, steps, new_head, drop)


def _span(times: tuple[float, ...] | list[float]) -> tuple[float | None, float | None]:
    if not times:
        return None, None
    if any(math.isnan(at) for at in times):
        return math.nan, math.nan
    return min(times), max(times)


def _sessions(db: sqlite3.Connection) -> dict[str, tuple[SessionInfo, int, str]]:
    """Each session whose record reads whole, by name: its record, version and head."""
    found = {}
    for _, name, game, created, touched, version, head in rows_of(
        db, "sessions", "name, game, created, touched, version, head"
    ).rows:
        if not _plain(name, game, head):
            continue
        if not isinstance(version, int):
            continue
        times = [_seconds(created), _seconds(touched)]
        times = [0.0 if math.isnan(at) else at for at in times]
        found[name] = (SessionInfo(name, game, *times), version, head)
    return found


def _plain(*texts: object) -> bool:
    """Whether each of ``texts`` is text SQLite can be given again: damage can leave bytes
    that are no UTF-8, which a read keeps (as lone surrogates) but nothing can write."""
    for text in texts:
        if not isinstance(text, str):
            return False
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return False
    return True


def _snapshots(db: sqlite3.Connection, session: str) -> list[tuple[int, str, bytes, str]]:
    """The snapshots of ``session`` that read and check out (none if they cannot be read)."""
    try:
        rows = db.execute(
            "SELECT step, tag, state, checksum FROM snapshots WHERE session = ?", (session,)
        ).fetchall()
    except (sqlite3.Error, UnicodeDecodeError) as error:
        if not is_damage(error):
            raise
        return []
    return [
        (step, tag, state, checksum)
        for step, tag, state, checksum in rows
        if isinstance(step, int)
        and _plain(tag, checksum)
        and isinstance(state, bytes)
        and snapshot_checksum(tag, state) == checksum
    ]


def _answers(db: sqlite3.Connection, session: str) -> list[tuple[str, str, float]]:
    try:
        rows = db.execute(
            "SELECT id, events, at FROM answers WHERE session = ?", (session,)
        ).fetchall()
    except (sqlite3.Error, UnicodeDecodeError) as error:
        if not is_damage(error):
            raise
        return []
    return [
        (key, events, at)
        for key, events, at in rows
        if _plain(key, events) and isinstance(at, int | float)
    ]


def _write(
    source: Journal,
    target: Journal,
    kept: list[Kept],
    tags: dict[str, list[tuple[int, str, bytes, str]]],
    stored: dict[int, object],
    drops: list[Drop],
    same_id: bool,
) -> None:
    db = source._db
    earlier = rows_of(db, "drops", "session, found, count, first, last, why, copy").rows
    owner = _owner(db) if same_id else None
    try:
        with target._transaction():
            out = target._db
            if owner is not None:
                out.execute("UPDATE meta SET journal = ?", (owner,))
            for one in kept:
                info = one.info
                out.execute(
                    "INSERT INTO sessions (name, game, created, touched, version, head) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (info.name, info.game, info.created, info.touched, one.version, one.head),
                )
                out.executemany(
                    "INSERT INTO steps (id, session, command, events, undone, at, checksum) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            step.id,
                            info.name,
                            step.command,
                            step.events,
                            int(undone),
                            _storable(stored.get(step.id)),
                            step.checksum,
                        )
                        for step, undone, _ in one.steps
                    ],
                )
                live = {step.id for step, undone, _ in one.steps if not undone}
                out.executemany(
                    "INSERT INTO snapshots (session, step, tag, state, checksum) "
                    "VALUES (?, ?, ?, ?, ?)",
                    [(info.name, *snapshot) for snapshot in tags[info.name] if snapshot[0] in live],
                )
                out.executemany(
                    "INSERT OR IGNORE INTO answers (session, id, events, at) VALUES (?, ?, ?, ?)",
                    [(info.name, *answer) for answer in _answers_kept(db, one)],
                )
            out.executemany(
                "INSERT INTO drops (session, found, count, first, last, why, copy) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [row[1:] for row in earlier if _plain(*(v for v in row if isinstance(v, str)))],
            )
            for drop in drops:
                target._insert_drop(drop)
    except (sqlite3.Error, UnicodeDecodeError) as error:
        raise JournalError(f"the journal could not be rebuilt: {error}") from None


def _storable(at: object) -> object:
    """A step's time as stored again: as it was, damaged or not, where SQLite can keep it
    (a missing or NaN time, which it cannot, as 0)."""
    if at is None or (isinstance(at, float) and math.isnan(at)):
        return 0.0
    return at


def _answers_kept(db: sqlite3.Connection, one: Kept) -> list[tuple[str, str, float]]:
    """The answers to keep: all of them if no step was dropped; else those given by the
    newest step kept, so a line whose step was dropped is applied again when it is resent,
    not answered as if it were still there."""
    answers = _answers(db, one.info.name)
    if one.drop is None:
        return answers
    times = [at for _, _, at in one.steps if not math.isnan(at)]
    newest = max(times, default=-math.inf)
    return [answer for answer in answers if answer[2] <= newest]


def _owner(db: sqlite3.Connection) -> str | None:
    try:
        row = db.execute("SELECT journal FROM meta").fetchone()
    except (sqlite3.Error, UnicodeDecodeError) as error:
        if not is_damage(error):
            raise
        return None
    return str(row[0]) if row and isinstance(row[0], str) else None
