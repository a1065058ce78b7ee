"""The one place state changes: commands in, events journalled, views out.

:class:`~tablekit.session.session.Session` validates a command with the
game's rules, appends the resulting events durably to the SQLite
:class:`~tablekit.session.journal.Journal`, and only then lets anyone see
the new state.
"""

from tablekit.session.commands import Redo, Undo
from tablekit.session.journal import Journal
from tablekit.session.session import Session

__all__ = ["Journal", "Redo", "Session", "Undo"]
