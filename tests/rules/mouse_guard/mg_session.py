"""A Mouse Guard game played through a real Session and Journal, as the app plays it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from clocks import TEST_CLOCK

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command
from tablekit.rules.mouse_guard.game import MouseGuard
from tablekit.rules.mouse_guard.state import State
from tablekit.session import Journal, Session
from tablekit.session.codec import CommandError


def journalled(path: Path, seed: int = 1) -> Session[State]:
    """A new Mouse Guard session called "patrol" in a journal file at ``path``."""
    session: Session[State] = Session.create(
        Journal(path, clock=TEST_CLOCK), "patrol", MouseGuard()
    )
    session.rng = random.Random(seed)
    return session


def reopened(session: Session[State]) -> Session[State]:
    """The same session as the app opens it after a restart: replayed from the file."""
    return Session(Journal(session.journal.path, clock=TEST_CLOCK), session.name, MouseGuard())


def steps(session: Session[State]) -> list[tuple[str, str]]:
    """Every journalled command and its events, as text."""
    return [(s.command, s.events) for s in session.journal.steps(session.name)]


def refused(session: Session[State], command: Command, match: str = "") -> None:
    """``command`` is refused (by the rules, or by its schema: a CommandError) and changes
    neither the view nor the journal."""
    view, journal = session.view(), steps(session)
    with pytest.raises((RuleError, CommandError), match=match):
        session.apply(command)
    assert session.view() == view
    assert steps(session) == journal


def same_after_replay(session: Session[State]) -> dict[str, Any]:
    """The view, checked JSON-ready and equal after a restart."""
    view = session.view()
    json.dumps(view)
    again = reopened(session)
    assert again.state == session.state
    assert again.view() == view
    return view
