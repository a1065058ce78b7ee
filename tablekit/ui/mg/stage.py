"""What the parts of the Mouse Guard screen may ask of the screen that holds them.

The steps on the right and the conflict's controls reach the scene only through
:class:`Stage`, so neither imports the scene module: the dependency runs one way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from tablekit.rules.game import Command
from tablekit.rules.mouse_guard.view_types import MouseGuardView
from tablekit.ui.form import Form
from tablekit.ui.host import Host

Entry = tuple[str, Callable[[], object], bool]
"""A button on the right: (label, action, enabled)."""


class Stage(Protocol):
    """The Mouse Guard screen, as its parts see it."""

    app: Host
    selected: str | None
    """The mouse whose sheet is shown, or None for the patrol."""
    about: bool
    """Whether that sheet shows its words rather than its ratings."""
    readings: bool
    """Whether the rules' About page shows: the ruleset's readings of its silent text."""

    def toggle_about(self) -> None:
        """Switch the sheet between its ratings and its words."""
        ...

    def show(self, form: Form) -> None:
        """Open ``form`` over the whole screen."""
        ...

    def submit(self, command: Command) -> bool:
        """Submit ``command``; return whether it applied."""
        ...

    def roll(self, command: Command) -> bool:
        """Submit a rolling ``command``, with virtual dice or the table's own."""
        ...

    def view(self) -> MouseGuardView:
        """The table's view of the session now."""
        ...

    def primary(self) -> set[str]:
        """The labels of the buttons that move things on, filled like every "go" button."""
        ...
