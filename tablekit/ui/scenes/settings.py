"""Settings: language, sound, the game of new sessions, and the devices' status."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from tablekit.local import paths
from tablekit.local.config import Language
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.i18n import LANGUAGES, mark, status_text
from tablekit.ui.layout import columns
from tablekit.ui.onscreen_pad import pad_title
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.widgets import Button

if TYPE_CHECKING:
    from tablekit.devices.camera import CameraStatus
    from tablekit.devices.feed import CameraFeed


class SettingsScene(Scene):
    """Choices are toggles; every change is saved to the config file at once."""

    name = "settings"
    _probe: CameraFeed | None = None
    """The camera being asked how it is, until it answers."""

    def enter(self) -> None:
        """Start asking the camera how it is (on its own thread: opening can take a second)."""
        super().enter()
        from tablekit.devices.cameras import open_camera
        from tablekit.devices.feed import CameraFeed

        settings = self.app.settings.camera
        self.exit()  # a probe still asking since an earlier visit is let go first
        if settings.backend == "none":
            self.devices = self._describe_devices(open_camera(settings).status)
            return
        self._probe = CameraFeed(lambda: open_camera(settings), 1.0)
        self.devices = self._describe_devices(self._probe.status)

    def update(self, dt: float) -> None:
        """Once the camera has answered, show its status and let it go."""
        if self._probe is None or self._probe.opening:
            return
        status = self._probe.status
        self._probe.close()
        self._probe = None
        self.devices = self._describe_devices(status)
        self.dirty = True

    def exit(self) -> None:
        """Let a camera that is still being asked go."""
        if self._probe is not None:
            self._probe.close()
            self._probe = None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == TAP and widgets.press_any(self.buttons(), event.pos):
            self.dirty = True

    def buttons(self) -> list[Button]:
        return self._bar() + [b for _, row in self._rows() for b in row] + self._camera_tools()

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        surface.fill(theme.WOOD)
        chrome.draw_bar(surface, layout, self.app.tr("Settings"), self._bar())
        size = layout.text("body")
        for label_rect, (label, row) in zip(self._label_rects(), self._rows(), strict=True):
            widgets.text(surface, label, label_rect, size, theme.CHEESE, "bold", "left")
            for button in row:
                button.draw(surface, size)
        self._draw_devices(surface)

    def _bar(self) -> list[Button]:
        back = (self.app.tr("Back"), lambda: self.app.goto("home"), True)
        return chrome.bar_buttons(self.app.layout, [back])

    def _grid(self) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """(label, choices) rectangles for each setting row."""
        layout = self.app.layout
        area = layout.content()
        step = layout.touch + layout.gap
        label_width = area.width if layout.portrait else area.width // 3
        found = []
        y = area.y
        for _ in range(3):
            label = pygame.Rect(area.x, y, label_width, layout.touch)
            if layout.portrait:
                y += step
                choices = pygame.Rect(area.x, y, area.width, layout.touch)
            else:
                choices = pygame.Rect(label.right, y, area.width - label_width, layout.touch)
            found.append((label, choices))
            y += step
        return found

    def _label_rects(self) -> list[pygame.Rect]:
        return [label for label, _ in self._grid()]

    def _rows(self) -> list[tuple[str, list[Button]]]:
        settings = self.app.settings
        tr = self.app.tr
        ui, play = settings.ui, settings.play
        choices: list[tuple[str, Language]] = [(tr("Per game"), "auto"), *LANGUAGES]
        language = [
            (name, code == ui.language, replace(settings, ui=replace(ui, language=code)))
            for name, code in choices
        ]
        sound = [
            (tr(label), ui.sound == on, replace(settings, ui=replace(ui, sound=on)))
            for label, on in ((mark("On"), True), (mark("Off"), False))
        ]
        game = [
            (g.title, g.name == play.game, replace(settings, play=replace(play, game=g.name)))
            for g in self.app.games.values()
        ]
        labelled = [(tr("Language"), language), (tr("Sound"), sound), (tr("New sessions"), game)]
        found = []
        for (label, options), (_, area) in zip(labelled, self._grid(), strict=True):
            cells = columns(area, max(2, len(options)), self.app.layout.gap)
            row = [
                Button(cell, text, partial(self.app.change_settings, value), selected=chosen)
                for cell, (text, chosen, value) in zip(cells, options, strict=False)
            ]
            found.append((label, row))
        return found

    def _describe_devices(self, camera: CameraStatus) -> list[tuple[str, bool, str]]:
        """(device, working, sentence) for every kind of device tablekit can use."""
        tr = self.app.tr
        return [(tr("Camera"), camera.ok, status_text(tr, camera))]

    def _pad_rows(self) -> list[tuple[str, bool, str]]:
        """(pad, working, sentence) for each configured pad, as its backend last said."""
        tr = self.app.tr
        if self.app.settings.buttons.backend == "none":
            return [
                (
                    tr("Buttons"),
                    False,
                    tr("No buttons configured; the touchscreen does everything."),
                )
            ]
        found = []
        for pad in self.app.settings.buttons.pads():
            status = self.app.pad_status.get(pad)
            title = pad_title(pad, tr)
            if status is None:
                found.append((title, False, tr("waiting for it to answer")))
            else:
                found.append((title, status.connected, status.detail))
        return found

    def _camera_tools(self) -> list[Button]:
        """The camera row's way to teach dice and calibrate the tray."""
        layout = self.app.layout
        area = layout.content()
        width = max(4 * layout.touch, area.width // 3)
        rect = pygame.Rect(0, 0, width, layout.touch)
        rect.bottomright = (area.right - layout.gap, area.bottom - layout.gap)
        label = self.app.tr("Teach dice / calibrate tray")
        return [Button(rect, label, lambda: self.app.goto("teach"))]

    def _draw_devices(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        top = self._grid()[-1][1].bottom + 2 * layout.gap
        area = layout.content()
        box = pygame.Rect(area.x, top, area.width, area.bottom - top)
        if box.height < layout.touch:
            return
        widgets.panel(surface, box)
        inner = box.inflate(-2 * layout.gap, -2 * layout.gap)
        size = layout.text("small")
        line = theme.font("bold", size).get_linesize()
        y = inner.y
        for name, working, sentence in self.devices + self._pad_rows():
            mark = "OK" if working else "—"
            row = pygame.Rect(inner.x, y, inner.width, line)
            widgets.text(
                surface, f"{mark}  {name}: {sentence}", row, size, theme.INK, "bold", "left"
            )
            y += line
        where = pygame.Rect(inner.x, y, inner.width, line)
        note = f"{self.app.tr('Settings file')}: {paths.config_file().name}"
        widgets.text(surface, note, where, size, theme.INK_SOFT, "regular", "left")
        for button in self._camera_tools():
            button.draw(surface, size)
