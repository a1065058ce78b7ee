"""Finding the session to work on: by name, or the last one used."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from msgspec import Struct

from tablekit.rules import games
from tablekit.rules.errors import RuleError
from tablekit.rules.game import Game
from tablekit.session import views
from tablekit.session.journal import Journal, JournalError, snapshot_checksum
from tablekit.session.salvage import open_checked
from tablekit.session.session import Session

DEFAULT_NAME = "table"


def open_session(
    journal: Journal,
    name: str | None,
    game: str | None,
    known: Mapping[str, Game[Any]] | None = None,
    create: bool = True,
    touch: bool = True,
    repair: bool = True,
) -> Session[Any]:
    """Open ``name`` (default: the last used), or, with ``create``, start it to play ``game``.

    With ``touch`` (the app, a script) the session becomes the last used and,
    if many steps were folded to open it, gains a snapshot; without (a read
    such as ``tablekit state``) nothing is written.

    Steps after the newest snapshot that do not check out are set aside as it opens (see
    :func:`open_checked`); without ``repair`` they raise Damaged instead.

    ``known`` is the games to choose from (default: all of tablekit's, :class:`games.Known`).
    A ``game`` that differs from an existing session's game is refused, not ignored,
    and a new session must say which game it plays.
    """
    known = games.Known() if known is None else known
    if name is None:
        last = journal.last()
        name = last.name if last else DEFAULT_NAME
    if journal.exists(name):
        info = journal.info(name)
        played = info.game if info.game in known else _snapshot_game(journal, name, known)
        if played != info.game and not journal.readonly:  # the record mended: nothing is lost
            with contextlib.suppress(JournalError):  # a file SQLite cannot write: rebuilt later
                journal.set_game(name, played)
        if game is not None and game != played:
            raise JournalError(f"the session {name!r} plays {played}, not {game}")
        session: Session[Any] = open_checked(journal, name, _game(known, played), repair)
        if touch:
            journal.touch(name)
            session.checkpoint()
        return session
    if not create:
        names = ", ".join(info.name for info in journal.sessions()) or "none yet"
        raise JournalError(f"no session called {name!r}; sessions: {names}")
    if game is None:
        raise JournalError(f"say which game the new session {name!r} plays")
    return Session.create(journal, name, _game(known, game))


def _snapshot_game(journal: Journal, name: str, known: Mapping[str, Game[Any]]) -> str:
    """The game of a session whose record names one that is not known here: the one its
    newest snapshot names, if that snapshot checks out (its checksum covers the name) and
    the game is known, since a damaged record has no checksum of its own; else as recorded,
    which is then refused as unknown."""
    recorded = journal.info(name).game
    try:
        snapshot = journal.snapshot(name)
    except JournalError:
        return recorded
    if snapshot is None or snapshot_checksum(snapshot.tag, snapshot.state) != snapshot.checksum:
        return recorded
    parts = snapshot.tag.split(":")
    return parts[1] if len(parts) > 2 and parts[1] in known else recorded


def _game(known: Mapping[str, Game[Any]], name: str) -> Game[Any]:
    try:
        return known[name]
    except KeyError:
        raise RuleError(
            "unknown game {game!r}; known games: {known}", game=name, known=", ".join(sorted(known))
        ) from None


# -- renaming, the trash and restoring -----------------------------------------------

TRASH_DAYS = 30
"""How long a deleted session can still be restored from the trash."""


class Trashed(Struct, frozen=True):
    """A deleted session in the trash: its name, game, and when it was deleted."""

    name: str
    game: str
    deleted: float


def rename(journal: Journal, old: str, new: str) -> None:
    """Call the session ``old`` ``new`` from now on; its steps and snapshots go with it."""
    new = new.strip()
    if not new:
        raise JournalError("a session needs a name")
    if not journal.exists(old):
        raise JournalError(f"no session called {old!r}")
    if new != old and journal.exists(new):
        raise JournalError(f"there is already a session called {new!r}")
    _move(journal, old, new, journal)


def delete(journal: Journal, name: str, now: float | None = None) -> None:
    """Move ``name`` into the trash beside the journal, where it stays :data:`TRASH_DAYS` days."""
    if not journal.exists(name):
        raise JournalError(f"no session called {name!r}")
    bin_ = _trash(journal)
    try:
        _purge(bin_, now)
        if bin_.exists(name):
            _drop(bin_, name)
        _move(journal, name, name, bin_, touched=journal.clock.now() if now is None else now)
    finally:
        bin_.close()


def trashed(journal: Journal, now: float | None = None) -> list[Trashed]:
    """The sessions in the trash, the most recently deleted first (older ones are gone)."""
    path = _trash_path(journal)
    if path is None or not path.exists():
        return []
    bin_ = Journal(path, clock=journal.clock)
    try:
        _purge(bin_, now)
        return [Trashed(i.name, i.game, i.touched) for i in bin_.sessions()]
    finally:
        bin_.close()


def restore(journal: Journal, name: str) -> str:
    """Bring ``name`` back from the trash; a name taken meanwhile gets a mark. Returns its name."""
    path = _trash_path(journal)
    if path is None or not path.exists():
        raise JournalError(f"no session called {name!r} in the trash")
    bin_ = Journal(path, clock=journal.clock)
    try:
        if not bin_.exists(name):
            raise JournalError(f"no session called {name!r} in the trash")
        back = name
        while journal.exists(back):
            back += "+"
        _move(bin_, name, back, journal, touched=journal.clock.now())
        return back
    finally:
        bin_.close()


def _trash_path(journal: Journal) -> Path | None:
    if str(journal.path) == ":memory:":
        return None
    path = Path(journal.path)
    return path.with_name(f"{path.stem}-trash{path.suffix}")


def _trash(journal: Journal) -> Journal:
    path = _trash_path(journal)
    if path is None:
        raise JournalError("a journal in memory has no trash")
    return Journal(path, clock=journal.clock)


def _purge(bin_: Journal, now: float | None) -> None:
    """Forget what has been in the trash longer than :data:`TRASH_DAYS` days."""
    oldest = (bin_.clock.now() if now is None else now) - TRASH_DAYS * 86400
    for info in bin_.sessions():
        if info.touched < oldest:
            _drop(bin_, info.name)


def _drop(journal: Journal, name: str) -> None:
    with journal._transaction():
        journal._db.execute("DELETE FROM sessions WHERE name = ?", (name,))


def _move(
    source: Journal, name: str, new: str, target: Journal, touched: float | None = None
) -> None:
    """Session ``name`` with its steps, as ``new`` in ``target``, and gone from ``source``.

    Within one journal the steps, snapshots and answers are relabelled in one
    transaction. Between two (the trash) the steps are copied in order with their
    chained checksums and the session's head, then dropped from ``source``: a crash
    between the two leaves a copy in both, never none. Snapshots stay behind: they
    only save time, and the session makes new ones as it is played.
    """
    info = source.info(name)
    when = info.touched if touched is None else touched
    row = (new, info.game, info.created, when, source.head(name))
    insert = "INSERT INTO sessions (name, game, created, touched, head) VALUES (?, ?, ?, ?, ?)"
    if target is source:
        if new == name:
            return
        with source._transaction():
            source._db.execute(insert, row)
            for table in ("steps", "snapshots", "answers"):
                source._db.execute(f"UPDATE {table} SET session = ? WHERE session = ?", (new, name))
            source._db.execute("DELETE FROM sessions WHERE name = ?", (name,))
            source._acknowledge(new)  # starts at version 0 again
        return
    steps = source._read(
        "SELECT command, events, undone, at, checksum FROM steps WHERE session = ? ORDER BY id",
        (name,),
    )
    with target._transaction():
        target._db.execute(insert, row)
        target._db.executemany(
            "INSERT INTO steps (session, command, events, undone, at, checksum) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [(new, *step) for step in steps],
        )
        target._acknowledge(new)
    _drop(source, name)


def keep_views(session: Session[Any]) -> bool:
    """Keep ``session``'s view for every audience as ``tablekit state`` prints it (see
    :mod:`.views`); whether they were kept. Not by a build without a digest, nor for a
    table's own ruleset (its rules are files a person edits), nor once another writer moved
    the session on or holds the journal: a kept view only spares a read its work, so
    keeping one never fails."""
    from tablekit.rules.secret import audience, audience_names
    from tablekit.session.lines import json_text

    made = views.build()
    if made is None or session.journal.readonly or session.game.name not in games.SHIPPED:
        return False
    try:
        texts = {
            name: json_text(session.view(audience(name)), indent=2) + "\n"
            for name in audience_names()
        }
        kept = (session.name, session.created, session.version)
        return session.journal.keep_views(kept, made, texts)
    except JournalError:  # the journal busy, or no longer read (its reader says so)
        return False
