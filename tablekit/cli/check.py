"""``tablekit check [--repair]``: is the journal whole, and if not, what can be kept.

It reads the journal without writing to it: SQLite's own integrity check,
the commits the sidecar says were acknowledged, and every session's chain
of steps from its first (a journal of an older build in an upgraded copy in
memory, as the app would upgrade it). With ``--repair`` the good prefix of every session
is rebuilt, from the rows SQLite can read, in a new journal file beside the old one, which
stays as it was.

Exit status: 0 when all is well, 1 when damage was found (repaired or not),
2 when the file is not a tablekit journal or cannot be read at all.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from tablekit.cli.commands import add
from tablekit.cli.sessions import READS
from tablekit.local import paths
from tablekit.local.clock import WALL_CLOCK, open_journal
from tablekit.session.journal import Drop, Journal, JournalError, Unreadable
from tablekit.session.rebuild import rebuild
from tablekit.session.salvage import Finding, drop_of, inspect, judge

if TYPE_CHECKING:
    from tablekit.cli.commands import Subparsers


def add_check_parser(sub: Subparsers) -> None:
    check = add(sub, "check")
    check.add_argument("--journal", help="the journal file (default: the one the app uses)")
    check.add_argument(
        "--repair",
        action="store_true",
        help="write every session's good steps to a new journal beside the old one",
    )
    check.set_defaults(func=run_check)


def run_check(args: argparse.Namespace) -> int:
    path = Path(args.journal) if args.journal else paths.journal_file()
    for _ in range(READS):  # again if a writer moved the file under a read without a lock
        journal = open_journal(path, readonly=True)
        try:
            integrity, lost, said, whole = _read(journal)
            moved = journal.moved()
        finally:
            journal.close()
        if not moved:
            break
    print(f"{path}: SQLite finds it {integrity}")
    for drop in lost:
        print(f"  {drop.describe(WALL_CLOCK)}")
    for line in said:
        print(f"  {line}")
    whole = whole and integrity == "ok" and not lost
    if args.repair and not whole:
        print(f"  the good steps were written to {repair(path)}; {path} was left as it was")
    return 0 if whole else 1


def _read(journal: Journal) -> tuple[str, list[Drop], list[str], bool]:
    """SQLite's check of the file, the losses the sidecar shows, a line for each session,
    and whether every session checks out."""
    walked = journal.in_memory() if journal.older else journal  # as opening would upgrade
    try:
        said = [describe(inspect(walked, info.name)) for info in walked.sessions()]
        whole = all(line.endswith("all check out") for line in said)
    except Unreadable:  # what a rebuild from the rows that still read keeps
        rebuilt = "(rebuilt from what SQLite can read)"
        said = [f"{drop.describe(WALL_CLOCK)} {rebuilt}" for drop in kept(walked)]
        whole = False
    return _integrity(journal), list(journal.drops), said, whole


def _integrity(journal: Journal) -> str:
    """SQLite's own check of the file, in one line: "ok", or its first complaint."""
    try:
        return journal.integrity().splitlines()[0]
    except Unreadable as error:
        return str(error).rpartition(": ")[2]


def kept(journal: Journal) -> list[Drop]:
    """What a journal rebuilt from the rows SQLite can read would lose, session by session."""
    clean = Journal(":memory:", clock=journal.clock)
    try:
        return rebuild(journal, clean, judge, None, same_id=False)
    finally:
        clean.close()


def describe(finding: Finding) -> str:
    """One line for one session: how many steps check out, and what is wrong after them."""
    if finding.ok:
        return f"{finding.session!r}: {finding.kept} steps, all check out"
    drop = drop_of(finding, None)
    where = f" from step {finding.bad}" if finding.bad is not None else ""
    lost = drop.describe(WALL_CLOCK)
    return f"{finding.session!r}: {finding.kept} steps check out; {lost}{where}"


def repair(path: Path) -> Path:
    """A new journal beside ``path`` rebuilt from every row SQLite can read of it (a fresh
    schema: no page or index of the old file is copied), each session up to its first step
    that does not check out; returns its path. It is written under a temporary name, checked
    as ``tablekit check`` checks (SQLite finds it whole, every session checks out), synced,
    and only then given its name: a repair that fails leaves no file behind."""
    target = path.with_name(f"{path.name}.repaired-{time.strftime('%Y%m%d-%H%M%S')}")
    temporary = path.with_name(f"{path.name}.repairing-{os.getpid()}")
    made = [Path(f"{temporary}{end}") for end in ("", "-wal", "-shm", "-journal", "-acked")]
    try:
        source = open_journal(path, readonly=True)
        try:
            fresh = open_journal(temporary)
            try:
                rebuild(source, fresh, judge, str(path), same_id=False)
            finally:
                fresh.close()
        finally:
            source.close()
        _checked(temporary)
        for end in ("-wal", "-shm"):  # what the check's read left: empty, nothing in them
            Path(f"{temporary}{end}").unlink(missing_ok=True)
        with open(temporary, "rb+") as written:
            os.fsync(written.fileno())
        os.replace(temporary, target)
        _sync_folder(path.parent)
    except (OSError, JournalError) as error:
        for leftover in made:
            leftover.unlink(missing_ok=True)
        why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise JournalError(f"{path} could not be repaired ({why}); nothing was written") from None
    finally:
        Path(f"{temporary}-acked").unlink(missing_ok=True)
    return target


def _checked(path: Path) -> None:
    """JournalError unless the journal at ``path`` is whole: SQLite's check and every chain."""
    journal = open_journal(path, readonly=True)
    try:
        integrity = _integrity(journal)
        if integrity != "ok":
            raise JournalError(f"the repaired file fails SQLite's check: {integrity}")
        for info in journal.sessions():
            finding = inspect(journal, info.name)
            if not finding.ok:
                raise JournalError(f"the repaired session {info.name!r} does not check out")
    finally:
        journal.close()


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a folder that cannot be synced is left so)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
