"""Keyboard focus: Tab walks the screen's buttons, Enter presses the one in focus.

The focus is kept as the button's label and place, not the button itself,
because a scene makes its buttons afresh on every frame.
"""

from __future__ import annotations

import pygame

from tablekit.ui import theme
from tablekit.ui.widgets import Button

Key = tuple[str, tuple[int, int]]
"""What identifies a button across redraws: its label and where it sits."""


def key_of(button: Button) -> Key:
    return (button.label, button.rect.center)


class Focus:
    """The button in keyboard focus, if any."""

    def __init__(self) -> None:
        self.key: Key | None = None

    def move(self, buttons: list[Button], step: int) -> None:
        """Focus the next enabled button (``step`` 1) or the one before (-1), round the end."""
        keys = [key_of(b) for b in buttons if b.enabled]
        if not keys:
            self.key = None
            return
        index = keys.index(self.key) if self.key in keys else -step
        self.key = keys[(index + step) % len(keys)]

    def press(self, buttons: list[Button]) -> bool:
        """Press the button in focus; return whether one was."""
        button = self._focused(buttons)
        if button is not None:
            button.action()
        return button is not None

    def draw(self, canvas: pygame.Surface, buttons: list[Button]) -> None:
        """Ring the button in focus."""
        button = self._focused(buttons)
        if button is not None:
            ring = button.rect.inflate(8, 8)
            pygame.draw.rect(canvas, theme.SKY, ring, width=4, border_radius=8)

    def _focused(self, buttons: list[Button]) -> Button | None:
        return next((b for b in buttons if b.enabled and key_of(b) == self.key), None)
