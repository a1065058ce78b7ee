"""``tablekit export`` and ``tablekit import``: sessions to one JSON file and back.

See :mod:`tablekit.session.backup` for what the file holds. An import that
fails any check prints one line, exits 2 and changes nothing.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from tablekit.cli.commands import add
from tablekit.local import paths
from tablekit.local.clock import open_journal
from tablekit.session import backup
from tablekit.session.journal import JournalError

if TYPE_CHECKING:
    from tablekit.cli.commands import Subparsers


def add_export_parser(sub: Subparsers) -> None:
    out = add(sub, "export")
    out.add_argument("file", help="the file to write, or - for stdout")
    which = out.add_mutually_exclusive_group()
    which.add_argument("--session", help="the session to export (default: the last one used)")
    which.add_argument("--all", action="store_true", help="every session (a whole campaign)")
    out.set_defaults(func=run_export)


def add_import_parser(sub: Subparsers) -> None:
    into = add(sub, "import")
    into.add_argument("file", help="a file written by tablekit export, or - for stdin")
    into.set_defaults(func=run_import)


def run_export(args: argparse.Namespace) -> int:
    path = paths.journal_file()
    if not path.is_file():
        raise JournalError("there are no sessions to export yet")
    journal = open_journal(path, readonly=True)
    if args.all:
        names = [info.name for info in journal.sessions()]
    elif args.session:
        names = [journal.info(args.session).name]
    else:
        last = journal.last()
        names = [last.name] if last else []
    text = backup.export(journal, names)
    if args.file == "-":
        sys.stdout.write(text)
    else:
        with open(args.file, "w", encoding="utf-8") as out:
            out.write(text)
    print(f"tablekit: exported {len(names)} session(s): {', '.join(names)}", file=sys.stderr)
    return 0


def run_import(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as stream:
                text = stream.read(backup.MAX_BYTES + 1)
    except UnicodeDecodeError:
        raise backup.BackupError(f"{args.file}: not UTF-8 text; not a tablekit backup") from None
    try:
        steps = backup.restore(open_journal(paths.journal_file()), text)
    except backup.BackupError as error:
        raise backup.BackupError(f"{args.file}: {error}") from None
    print(f"tablekit: imported {args.file} ({steps} steps)")
    return 0
