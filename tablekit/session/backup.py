"""Sessions to one JSON file and back: a backup, or a campaign carried to another table.

The file holds, for each session, its name, its game and every step in
effect (the command and its events, as the exact JSON text the journal
keeps), so importing it rebuilds the same state, and exporting the import
gives the same bytes again. The redo stack (steps undone and not yet
replaced) and the times a session was made and last used are not carried.

An import is checked whole before anything is written: every command and
event must read, every step must fold, no name may be taken already. A file
that fails any check is refused with one line and the journal is untouched.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Game
from tablekit.rules.games import Known
from tablekit.session import codec
from tablekit.session.clock import Clock
from tablekit.session.journal import Journal, JournalError
from tablekit.session.session import Session

FORMAT = "tablekit sessions"
VERSION = 1

MAX_BYTES = 256 * 1024 * 1024
"""The largest file an import reads: a four-hour session is a few megabytes."""


class BackupError(JournalError):
    """A file that cannot be imported; the message says where and why, in one line."""


@dataclass(frozen=True)
class SavedSession:
    """One session as the file holds it."""

    name: str
    game: str
    steps: tuple[tuple[str, str], ...]
    """(command, events) JSON texts, oldest first."""


def export(journal: Journal, names: Sequence[str]) -> str:
    """The sessions ``names`` as the text of one backup file, sessions sorted by name."""
    saved = [_saved(journal, name) for name in sorted(set(names))]
    document = {
        "format": FORMAT,
        "version": VERSION,
        "sessions": [
            {
                "name": s.name,
                "game": s.game,
                "steps": [{"command": c, "events": e} for c, e in s.steps],
            }
            for s in saved
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def _saved(journal: Journal, name: str) -> SavedSession:
    info = journal.info(name)
    steps = tuple((step.command, step.events) for step in journal.steps(name))
    return SavedSession(info.name, info.game, steps)


def read(text: str) -> list[SavedSession]:
    """The sessions in a backup file's text; BackupError if it is not one."""
    if len(text) > MAX_BYTES:
        raise BackupError(f"larger than {MAX_BYTES // 2**20} MiB; not a tablekit backup")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise BackupError(f"not JSON: {error}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError(f'not a tablekit backup (no "format": "{FORMAT}")')
    if document.get("version") != VERSION:
        raise BackupError(f"backup version {document.get('version')!r}; this build reads {VERSION}")
    sessions = document.get("sessions")
    if not isinstance(sessions, list):
        raise BackupError('"sessions" must be a list')
    found = [_session(number, item) for number, item in enumerate(sessions, start=1)]
    names = [s.name for s in found]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise BackupError(f"the session {twice[0]!r} is in the file twice")
    return found


def _session(number: int, item: object) -> SavedSession:
    where = f"session {number}"
    if not isinstance(item, dict) or set(item) != {"name", "game", "steps"}:
        raise BackupError(f'{where}: needs exactly "name", "game" and "steps"')
    name, game, steps = item["name"], item["game"], item["steps"]
    if not isinstance(name, str) or not name.strip():
        raise BackupError(f"{where}: the name must be a non-empty text")
    if not isinstance(game, str) or not isinstance(steps, list):
        raise BackupError(f"{where} ({name!r}): the game must be a text and the steps a list")
    pairs = []
    for index, step in enumerate(steps, start=1):
        if (
            not isinstance(step, dict)
            or set(step) != {"command", "events"}
            or not all(isinstance(step[key], str) for key in step)
        ):
            raise BackupError(
                f'{where} ({name!r}), step {index}: needs "command" and "events" texts'
            )
        pairs.append((step["command"], step["events"]))
    return SavedSession(name, game, tuple(pairs))


def check(saved: Sequence[SavedSession], known: Mapping[str, Game[Any]], clock: Clock) -> None:
    """Rebuild each session in memory, its steps timed by ``clock``: every command reads and
    every step folds, or BackupError."""
    scratch = Journal(":memory:", clock=clock)
    try:
        for session in saved:
            _rebuild(scratch, session, known)
    finally:
        scratch.close()


def _rebuild(journal: Journal, saved: SavedSession, known: Mapping[str, Game[Any]]) -> None:
    if saved.game not in known:
        games = ", ".join(sorted(known))
        raise BackupError(f"{saved.name!r}: unknown game {saved.game!r}; known games: {games}")
    game = known[saved.game]
    _write(journal, saved)
    try:
        session: Session[Any] = Session(journal, saved.name, game)
        for index, (command, _) in enumerate(saved.steps, start=1):
            try:
                session.parse(command)
            except codec.CommandError as error:
                raise BackupError(f"{saved.name!r}, step {index}: {error}") from None
    except BackupError:
        raise
    except (JournalError, RuleError, codec.CommandError) as error:
        raise BackupError(f"{saved.name!r}: {error}") from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        # events that read but do not fold: a file edited by hand, or from another game
        raise BackupError(f"{saved.name!r}: its steps do not fold ({error!r})") from None


def _write(journal: Journal, saved: SavedSession) -> None:
    journal.create(saved.name, saved.game)
    version = journal.version(saved.name)
    for command, events in saved.steps:
        version = journal.append(saved.name, command, events, version)


def restore(journal: Journal, text: str, known: Mapping[str, Game[Any]] | None = None) -> int:
    """Import every session in ``text`` into ``journal``; return how many steps were written.

    Nothing is written unless the whole file checks out and none of its
    names is taken: every session and step is written in one transaction, so
    a kill or another writer taking a name partway leaves nothing imported
    (and the file is synced once, not once a step).
    """
    known = Known() if known is None else known
    saved = read(text)
    _refuse_taken(journal, saved)
    check(saved, known, journal.clock)
    with journal.holding():
        _refuse_taken(journal, saved)  # again, now that no other writer can take one
        for session in saved:
            _write(journal, session)
            Session(journal, session.name, known[session.game]).checkpoint()
    return sum(len(s.steps) for s in saved)


def _refuse_taken(journal: Journal, saved: list[SavedSession]) -> None:
    taken = [s.name for s in saved if journal.exists(s.name)]
    if taken:
        raise BackupError(f"there is already a session called {taken[0]!r}; nothing was imported")
