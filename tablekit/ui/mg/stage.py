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
from tablekit.ui import theme, widgets
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
    figure: str = ""
    """The end of ``label`` that is a figure the table reads (an option's chance): drawn
    apart at the right, never made smaller (see :class:`Step`)."""


Slots = list[Entry | None]
"""Entries in their fixed places, one a cell; None leaves a cell empty."""


@dataclass
class Step(Button):
    """A button of the Mouse Guard screen. Greyed, it keeps its place and a tap on it
    shows ``why``; ``key`` names it across frames (see :class:`Entry`)."""

    why: str = ""
    key: str = ""
    figure: str = ""
    """The end of the label that is a figure (see :class:`Entry`)."""
    words_size: int = 0
    """The size of the words before the figure; 0: the button's size."""

    @property
    def name(self) -> str:
        """What identifies the button from one frame to the next."""
        return self.key or self.label

    @property
    def words(self) -> str:
        """The label without its figure."""
        return self.label.removesuffix(self.figure).rstrip() if self.figure else self.label

    def draw(self, surface: pygame.Surface, size: int) -> None:
        """A button with a figure has it at the right at ``size``, in a room its own width so
        it is never made smaller, and its words left of it: "Deeper Understanding 50.00%"
        did not fit a column's button in one line at the size a count needs, and was shrunk
        to fit (26 px; in Danish 24)."""
        if not self.figure:
            super().draw(surface, size)
            return
        inner, ink = self.frame(surface)
        figure = figure_room(inner, self.figure, size)
        widgets.text(surface, self.figure, figure, size, ink, align="right")
        words = pygame.Rect(inner.x, inner.y, figure.left - FIGURE_GAP - inner.x, inner.height)
        widgets.text(surface, self.words, words, self.words_size or size, ink, align="left")


FIGURE_GAP = 8
"""Pixels between a button's words and its figure."""


def figure_room(inner: pygame.Rect, figure: str, size: int) -> pygame.Rect:
    """Where a button's figure goes: the right of ``inner``, exactly as wide as it is."""
    wide = widgets.width_of(theme.font("bold", size), figure)
    return pygame.Rect(inner.right - wide, inner.y, wide, inner.height)


def even_words(buttons: Sequence[Button], size: int, least: int) -> None:
    """The words of the buttons with a figure all at one size: the largest from ``size``
    down to ``least`` at which every one fits beside its figure (a label may be smaller,
    a figure never is); one size down the column, not each its own ("condition labels
    in mixed sizes")."""
    figured = [b for b in buttons if isinstance(b, Step) and b.figure]
    for each in [*range(size, least, -2), least]:
        if all(_fits(button, size, each) for button in figured):
            break
    for button in figured:
        button.words_size = each


def _fits(button: Step, size: int, words: int) -> bool:
    """Whether ``button``'s words fit at size ``words`` beside its figure at ``size``."""
    inner = button.rect.inflate(-12, -6)
    room = figure_room(inner, button.figure, size).left - FIGURE_GAP - inner.x
    return widgets.width_of(theme.font("bold", words), button.words) <= room


def step(cell: pygame.Rect, entry: Entry, primary: set[str]) -> Step:
    """The button ``entry`` in ``cell``, filled like every "go" button if its label is in
    ``primary``."""
    fill = theme.CHEESE if entry.label in primary else theme.PARCHMENT
    return Step(
        cell,
        entry.label,
        entry.action,
        entry.enabled,
        fill=fill,
        why=entry.why,
        key=entry.key,
        figure=entry.figure,
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
