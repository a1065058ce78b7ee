"""What the parts of the Mouse Guard screen may ask of the screen that holds them.

The steps on the right and the conflict's controls reach the scene only through
:class:`Stage`, so neither imports the scene module: the dependency runs one way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

import pygame

from tablekit.rules.game import Command
from tablekit.rules.mouse_guard.view_types import MouseGuardView
from tablekit.ui import theme
from tablekit.ui.form import Form
from tablekit.ui.host import Host
from tablekit.ui.widgets import Button


class Entry(NamedTuple):
    """A button of the moment: its label, what it does, and whether it can be used now.

    One that cannot keeps its place greyed, and a tap on it shows ``why``. ``key``
    names the button across frames when its label changes with the odds it shows
    ("Explode axes 50.00%"); by default the label.
    """

    label: str
    action: Callable[[], object]
    enabled: bool
    why: str = ""
    key: str = ""


Slots = list[Entry | None]
"""Entries in their fixed places, one a cell; None leaves a cell empty."""


@dataclass
class Step(Button):
    """A button of the Mouse Guard screen. Greyed, it keeps its place and a tap on it
    shows ``why``; ``key`` names it across frames (see :class:`Entry`)."""

    why: str = ""
    key: str = ""

    @property
    def name(self) -> str:
        """What identifies the button from one frame to the next."""
        return self.key or self.label


def step(cell: pygame.Rect, entry: Entry, primary: set[str]) -> Step:
    """The button ``entry`` in ``cell``, filled like every "go" button if its label is in
    ``primary``."""
    fill = theme.CHEESE if entry.label in primary else theme.PARCHMENT
    return Step(
        cell, entry.label, entry.action, entry.enabled, fill=fill, why=entry.why, key=entry.key
    )


def explain(buttons: Sequence[Button], pos: tuple[int, int], host: Host) -> bool:
    """A tap on a greyed button says why it cannot be used now; say whether one did."""
    for button in buttons:
        greyed = isinstance(button, Step) and not button.enabled and button.why
        if greyed and button.rect.collidepoint(pos):
            host.notice(button.why)  # type: ignore[attr-defined]
            return True
    return False


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
