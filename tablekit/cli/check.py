"""``tablekit check [--repair]``: is the journal whole, and if not, what can be kept.

It reads the journal without writing to it: SQLite's own integrity check,
the commits the sidecar says were acknowledged, and every session's chain
of steps from its first (a journal of an older build in an upgraded copy in
memory, as the app would upgrade it). With ``--repair`` the good prefix of every session
is written to a new journal file beside the old one, which stays as it was.

Exit status: 0 when all is well, 1 when damage was found (repaired or not),
2 when the file is not a tablekit journal or cannot be read at all.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from tablekit.cli.sessions import Subparsers
from tablekit.local import paths
from tablekit.session.journal import Journal
from tablekit.session.salvage import Finding, drop_of, inspect


def add_check_parser(sub: Subparsers) -> None:
    check = sub.add_parser(
        "check", help="check the journal's steps; with --repair keep the good ones in a new file"
    )
    check.add_argument("--journal", help="the journal file (default: the one the app uses)")
    check.add_argument(
        "--repair",
        action="store_true",
        help="write every session's good steps to a new journal beside the old one",
    )
    check.set_defaults(func=run_check)


def run_check(args: argparse.Namespace) -> int:
    path = Path(args.journal) if args.journal else paths.journal_file()
    journal = Journal(path, readonly=True)
    try:
        walked = journal.in_memory() if journal.older else journal  # as opening would upgrade
        findings = [inspect(walked, info.name) for info in walked.sessions()]
        integrity = journal.integrity()
        lost = list(journal.drops)
    finally:
        journal.close()
    print(f"{path}: SQLite finds it {integrity}")
    for drop in lost:
        print(f"  {drop.describe()}")
    for finding in findings:
        print(f"  {describe(finding)}")
    whole = integrity == "ok" and not lost and all(finding.ok for finding in findings)
    if args.repair and not whole:
        print(f"  the good steps were written to {repair(path)}; {path} was left as it was")
    return 0 if whole else 1


def describe(finding: Finding) -> str:
    """One line for one session: how many steps check out, and what is wrong after them."""
    if finding.ok:
        return f"{finding.session!r}: {finding.kept} steps, all check out"
    drop = drop_of(finding, None)
    where = f" from step {finding.bad}" if finding.bad is not None else ""
    return f"{finding.session!r}: {finding.kept} steps check out; {drop.describe()}{where}"


def repair(path: Path) -> Path:
    """A new journal beside ``path`` with the good prefix of every session; returns its path."""
    target = path.with_name(f"{path.name}.repaired-{time.strftime('%Y%m%d-%H%M%S')}")
    source = Journal(path, readonly=True)
    try:
        source.copy_to(target)
    finally:
        source.close()
    repaired = Journal(target)
    try:
        for info in repaired.sessions():
            finding = inspect(repaired, info.name)
            if not finding.ok:
                repaired.cut(info.name, finding.bad, drop_of(finding, str(path)))
    finally:
        repaired.close()
    return target
