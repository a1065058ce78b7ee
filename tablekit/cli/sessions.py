"""``tablekit script``, ``state`` and ``sessions``: commands into a session, views out."""

from __future__ import annotations

import argparse
import io
import os
import stat
import sys
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, TextIO

from tablekit.cli.commands import add
from tablekit.local import paths
from tablekit.local.clock import WALL_CLOCK, open_journal
from tablekit.local.rulesets import own_rulesets
from tablekit.rules import games as rules
from tablekit.rules.errors import RuleError
from tablekit.rules.game import Game
from tablekit.rules.secret import Audience, audience, audience_names
from tablekit.session import codec
from tablekit.session.errors import NoJournalYet
from tablekit.session.journal import (
    Damaged,
    Journal,
    JournalBusy,
    JournalError,
    StaleSession,
    Unreadable,
)
from tablekit.session.lines import json_text
from tablekit.session.salvage import Finding, Lossy, drop_of, inspect, mend, salvage, verdict
from tablekit.session.session import Session
from tablekit.session.store import DEFAULT_NAME, keep_views, open_session

if TYPE_CHECKING:
    from tablekit.cli.commands import Subparsers


def add_script_parser(sub: Subparsers) -> None:
    """Register ``script``; ``args.func(args)`` runs it."""
    script = add(sub, "script")
    script.add_argument("file", help="a file of JSON commands, one per line, or - for stdin")
    session_options(script)
    script.add_argument("--state", action="store_true", help="print the view at the end")
    _view_option(script, "whose view of the events (and --state) to print")
    script.set_defaults(func=run_script)


def add_sessions_parser(sub: Subparsers) -> None:
    """Register ``sessions``; ``args.func(args)`` runs it."""
    add(sub, "sessions").set_defaults(func=list_sessions)


def session_options(parser: argparse.ArgumentParser) -> None:
    """``--session`` and ``--game``, for every subcommand that opens a session."""
    parser.add_argument("--session", help="session name (default: the last one used)")
    parser.add_argument("--game", help="the game of a new session (default: from the config)")


def _view_option(parser: argparse.ArgumentParser, purpose: str) -> None:
    """``--view``, checked against the closed set of audiences before anything is opened."""
    names = ", ".join(audience_names())
    parser.add_argument("--view", default="table", help=f"{purpose}: {names}")


def _open(args: argparse.Namespace, create: bool = True) -> Session[Any]:
    """The session the arguments name; only a script may start a new one. Its game is
    one of tablekit's or of the table's own rulesets, as in the app; only its own rules
    are imported (a read needs nothing of the catalogue's scenes, dice or pads).

    Without ``create`` (a read) the journal is opened read-only: nothing is
    written, synced or checkpointed, and the session stays as it was.
    """
    if create:  # a writer checks the settings first, so a bad file leaves nothing behind
        from tablekit.local import config  # a read never needs them

        settings = config.load()
    if args.session is not None and not args.session.strip():
        raise JournalError("--session needs a name; leave it out to use the last session")
    path = paths.journal_file()
    try:
        if not create and not path.is_file():
            raise NoJournalYet(f"there is no journal at {path} yet")
        journal = open_journal(path, readonly=not create)
    except NoJournalYet:  # nothing there, or a first creation a killed writer left
        name = args.session or DEFAULT_NAME
        raise JournalError(f"no session called {name!r}; sessions: none yet") from None
    name = args.session or (last.name if (last := journal.last()) else None)
    game = args.game
    if create and game is None and not (name and journal.exists(name)):
        game = settings.play.game
    games = rules.Known({own.name: rules.on_engine(own) for own in own_rulesets()[0]})
    try:
        try:
            session = _opened(journal, name, game, games, create)
        except Damaged as error:  # a script's, after the newest snapshot: refused below
            finding = inspect(journal, error.session)
            raise DamageFound(refusal(finding) if not finding.ok else str(error)) from None
    except BaseException:
        journal.close()
        raise
    found = journal.drops + (session.journal.drops if session.journal is not journal else [])
    for drop in found:  # damage found and set aside while opening (a read's, in a copy)
        print(f"tablekit: {drop.describe(WALL_CLOCK)}", file=sys.stderr)
    if create:  # the session now in use, and a snapshot if many steps were folded to open it
        journal.touch(session.name)
        session.checkpoint()
    return session


def _opened(
    journal: Journal,
    name: str | None,
    game: str | None,
    games: Mapping[str, Game[Any]],
    create: bool,
) -> Session[Any]:
    """The session, its whole chain read as the app reads it (see :func:`_whole`). A script
    whose journal SQLite cannot read whole has it rebuilt in its place, as the app would, if
    the session loses nothing by it (a copy of the damaged file is kept); else it refuses."""
    try:
        session = open_session(
            journal, name, game, games, create=create, touch=False, repair=not create
        )
        return _whole(journal, session, write=create)
    except Unreadable as error:  # a script's: a read rebuilds in memory as it opens
        if name is None:
            raise
        try:
            mend(journal, name)
        except Lossy as lossy:
            lost = lossy.drop.changes(journal.clock)
            finding = f"the session {name!r} is damaged: {lost} cannot be kept"
            raise DamageFound(f"{finding}; nothing was applied: {RESOLVE}") from None
        except JournalError:
            raise DamageFound(f"{error}; nothing was applied: {RESOLVE}") from None
    session = open_session(journal, name, game, games, create=create, touch=False, repair=False)
    return _whole(journal, session, write=create)


class DamageFound(JournalError):
    """A script's session whose chain does not check out: nothing is acknowledged onto it."""


def _whole(journal: Journal, session: Session[Any], write: bool) -> Session[Any]:
    """``session`` once its whole chain is known to check out, as the app's walk and ``tablekit
    check`` find it (:func:`verdict`; opening reads only the steps after the newest snapshot).
    A script's is refused if it does not: no line is acknowledged onto a damaged chain, and
    the app, which tells the table, or ``check --repair`` sets the damage aside. A read shows
    the steps before the damage and says what it left out, as the app will keep them."""
    if session.journal is not journal:  # set aside in a copy already as it opened (a read)
        return session
    try:
        finding = verdict(journal, session.name)
    except Unreadable:  # a read rebuilds what SQLite can read in memory, as the app would
        if write:
            raise
    else:
        if finding is None:
            return session
        if write:
            raise DamageFound(refusal(finding))
    kept, _ = salvage(journal, session.name)
    return Session(kept, session.name, session.game)


def refusal(finding: Finding) -> str:
    """The one line a script that finds its session damaged says, and what to do."""
    where = f" from step {finding.bad}" if finding.bad is not None else ""
    lost = drop_of(finding, None).changes(WALL_CLOCK)
    return (
        f"the session {finding.session!r} is damaged{where} ({finding.why}): "
        f"{lost} cannot be kept; nothing was applied: {RESOLVE}"
    )


RESOLVE = (
    "open it in the app, which keeps what can be kept and a copy of the damaged file, or run "
    "'tablekit check --repair'"
)
"""What to do about a session a script finds damaged."""


def run_script(args: argparse.Namespace) -> int:
    """Apply each line; stop at the first rejected one, which changes nothing.

    The script is opened before the session, so a file that cannot be read leaves
    the journal alone: no new session, and the last one used stays the last.
    """
    view = audience(args.view)
    if args.file == "-":
        if isinstance(sys.stdin, io.TextIOWrapper):
            sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")
        return _run(args, sys.stdin, view)
    try:
        refusal = _not_a_script(args.file)
        if refusal:
            print(f"tablekit: cannot read {args.file}: {refusal}", file=sys.stderr)
            return 2
        # Bad bytes become lone surrogates that the line's parse refuses, naming the
        # line, instead of a decoding error after half the script was applied.
        stream = open(args.file, encoding="utf-8-sig", errors="surrogateescape")  # noqa: SIM115
    except OSError as error:
        print(f"tablekit: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    with stream:
        return _run(args, stream, view)


def _run(args: argparse.Namespace, stream: TextIO, view: Audience) -> int:
    """Open the session and apply ``stream``'s lines to it."""
    try:
        session = _open(args)
    except (JournalBusy, StaleSession, DamageFound) as error:  # nothing of the script applied
        _print({"line": 0, "ok": False, "error": str(error)})
        print(f"tablekit: {error}", file=sys.stderr)
        return 1
    try:
        code = _apply_lines(session, stream, view)
        if args.state:
            _print(session.view(view))
        return code
    except OSError as error:
        print(f"tablekit: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    finally:
        try:
            keep_views(session)  # for `tablekit state`, as the script left the session
        finally:
            session.journal.close()


SCRIPT_LIMIT = 64 * 1024 * 1024
"""The largest script file read: a thousand lines at the longest, ample for any session."""


def _not_a_script(path: str) -> str:
    """Why the file at ``path`` is no script ("" if it may be one): a FIFO or a device
    would be waited on or read for ever; a huge file is refused before a line of it runs."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file"
    if info.st_size > SCRIPT_LIMIT:
        return f"{info.st_size} bytes; a script holds at most {SCRIPT_LIMIT}"
    return ""


def _lines(stream: TextIO) -> Iterator[str | None]:
    """Each line of ``stream``, read at most :data:`codec.LINE_LIMIT` characters far; a
    longer line is None, and nothing after it is read."""
    while line := stream.readline(codec.LINE_LIMIT + 1):
        if len(line) > codec.LINE_LIMIT and not line.endswith("\n"):
            yield None
            return
        yield line


def _apply_lines(session: Session[Any], stream: TextIO, view: Audience) -> int:
    for number, line in enumerate(_lines(stream), start=1):
        if line is None:
            error = f"the line is longer than {codec.LINE_LIMIT} characters"
            _print({"line": number, "ok": False, "error": error})
            print(f"tablekit: line {number} refused: {error}", file=sys.stderr)
            return 1
        if number == 1:
            line = line.removeprefix("\ufeff")  # a byte-order mark, from a file or from stdin
        if not line.strip():
            continue
        head: dict[str, Any] = {"line": number}
        try:
            data, command_id = codec.split_id(line)
            if command_id is not None:
                head["id"] = command_id
            events = session.apply(session.parse(data), command_id)
        except (RuleError, codec.CommandError, JournalError) as error:
            # JournalError: another writer won a race, or the journal is busy or broken
            _print({**head, "ok": False, "error": str(error)})
            print(f"tablekit: line {number} refused: {error}", file=sys.stderr)
            return 1
        _print({**head, "ok": True, "events": session.project(events, view)})
    return 0


READS = 2
"""How often a read opens the journal: a second time if a writer moved the file under the
first, which read a file with no write-ahead log without a lock (see ``session.reading``)."""


def print_state(args: argparse.Namespace) -> int:
    """``tablekit state`` read in full: the session opened read-only, its view printed
    (:mod:`.state` prints a kept view without it)."""
    view = audience(args.view)
    for _ in range(READS):
        session = _open(args, create=False)
        try:
            body = session.view(view)
            moved = session.journal.moved()
        finally:
            session.journal.close()
        if not moved:
            break
    _print(body, indent=2)
    return 0


def list_sessions(args: argparse.Namespace) -> int:
    path = paths.journal_file()
    if not path.is_file():
        return 0  # no journal, no sessions; a read creates nothing
    for _ in range(READS):
        try:
            journal = open_journal(path, readonly=True)
        except NoJournalYet:  # a first creation a killed writer left unfinished
            return 0
        try:
            found = journal.sessions()
            moved = journal.moved()
        finally:
            journal.close()
        if not moved:
            break
    for info in found:
        print(f"{info.name}\t{info.game}")
    return 0


def _print(data: dict[str, Any], indent: int | None = None) -> None:
    print(json_text(data, indent), flush=True)
