"""Home: resume a session or start a new one, and reach the settings."""

from __future__ import annotations

from functools import partial

import pygame

from tablekit.ui import chrome, theme, widgets
from tablekit.ui.layout import columns, rows
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.widgets import Button


class HomeScene(Scene):
    """The first screen: a list of sessions to continue and a button per game."""

    name = "home"

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == TAP and widgets.press_any(self.buttons(), event.pos):
            self.dirty = True

    def buttons(self) -> list[Button]:
        return self._bar() + self._resume_buttons() + self._new_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        surface.fill(theme.WOOD)
        chrome.draw_bar(surface, layout, "tablekit", self._bar())
        resume, new = self._areas()
        size = layout.text("heading")
        tr = self.app.tr
        for area, heading in ((resume, tr("Continue")), (new, tr("New session"))):
            top = pygame.Rect(area.x, area.y, area.width, layout.touch)
            widgets.text(surface, heading, top, size, theme.CHEESE, "title", "left")
        if not self.app.journal.sessions():
            below = pygame.Rect(resume.x, resume.y + layout.touch + layout.gap, resume.width, 200)
            widgets.wrapped(
                surface, tr("No sessions yet."), below, layout.text("body"), theme.CREAM
            )
        for button in self._resume_buttons() + self._new_buttons():
            button.draw(surface, layout.text("body"))

    def _bar(self) -> list[Button]:
        go = self.app.goto
        return chrome.bar_buttons(
            self.app.layout, [(self.app.tr("Settings"), lambda: go("settings"), True)]
        )

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        layout = self.app.layout
        area = layout.content()
        if layout.portrait:
            resume, new = rows(area, 2, layout.gap)
        else:
            resume, new = columns(area, 2, 2 * layout.gap)
        return resume, new

    def _slots(self, area: pygame.Rect) -> list[pygame.Rect]:
        layout = self.app.layout
        below = area.copy()
        below.top += layout.touch + layout.gap
        below.height -= layout.touch + layout.gap
        count = max(1, (below.height + layout.gap) // (layout.touch + layout.gap))
        return rows(below, count, layout.gap, layout.touch)

    def _resume_buttons(self) -> list[Button]:
        current = self.app.session.name if self.app.session else None
        found = []
        sessions = self.app.journal.sessions()
        for slot, info in zip(self._slots(self._areas()[0]), sessions, strict=False):
            button = Button(slot, info.name, partial(self.app.resume, info.name))
            button.selected = info.name == current
            found.append(button)
        return found

    def _new_buttons(self) -> list[Button]:
        known = sorted(self.app.games.values(), key=lambda g: g.title)
        slots = self._slots(self._areas()[1])
        return [
            Button(slot, game.title, partial(self.app.start, game.name), fill=theme.CHEESE)
            for slot, game in zip(slots, known, strict=False)
        ]
