"""Finding the session to work on: by name, or the last one used."""

from __future__ import annotations

from typing import Any

from tablekit.rules.catalog import game_named
from tablekit.session.journal import Journal
from tablekit.session.session import Session

DEFAULT_NAME = "table"


def open_session(journal: Journal, name: str | None, game: str) -> Session[Any]:
    """Open ``name`` (default: the last used), creating it to play ``game`` if new."""
    if name is None:
        last = journal.last()
        name = last.name if last else DEFAULT_NAME
    known = {info.name: info for info in journal.sessions()}
    if name in known:
        session: Session[Any] = Session(journal, name, game_named(known[name].game))
        journal.touch(name)
        return session
    return Session.create(journal, name, game_named(game))
