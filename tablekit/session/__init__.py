"""The one place state changes: commands in, events journalled, views out.

:class:`~tablekit.session.session.Session` validates a command with the
game's rules, appends the resulting events durably to the SQLite
:class:`~tablekit.session.journal.Journal`, and only then lets anyone see
the new state.

The names below are imported when first asked for, not with the package, so that a
module of it that needs none of them (the reader of kept views behind ``tablekit
state``, :mod:`.views`) loads without the journal, the session and msgspec.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # typing itself is not imported either: mypy reads this name alone
if TYPE_CHECKING:
    from typing import Any

    from tablekit.session.commands import Redo, Undo
    from tablekit.session.journal import Journal
    from tablekit.session.session import Session

__all__ = ["Journal", "Redo", "Session", "Undo"]

_HOMES = {"Journal": "journal", "Redo": "commands", "Session": "session", "Undo": "commands"}
"""The module of each name above, under this package."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
