"""The start-up checks screen: shown first when a check failed, instead of a black screen.

It lists each problem (the config, the screen, touch, the pads, the camera)
with what to do, in the table's language, and one button to play on with what
works: the touch pads stand in for missing pads, manual entry for the camera.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tablekit.devices.doctor import Check
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.host import Host
from tablekit.ui.i18n import mark
from tablekit.ui.layout import columns, rows
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.widgets import Button

NAMES = {
    "config": mark("Settings file"),
    "display": mark("Screen"),
    "card": mark("Graphics card"),
    "input": mark("Touch and keys"),
    "pads": mark("Action pads"),
    "camera": mark("Camera"),
}
"""What each check is called on screen."""


class StartupScene(Scene):
    """The checks that failed, and a way on to the screen the table was going to."""

    name = "startup"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.problems: list[Check] = []
        self.then = "home"

    def show(self, problems: Sequence[Check], then: str) -> None:
        """List ``problems``; Play on goes to the scene ``then``."""
        self.problems = list(problems)
        self.then = then
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == TAP and widgets.press_any(self.buttons(), event.pos):
            self.dirty = True

    def buttons(self) -> list[Button]:
        tr = self.app.tr
        return chrome.bar_buttons(
            self.app.layout, [(tr("Play on"), lambda: self.app.goto(self.then), True)]
        )

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        tr = self.app.tr
        surface.fill(theme.WOOD)
        chrome.draw_bar(surface, layout, tr("Before you play"), self.buttons())
        for check, slot in zip(self.problems, self._slots(), strict=False):
            widgets.panel(surface, slot, theme.PARCHMENT, theme.EDGE)
            inner = slot.inflate(-2 * layout.gap, -layout.gap)
            name = NAMES.get(check.name, check.name)
            top = pygame.Rect(inner.x, inner.y, inner.width, layout.text("heading") * 5 // 4)
            widgets.text(surface, tr(name), top, layout.text("heading"), theme.INK, "bold", "left")
            template = check.template or check.text
            words = tr(template).format(**check.params)
            below = pygame.Rect(inner.x, top.bottom, inner.width, inner.bottom - top.bottom)
            widgets.wrapped(surface, words, below, layout.text("body"), theme.INK)

    def _slots(self) -> list[pygame.Rect]:
        """One card per problem: in a column, or in two when there are more than three."""
        layout = self.app.layout
        area = layout.content()
        count = len(self.problems)
        if count <= 3 or layout.portrait:
            return rows(area, max(1, count), layout.gap)
        left, right = columns(area, 2, layout.gap)
        half = (count + 1) // 2
        return rows(left, half, layout.gap) + rows(right, half, layout.gap)
