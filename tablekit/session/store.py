"""Finding the session to work on: by name, or the last one used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablekit.rules import catalog
from tablekit.rules.errors import RuleError
from tablekit.rules.game import Game
from tablekit.session.journal import Journal
from tablekit.session.session import Session

DEFAULT_NAME = "table"


def open_session(
    journal: Journal, name: str | None, game: str, known: Mapping[str, Game[Any]] | None = None
) -> Session[Any]:
    """Open ``name`` (default: the last used), creating it to play ``game`` if new.

    ``known`` is the catalogue of games to choose from (default: all of tablekit's).
    """
    known = catalog.games() if known is None else known
    if name is None:
        last = journal.last()
        name = last.name if last else DEFAULT_NAME
    existing = {info.name: info for info in journal.sessions()}
    if name in existing:
        session: Session[Any] = Session(journal, name, _game(known, existing[name].game))
        journal.touch(name)
        return session
    return Session.create(journal, name, _game(known, game))


def _game(known: Mapping[str, Game[Any]], name: str) -> Game[Any]:
    try:
        return known[name]
    except KeyError:
        raise RuleError(f"unknown game {name!r}; known games: {', '.join(sorted(known))}") from None
