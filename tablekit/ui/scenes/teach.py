"""Teach the reader a set of dice, and calibrate the tray, from the touchscreen.

Teaching: pick which dice (Mice and Mystics, Mouse Guard, or a kind the
config names), pick a face, put one or more dice showing it under the camera,
tap Capture; the view of each is added to that kind's taught kit (saved where
:mod:`tablekit.local.dice_kits` loads it, so every roll of that kind reads with
it). Calibrating: with the tray empty, tap Calibrate; the tray's crop, white
balance and exposure are saved in the ``[camera]`` table of the config file
and the app reloads them.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tablekit.local.config import replace
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.frames import FrameImage, fit
from tablekit.ui.i18n import status_text
from tablekit.ui.layout import columns, rows
from tablekit.ui.scene import Scene
from tablekit.ui.scenes.camera import FRAME_INTERVAL, face_icon
from tablekit.ui.touch import TAP
from tablekit.ui.wake import wake
from tablekit.ui.widgets import Button
from tablekit.vision.faceart import MM_ACTION_FACES

if TYPE_CHECKING:
    import numpy as np

    from tablekit.devices.feed import CameraFeed
    from tablekit.vision.symbols import Blob

Face = int | str


class TeachScene(Scene):
    """A live camera view beside a face picker, Capture and Calibrate."""

    name = "teach"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.feed: CameraFeed | None = None
        self.frame: np.ndarray | None = None
        self.kind = self._default_kind()
        self.face: Face | None = None
        self.found: list[Blob] = []
        self.message = ""
        self.calibrating = False
        self._seen = 0
        self._image = FrameImage()

    # -- what is taught, and where -------------------------------------------------

    def _default_kind(self) -> str:
        """The configured kind, unless it is plain pip dice (which need no teaching)."""
        kind = self.app.settings.camera.dice_kind
        return "mm-action" if kind == "d6" else kind

    def kinds(self) -> list[str]:
        """The kinds offered: Mice and Mystics, Mouse Guard, and a taught kind from the config."""
        from tablekit.catalog.dice import teachable

        offered = teachable()
        return offered + [k for k in [self._default_kind()] if k not in offered]

    def kind_label(self, kind: str) -> str:
        """A kind's name on screen: the game's own name (a proper name), or the kit's."""
        from tablekit.catalog.dice import title_of

        return title_of(kind)

    def choose_kind(self, kind: str) -> None:
        """Teach another kind of dice from now on (the config is left as it is)."""
        self.kind, self.face, self.found, self.message = kind, None, [], ""

    @property
    def kit_name(self) -> str:
        """The taught set the captures go to: ``taught:NAME`` gives NAME, else the kind."""
        return self.kind.removeprefix("taught:") or "dice"

    def kit_path(self) -> Path:
        from tablekit.local.paths import dice_dir

        return dice_dir() / f"{self.kit_name}.npz"

    def faces(self) -> list[Face]:
        """The chosen kind's faces; a custom kit offers the Mice and Mystics symbols and its own."""
        from tablekit.catalog.dice import faces_for, teachable

        if self.kind in teachable():
            return faces_for(self.kind)
        return list(dict.fromkeys(faces_for("mm-action") + faces_for(self.kind)))

    # -- the camera ------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        if self.feed is None:
            from tablekit.devices.cameras import open_camera
            from tablekit.devices.feed import CameraFeed

            settings = self.app.settings.camera
            self.feed = CameraFeed(lambda: open_camera(settings), FRAME_INTERVAL, wake=wake)
            self._seen = 0

    def exit(self) -> None:
        self.close()

    def close(self) -> None:
        """Let the camera go (entering again opens it)."""
        if self.feed is not None:
            self.feed.close()
        self.feed, self.frame, self.found = None, None, []
        self.calibrating = False

    def update(self, dt: float) -> None:
        """Show the feed's newest frame; say why when the camera is not there."""
        if self.feed is None:
            return
        if self.calibrating:
            self._calibrated()
            return
        status = self.feed.status
        if not status.ok and not self.feed.opening:
            said = status_text(self.app.tr, status)
            if self.message != said:
                self.frame, self.message = None, said
                self.dirty = True
        shot = self.feed.latest()
        if shot is not None and shot.number != self._seen:
            self._seen = shot.number
            self.frame = shot.frame
            self.dirty = True

    # -- actions ---------------------------------------------------------------------

    def choose(self, face: Face) -> None:
        self.face = face
        self.message = ""

    def capture(self) -> None:
        """Add the die now under the camera as the chosen face, and save the kit."""
        from tablekit.local.dice_kits import load_kit, save_kit
        from tablekit.vision.symbols import DiceKit, teach

        tr = self.app.tr
        if self.frame is None or self.face is None:
            return
        path = self.kit_path()
        try:
            kit = load_kit(path) if path.exists() else DiceKit(self.kit_name)
        except ValueError:  # a damaged kit: these captures start it afresh
            kit = DiceKit(self.kit_name)
        try:
            self.found = teach(kit, self.frame, str(self.face))
        except LookupError:
            self.found = []
            self.message = tr("No die found: put dice with that face up on the tray.")
            return
        try:
            save_kit(kit, path)
        except OSError as error:
            self.message = f"{tr('Could not save')}: {error.strerror}"
            return
        faces = [str(f) for f in self.faces()]
        done = sum(1 for f in faces if f in kit.faces)
        taught = tr("Taught {face}: {n} of {total} faces").format(
            face=self._label(self.face), n=done, total=len(faces)
        )
        self.message = taught

    def calibrate(self) -> None:
        """Measure the empty tray on a raw frame, on the camera thread; :meth:`update` saves it."""
        from tablekit.devices.cameras import open_camera
        from tablekit.devices.feed import CameraFeed
        from tablekit.vision.calibrate import NO_GAIN, calibrate_tray

        current = self.app.settings.camera
        raw = replace(current, roi=(0, 0, 0, 0), white_balance=NO_GAIN)
        self.close()
        self.feed = CameraFeed(
            lambda: open_camera(raw),
            FRAME_INTERVAL,
            lambda: lambda frame: calibrate_tray(frame, current.exposure_us),
            wake,
        )
        self.calibrating, self._seen = True, 0
        self.message = self.app.tr("Calibrating: keep the tray empty...")

    def _calibrated(self) -> None:
        """Once the raw frame is measured: save ``[camera]``, reload the settings, reopen."""
        from tablekit.devices.camera_config import save_camera_settings
        from tablekit.local import paths

        tr = self.app.tr
        assert self.feed is not None
        failed = not self.feed.opening and not self.feed.status.ok
        shot = self.feed.latest()
        if not failed and shot is None:
            return
        self.close()
        self.calibrating = False
        if shot is None:
            self._reopen(tr("No camera picture to calibrate with."))
            return
        current = self.app.settings.camera
        roi, gains, exposure = shot.result
        exposure = exposure if current.exposure_us else 0
        calibrated = replace(current, roi=roi, white_balance=gains, exposure_us=exposure)
        try:
            save_camera_settings(paths.config_file(), calibrated)
        except OSError as error:
            self._reopen(f"{tr('Settings file')}: {error.strerror}")
            return
        self.app.change_settings(replace(self.app.settings, camera=calibrated))
        self._reopen(tr("Tray calibrated."))

    def _reopen(self, message: str) -> None:
        """Open the camera again (with the current settings) and say ``message``."""
        self.enter()
        self.message = message

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == TAP and widgets.press_any(self.buttons(), event.pos):
            self.dirty = True

    # -- layout ------------------------------------------------------------------------

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The camera view and the side panel (as in the camera scene)."""
        layout = self.app.layout
        area = layout.content()
        if layout.portrait:
            view = pygame.Rect(area.x, area.y, area.width, area.height * 9 // 20)
            side = pygame.Rect(
                area.x, view.bottom + layout.gap, area.width, area.bottom - view.bottom - layout.gap
            )
            return view, side
        side_width = max(area.width * 3 // 8, 4 * layout.touch)
        view = pygame.Rect(area.x, area.y, area.width - side_width - layout.gap, area.height)
        return view, pygame.Rect(view.right + layout.gap, area.y, side_width, area.height)

    def buttons(self) -> list[Button]:
        return self._bar() + self._kind_row() + self._picker() + self._actions()

    def _bar(self) -> list[Button]:
        back = (self.app.tr("Back"), self.leave, True)
        return chrome.bar_buttons(self.app.layout, [back])

    def leave(self) -> None:
        self.close()
        self.app.goto("settings")

    def _kind_row(self) -> list[Button]:
        """One toggle per kind of dice, across the top of the side panel."""
        _, side = self._areas()
        layout = self.app.layout
        row = pygame.Rect(side.x, side.y, side.width, layout.touch)
        kinds = self.kinds()
        return [
            Button(
                cell,
                self.kind_label(kind),
                partial(self.choose_kind, kind),
                selected=kind == self.kind,
            )
            for cell, kind in zip(columns(row, len(kinds), layout.gap), kinds, strict=True)
        ]

    def _picker(self) -> list[Button]:
        _, side = self._areas()
        layout = self.app.layout
        faces = self.faces()
        lines = max(1, -(-len(faces) // 3))
        top = side.y + 2 * (layout.touch + layout.gap)
        grid = pygame.Rect(side.x, top, side.width, lines * (layout.touch + layout.gap))
        cells = [
            c
            for row in rows(grid, lines, layout.gap, layout.touch)
            for c in columns(row, 3, layout.gap)
        ]
        return [
            Button(cell, self._label(face), partial(self.choose, face), selected=face == self.face)
            for cell, face in zip(cells, faces, strict=False)
        ]

    def _actions(self) -> list[Button]:
        _, side = self._areas()
        layout = self.app.layout
        tr = self.app.tr
        bottom = pygame.Rect(side.x, side.bottom - layout.touch, side.width, layout.touch)
        capture, calibrate = columns(bottom, 2, layout.gap)
        ready = self.frame is not None
        return [
            Button(
                capture, tr("Capture face"), self.capture, enabled=ready and self.face is not None
            ),
            Button(calibrate, tr("Calibrate"), self.calibrate, enabled=ready),
        ]

    def _label(self, face: Face) -> str:
        return self.app.tr(str(face)).replace("_", " + ")

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        surface.fill(theme.WOOD)
        title = f"{self.app.tr('Teach dice')}: {self.kind_label(self.kind)}"
        chrome.draw_bar(surface, layout, title, self._bar())
        self._draw_view(surface)
        self._draw_side(surface)

    def _draw_view(self, surface: pygame.Surface) -> None:
        view, _ = self._areas()
        pygame.draw.rect(surface, theme.WOOD_LIGHT, view)
        layout = self.app.layout
        if self.frame is None:
            reason = status_text(self.app.tr, self.feed.status) if self.feed else ""
            inner = view.inflate(-2 * layout.gap, -2 * layout.gap)
            widgets.wrapped(surface, reason, inner, layout.text("body"), theme.CREAM)
            return
        scale, ox, oy = fit(self.frame, view)
        surface.blit(self._image.of(self.frame, scale), (ox, oy))
        for blob in self.found:
            box = pygame.Rect(0, 0, round(blob.w * scale) + 8, round(blob.h * scale) + 8)
            box.center = (ox + round(blob.x * scale), oy + round(blob.y * scale))
            pygame.draw.rect(surface, theme.GREEN, box, width=4, border_radius=6)

    def _draw_side(self, surface: pygame.Surface) -> None:
        _, side = self._areas()
        layout = self.app.layout
        tr = self.app.tr
        widgets.panel(surface, side)
        inner = side.inflate(-2 * layout.gap, 0)
        for button in self._kind_row():
            button.draw(surface, layout.text("small"))
        head = pygame.Rect(inner.x, side.y + layout.touch + layout.gap, inner.width, layout.touch)
        widgets.text(
            surface, tr("Which face?"), head, layout.text("body"), theme.INK, "bold", "left"
        )
        for button, face in zip(self._picker(), self.faces(), strict=False):
            if face in MM_ACTION_FACES:
                edge = theme.CHEESE if button.selected else theme.EDGE
                widgets.panel(surface, button.rect, edge=edge, width=6 if button.selected else 3)
                icon_side = min(button.rect.size) - 12
                icon = pygame.Rect(0, 0, icon_side, icon_side)
                icon.center = button.rect.center
                surface.blit(face_icon(face, icon_side), icon)
            else:
                button.draw(surface, layout.text("heading"))
        actions = self._actions()
        top = self._picker()[-1].rect.bottom + layout.gap if self._picker() else head.bottom
        note = pygame.Rect(inner.x, top, inner.width, actions[0].rect.top - top - layout.gap)
        hint = tr("Put dice showing that face under the camera, then tap Capture face.")
        hint += " " + tr("Calibrate with the tray empty.")
        widgets.wrapped(
            surface, self.message or hint, note, layout.text("small"), theme.INK_SOFT, "bold"
        )
        for button in actions:
            button.draw(surface, layout.text("body"))
