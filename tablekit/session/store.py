"""Finding the session to work on: by name, or the last one used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablekit.rules import catalog
from tablekit.rules.errors import RuleError
from tablekit.rules.game import Game
from tablekit.session.journal import Journal, JournalError
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
) -> Session[Any]:
    """Open ``name`` (default: the last used), or, with ``create``, start it to play ``game``.

    With ``touch`` (the app, a script) the session becomes the last used and,
    if many steps were folded to open it, gains a snapshot; without (a read
    such as ``tablekit state``) nothing is written.

    ``known`` is the catalogue of games to choose from (default: all of tablekit's).
    A ``game`` that differs from an existing session's game is refused, not ignored,
    and a new session must say which game it plays.
    """
    known = catalog.games() if known is None else known
    if name is None:
        last = journal.last()
        name = last.name if last else DEFAULT_NAME
    if journal.exists(name):
        info = journal.info(name)
        if game is not None and game != info.game:
            raise JournalError(f"the session {name!r} plays {info.game}, not {game}")
        session: Session[Any] = open_checked(journal, name, _game(known, info.game))
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


def _game(known: Mapping[str, Game[Any]], name: str) -> Game[Any]:
    try:
        return known[name]
    except KeyError:
        raise RuleError(
            "unknown game {game!r}; known games: {known}", game=name, known=", ".join(sorted(known))
        ) from None
