"""Settings: language, sound, the game of new sessions, and the devices' status."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from tablekit import catalog
from tablekit.local import paths
from tablekit.local.config import Config, Language, replace
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.i18n import LANGUAGES, mark, status_text
from tablekit.ui.layout import columns
from tablekit.ui.onscreen_pad import keyboard_pads, pad_title
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.wake import wake
from tablekit.ui.widgets import Button

if TYPE_CHECKING:
    from tablekit.devices.camera import CameraStatus
    from tablekit.devices.feed import CameraFeed


NO_BUTTONS = mark("none; the keys are the pads: {keys}")
"""Where the pads are without buttons: the keyboard's two rows (in a conflict, GM scripts
and Patrol scripts put them on the screen too)."""

Options = list[tuple[str, list[tuple[str, bool, Config]]]]
"""Each setting's label and its choices: (text, chosen now, the settings it makes)."""


class SettingsScene(Scene):
    """Choices are toggles; every change is saved to the config file at once."""

    name = "settings"
    _probe: CameraFeed | None = None
    """The camera being asked how it is, until it answers."""
    camera: CameraStatus
    """What the camera last said."""

    def enter(self) -> None:
        """Start asking the camera how it is (on its own thread: opening can take a second)."""
        super().enter()
        from tablekit.devices.cameras import open_camera
        from tablekit.devices.feed import CameraFeed

        settings = self.app.settings.camera
        self.exit()  # a probe still asking since an earlier visit is let go first
        if settings.backend == "none":
            self.camera = open_camera(settings).status
            return
        self._probe = CameraFeed(lambda: open_camera(settings), 1.0, wake=wake)
        self.camera = self._probe.status

    def update(self, dt: float) -> None:
        """Once the camera has answered, show its status and let it go."""
        if self._probe is None or self._probe.opening:
            return
        self.camera = self._probe.status
        self._probe.close()
        self._probe = None
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
        return self._bar() + [b for _, _, row in self._rows() for b in row]

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        surface.fill(theme.WOOD)
        chrome.draw_bar(surface, layout, self.app.tr("Settings"), self._bar())
        size = layout.text("body")
        rows = self._rows()
        for label, label_rect, row in rows:
            widgets.text(surface, label, label_rect, size, theme.CHEESE, "bold", "left")
            for button in row:
                button.draw(surface, size)
        self._draw_devices(surface, rows[-1][2][-1].rect.bottom)

    def _bar(self) -> list[Button]:
        """Back, and the way to the dice camera's teaching and calibration."""
        tr = self.app.tr
        back = (tr("Back"), lambda: self.app.goto("home"), True)
        camera = (tr("Dice camera…"), lambda: self.app.goto("teach"), True)
        return chrome.bar_buttons(self.app.layout, [back, camera])

    def _grid(self, options: Options) -> list[tuple[pygame.Rect, list[pygame.Rect]]]:
        """(label, a cell per choice) for each setting row.

        The choices sit beside their label (under it, upright), as many side by
        side as fit their longest text at full size; the rest go on another
        line, so no game's title is shrunk or cut short however many games
        the table has.
        """
        layout = self.app.layout
        area = layout.content()
        step = layout.touch + layout.gap
        labels = [label for label, _ in options]
        label_width = area.width if layout.portrait else min(self._widest(labels), area.width // 3)
        found = []
        y = area.y
        for _, choices in options:
            label = pygame.Rect(area.x, y, label_width, layout.touch)
            if layout.portrait:
                y += step
            left = area.x if layout.portrait else label.right
            line = pygame.Rect(left, y, area.right - left, layout.touch)
            across = self._across([text for text, _, _ in choices], line.width)
            cells: list[pygame.Rect] = []
            while len(cells) < len(choices):
                cells += columns(line, across, layout.gap)
                line = line.move(0, step)
            found.append((label, cells[: len(choices)]))
            y = line.y
        return found

    def _widest(self, texts: list[str]) -> int:
        """The longest of ``texts`` at body size, with a gap either side: a label's room."""
        layout = self.app.layout
        font = theme.font("bold", layout.text("body"))
        return max(font.size(text)[0] for text in texts) + 2 * layout.gap

    def _across(self, texts: list[str], width: int) -> int:
        """How many choices go side by side in ``width``: all of them (at least two, so
        a lone choice is not stretched) if the longest text fits its cell beside the
        chosen one's check mark (about a touch wide, besides the gaps), else fewer."""
        layout = self.app.layout
        gap = layout.gap
        widest = self._widest(texts) - 2 * gap + layout.touch
        fit = max(1, (width + gap) // (widest + gap))
        wanted = max(2, len(texts))
        return wanted if fit >= wanted else fit

    def _rows(self) -> list[tuple[str, pygame.Rect, list[Button]]]:
        """Each setting's label, where it goes, and its buttons, one per choice, the chosen
        one marked."""
        options = self._options()
        found = []
        for (label, choices), (where, cells) in zip(options, self._grid(options), strict=True):
            row = [
                Button(cell, text, partial(self.app.change_settings, value), selected=chosen)
                for cell, (text, chosen, value) in zip(cells, choices, strict=True)
            ]
            found.append((label, where, row))
        return found

    def _options(self) -> Options:
        """Each setting's label and its choices: (text, chosen now, the settings it makes)."""
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
            for g in catalog.listed(self.app.games)
        ]
        return [(tr("Language"), language), (tr("Sound"), sound), (tr("New sessions"), game)]

    @property
    def devices(self) -> list[tuple[str, bool, str]]:
        """(device, working, sentence) for every kind of device tablekit can use, in the
        language of the screen now (it may have just been changed here)."""
        tr = self.app.tr
        return [(tr("Camera"), self.camera.ok, status_text(tr, self.camera))]

    def _pad_rows(self) -> list[tuple[str, bool, str]]:
        """(pad, working, sentence) for each configured pad, as its backend last said; with
        none, the keyboard's two pads' keys (which every game played with pads hears)."""
        tr = self.app.tr
        if self.app.settings.buttons.backend == "none":
            return [(tr("Buttons"), False, tr(NO_BUTTONS).format(keys=keyboard_pads(tr)))]
        found = []
        for pad in self.app.settings.buttons.pads():
            status = self.app.pad_status.get(pad)
            title = pad_title(pad, tr)
            if status is None:
                found.append((title, False, tr("waiting for it to answer")))
            else:
                found.append((title, status.connected, status.detail))
        return found

    def _draw_devices(self, surface: pygame.Surface, below: int) -> None:
        """The camera's and the pads' state, in a box from ``below`` (the last choice's
        bottom) down."""
        layout = self.app.layout
        top = below + 2 * layout.gap
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
            room = pygame.Rect(inner.x, y, inner.width, inner.bottom - line - y)
            said = f"{mark}  {name}: {sentence}"
            y += widgets.wrapped(surface, said, room, size, theme.INK, "bold")  # wraps, not shrinks
        where = pygame.Rect(inner.x, y, inner.width, line)
        note = f"{self.app.tr('Settings file')}: {paths.config_file().name}"
        widgets.text(surface, note, where, size, theme.INK_SOFT, "regular", "left")
