"""The dice tray seen by the camera, with a box and a value on every die.

The camera, the settle detection and the reading run on a worker thread
(:class:`tablekit.devices.feed.CameraFeed`), so the screen never waits for
them; the scene shows the newest frame and, once the tray has been still for
a few frames, the voted reading. Every die gets a box and a badge; a die the
reader is unsure of is drawn thicker, in vermillion, with a "?" badge, and
asked about. Tapping a die opens the face picker; one tap corrects it, and
"Not a die" drops it. "Add a die" adds one the reader missed. Confirm
hands the faces (the same list a virtual roll makes) to whoever asked for the
roll. Without a working camera the picker is the roll: tap a face to add a die.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from tablekit.rules.mouse_guard import dice as mg_dice
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.frames import FrameImage, fit
from tablekit.ui.i18n import mark, status_text
from tablekit.ui.layout import columns, rows
from tablekit.ui.memo import MIB, bounded, surface_bytes
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.wake import wake
from tablekit.ui.widgets import Button
from tablekit.vision.reading import SURE, DieReading, Reading

if TYPE_CHECKING:
    import threading

    import numpy as np

    from tablekit.devices.feed import CameraFeed

FRAME_INTERVAL = 0.1
"""Seconds between camera frames: enough to see a tray settle, cheap on a Pi."""

Face = int | str


MOUSE_GUARD_FACES = frozenset(face.value for face in mg_dice.Face)


FACE_PARTS = (mark("sword"), mark("shield"), mark("star"), mark("bow"), mark("cheese"))
"""The symbols an action die's face is made of (``sword_shield_star``), each said in words;
Mouse Guard's snake, sword and axe are in the catalogue with its dice."""


def mouse_guard_face(value: Face) -> str:
    """A pip die's value read by the Mouse Guard rule; a symbol face's name as it is."""
    return (
        mg_dice.face_of(value).value if isinstance(value, int) and 1 <= value <= 6 else str(value)
    )


def face_icon(face: str, side: int) -> pygame.Surface:
    """A symbol face drawn from the project's face art, ``side`` pixels square."""
    return _face_icon(face, max(8, side))


@bounded(2 * MIB, surface_bytes)
def _face_icon(face: str, side: int) -> pygame.Surface:
    import cv2

    from tablekit.vision.faceart import PARTS, draw_face

    if not all(part in PARTS for part in face.split("_")):
        icon = pygame.Surface((side, side))
        icon.fill(theme.INK_SOFT)
        return icon
    art = cv2.resize(draw_face(face), (side, side), interpolation=cv2.INTER_AREA)
    rgb = cv2.cvtColor(art, cv2.COLOR_BGR2RGB)
    return pygame.image.frombuffer(rgb.tobytes(), (side, side), "RGB").copy()


class CameraScene(Scene):
    """Watch, read, correct and confirm one roll."""

    name = "camera"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.kind = app.settings.camera.dice_kind
        self.on_confirm: Callable[[list[Face]], bool | None] | None = None
        self.return_to = "home"
        self.feed: CameraFeed | None = None
        self.manual = False
        self.reason = ""
        self.frame: np.ndarray | None = None
        self.reading: Reading | None = None
        self.selected: int | None = None
        self.adding = False
        self._seen = 0
        self._image = FrameImage()
        self.learning: threading.Thread | None = None

    # -- asking for a roll -------------------------------------------------------

    def request(
        self, kind: str, on_confirm: Callable[[list[Face]], bool | None], return_to: str = "home"
    ) -> None:
        """Ask for a roll of ``kind`` dice; ``on_confirm`` receives the faces.

        ``on_confirm`` may answer False (the rules refused the roll, e.g. a die
        short): the tray comes back with the same dice, to be put right.
        """
        self.kind, self.on_confirm, self.return_to = kind, on_confirm, return_to

    def enter(self) -> None:
        """Open the camera for a new roll; a re-entry (after a resize) keeps the roll."""
        super().enter()
        if self.feed is None and not self.manual:
            self._start()

    def exit(self) -> None:
        """Another scene takes the screen: let the camera go."""
        self.close()

    def _start(self) -> None:
        from tablekit.devices.cameras import open_camera
        from tablekit.devices.feed import CameraFeed

        self.manual, self.selected, self.reading, self._seen = False, None, None, 0
        settings = self.app.settings.camera
        if settings.backend == "none":
            self._by_hand(status_text(self.app.tr, open_camera(settings).status))
            return
        from tablekit.local.dice_kits import reader_for

        try:
            reader = reader_for(self.kind)
        except ValueError as error:  # e.g. taught dice that were never taught
            self._by_hand(str(error))
            return
        self.feed = CameraFeed(
            lambda: open_camera(settings), FRAME_INTERVAL, self._watcher(reader), wake
        )

    def _by_hand(self, reason: str) -> None:
        """No camera picture: the face picker becomes the roll, and the screen says why."""
        self.manual, self.reason, self.frame = True, reason, None
        self.reading = Reading(())
        self.dirty = True

    @staticmethod
    def _watcher(reader: Any) -> Callable[[], Any]:
        """A fresh settle-and-vote watch per roll, fed on the camera thread."""
        from tablekit.vision.watch import TrayWatch

        return lambda: TrayWatch(reader).push

    def faces(self) -> list[Face]:
        """The faces this kind of die can show, for the picker."""
        from tablekit.catalog.dice import faces_for

        return faces_for(self.kind)

    # -- the camera loop ---------------------------------------------------------

    def update(self, dt: float) -> None:
        """Take the feed's newest frame; keep the first one that came with a reading."""
        if self.feed is None or self.manual or self.reading is not None:
            return
        if not self.feed.opening and not self.feed.status.ok:
            self._by_hand(status_text(self.app.tr, self.feed.status))
            return
        shot = self.feed.latest()
        if shot is None or shot.number == self._seen:
            return
        self._seen = shot.number
        self.frame, self.reading = shot.frame, shot.result
        if self.reading is not None:
            self.feed.pause()  # the roll is read: no more frames until "Read again"
        self.dirty = True

    def read_again(self) -> None:
        """Forget the reading and watch the tray for the next settle."""
        self.reading, self.selected, self.adding = None, None, False
        if self.feed is not None:
            self.feed.restart()
        self.dirty = True

    # -- correcting and confirming -----------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != TAP:
            return
        if widgets.press_any(self.buttons(), event.pos):
            self.dirty = True
            return
        hit = self.die_at(event.pos)
        if hit is not None:
            self.selected = None if hit == self.selected else hit
            self.adding = False
            self.dirty = True

    def die_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the die drawn under ``pos`` (boxes grown to a finger's size)."""
        if not self.reading:
            return None
        for index, rect in enumerate(self._die_rects()):
            grow = max(0, self.app.layout.touch - min(rect.size))
            if rect and rect.inflate(grow, grow).collidepoint(pos):
                return index
        return None

    def set_face(self, face: Face) -> None:
        """Correct the selected die, or add a die by hand (no camera, or one it missed)."""
        dice = list(self.reading.dice if self.reading else ())
        if self.selected is not None and self.selected < len(dice):
            dice[self.selected] = dice[self.selected].corrected(face)
            self.selected = None
        elif self.manual or self.adding:
            dice.append(DieReading(0, 0, 0, 0, face, 1.0))
            self.adding = False
        self._replace_dice(dice)

    def not_a_die(self) -> None:
        """Drop the selected die: the reader saw a die where there is none."""
        dice = list(self.reading.dice if self.reading else ())
        if self.selected is not None and self.selected < len(dice):
            del dice[self.selected]
        self.selected = None
        self._replace_dice(dice)

    def add_die(self) -> None:
        """Ask for the face of a die the reader missed (it is added without a box)."""
        self.adding, self.selected = not self.adding, None

    def remove_last(self) -> None:
        """Take back the last die entered by hand."""
        self._replace_dice(list(self.reading.dice if self.reading else ())[:-1])

    def _replace_dice(self, dice: list[DieReading]) -> None:
        self.reading = Reading(tuple(dice), self.reading.ms if self.reading else 0.0)

    def confirm(self) -> None:
        """Hand the faces to whoever asked and leave; if they are refused, come back to them."""
        values = self.values()
        kept = (self.reading, self.frame, self.manual, self.reason)
        self.close()
        if self.on_confirm is None:
            self.app.notice(" ".join(str(v) for v in values))
        elif self.on_confirm(values) is False:
            self.app.goto(self.name)
            self.reading, self.frame, self.manual, self.reason = kept
            self.dirty = True
            return
        self._learn(kept[0], kept[1], kept[2])
        self.app.goto(self.return_to)

    def _learn(self, reading: Reading | None, frame: np.ndarray | None, manual: bool) -> None:
        """Teach the reader this table from a roll the players accepted (issue 24): the frame
        and its confirmed or corrected dice go to the kind's store, on a thread of their
        own (cutting and saving takes a few hundred ms on a Pi). The next roll reads with it."""
        from tablekit.local.dice_learned import LEARNABLE, learn_confirmed

        if reading is None or frame is None or manual or self.kind not in LEARNABLE:
            return
        import threading

        self.learning = threading.Thread(
            target=learn_confirmed, args=(self.kind, frame, reading.dice), daemon=True
        )
        self.learning.start()

    def values(self) -> list[Face]:
        """The roll as the rules take it: the faces, left to right."""
        return self.reading.values() if self.reading else []

    def close(self) -> None:
        """Let the camera go (the next roll opens it again)."""
        if self.feed is not None:
            self.feed.close()
        self.feed, self.frame, self.reading = None, None, None
        self.manual = False

    def leave(self) -> None:
        """Back without a roll."""
        self.close()
        self.app.goto(self.return_to)

    # -- layout ------------------------------------------------------------------

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The camera view and the side panel."""
        layout = self.app.layout
        area = layout.content()
        if layout.portrait:
            view_height = area.height * 11 // 20
            view = pygame.Rect(area.x, area.y, area.width, view_height)
            side = pygame.Rect(
                area.x, view.bottom + layout.gap, area.width, area.height - view_height - layout.gap
            )
            return view, side
        side_width = max(area.width * 5 // 16, 4 * layout.touch)
        view = pygame.Rect(area.x, area.y, area.width - side_width - layout.gap, area.height)
        return view, pygame.Rect(view.right + layout.gap, area.y, side_width, area.height)

    def _fit(self) -> tuple[float, int, int]:
        """Scale and offset that fit the frame into the camera view."""
        view, _ = self._areas()
        if self.frame is None:
            return 1.0, view.x, view.y
        return fit(self.frame, view)

    def _die_rects(self) -> list[pygame.Rect]:
        """Where each die is drawn; an empty rect for a die added by hand (it has no box)."""
        scale, ox, oy = self._fit()
        found = []
        for die in self.reading.dice if self.reading else ():
            if not die.w:
                found.append(pygame.Rect(0, 0, 0, 0))
                continue
            rect = pygame.Rect(0, 0, max(8, round(die.w * scale)), max(8, round(die.h * scale)))
            rect.center = (ox + round(die.x * scale), oy + round(die.y * scale))
            found.append(rect)
        return found

    def buttons(self) -> list[Button]:
        tr = self.app.tr
        bar = chrome.bar_buttons(
            self.app.layout,
            [
                (tr("Confirm"), self.confirm, bool(self.values())),
                (tr("Back"), self.leave, True),
            ],
        )
        return bar + self._picker() + self._not_a_die() + self._actions()

    def _picking(self) -> bool:
        """Whether the face picker is up: a die is selected, one is being added, or no camera."""
        return self.selected is not None or self.adding or self.manual

    def _cells(self) -> list[pygame.Rect]:
        """The picker's grid (three across, four on a tall screen): the faces, then "Not a die"."""
        _, side = self._areas()
        layout = self.app.layout
        across = 4 if layout.portrait else 3
        lines = -(-(len(self.faces()) + 1) // across)
        top = side.y + 2 * layout.touch + layout.gap
        grid = pygame.Rect(side.x, top, side.width, lines * (layout.touch + layout.gap))
        return [
            cell
            for row in rows(grid, lines, layout.gap, layout.touch)
            for cell in columns(row, across, layout.gap)
        ]

    def _picker(self) -> list[Button]:
        """Face buttons: shown while a die is selected or added, or always without a camera."""
        if not self._picking():
            return []
        return [
            Button(cell, self._label(face), partial(self.set_face, face))
            for cell, face in zip(self._cells(), self.faces(), strict=False)
        ]

    def _not_a_die(self) -> list[Button]:
        """Beside the faces of a selected die: drop it."""
        if self.selected is None:
            return []
        cells = self._cells()[len(self.faces()) :]
        row = [c for c in cells if c.y == cells[0].y]
        return [Button(row[0].union(row[-1]), self.app.tr("Not a die"), self.not_a_die)]

    def _actions(self) -> list[Button]:
        """Along the panel's foot: add a missed die and read again, or take back a tap."""
        _, side = self._areas()
        layout = self.app.layout
        tr = self.app.tr
        foot = pygame.Rect(side.x, side.bottom - layout.touch, side.width, layout.touch)
        if self.manual:
            return [Button(foot, tr("Remove last"), self.remove_last, bool(self.values()))]
        if self.reading is None:
            return []
        above = foot.move(0, -layout.touch - layout.gap)
        adding = tr("Cancel") if self.adding else tr("Add a die")
        return [
            Button(above, adding, self.add_die),
            Button(foot, tr("Read again"), self.read_again),
        ]

    def _label(self, face: Face) -> str:
        """A face in words, in the table's language: "sword + star" is "sværd + stjerne"."""
        if isinstance(face, int):
            return str(face)
        return " + ".join(self.app.tr(part) for part in face.split("_"))

    # -- drawing -----------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        surface.fill(theme.WOOD)
        bar = self.buttons()[:2]
        chrome.draw_bar(surface, layout, self.app.tr("Dice tray"), bar)
        self._draw_view(surface)
        self._draw_side(surface)

    def _draw_view(self, surface: pygame.Surface) -> None:
        view, _ = self._areas()
        pygame.draw.rect(surface, theme.WOOD_LIGHT, view)
        if self.manual:
            self._draw_manual(surface, view)
            return
        if self.frame is None:
            return
        scale, ox, oy = self._fit()
        surface.blit(self._image.of(self.frame, scale), (ox, oy))
        rects = self._die_rects()
        for index, (die, rect) in enumerate(
            zip(self.reading.dice if self.reading else (), rects, strict=True)
        ):
            self._draw_die(surface, die, rect, index == self.selected)

    def _draw_die(
        self, surface: pygame.Surface, die: DieReading, rect: pygame.Rect, selected: bool
    ) -> None:
        """Box and badge: a sure die in green with a thin line, an unsure one thick, with "?"."""
        unsure = die.confidence < (self.reading.sure if self.reading else SURE)
        colour = theme.CHEESE if selected else theme.VERMILLION if unsure else theme.GREEN
        box = rect.inflate(8, 8)
        pygame.draw.rect(
            surface, colour, box, width=6 if unsure or selected else 3, border_radius=6
        )
        layout = self.app.layout
        radius = max(16, layout.px(2.2))
        badge = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        badge.center = (box.right, box.top)
        if isinstance(die.value, str):
            pygame.draw.rect(surface, colour, badge.inflate(6, 6), border_radius=6)
            surface.blit(face_icon(die.value, badge.width), badge)
        else:
            pygame.draw.circle(surface, colour, badge.center, radius)
            pygame.draw.circle(surface, theme.CREAM, badge.center, radius, width=2)
            widgets.text(
                surface,
                str(die.value),
                badge.inflate(-4, -4),
                layout.text("body"),
                theme.CREAM,
                "black",
            )
        if unsure:
            ask = badge.move(badge.width + 4, 0)
            pygame.draw.circle(surface, theme.VERMILLION, ask.center, radius)
            widgets.text(surface, "?", ask, layout.text("body"), theme.CREAM, "black")

    def _draw_manual(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """No camera: say why, and show the dice entered by hand below, wrapped at title
        size, a face never broken across lines. On one line at the foot, six faces shrank
        it to 22 px ("sword + star sword + shield bow bow bow bow"), and a face's words ran
        into the next face's."""
        layout = self.app.layout
        inner = view.inflate(-2 * layout.gap, -2 * layout.gap)
        reason = self.reason
        used = widgets.wrapped(surface, reason, inner, layout.text("body"), theme.CREAM)
        hint = pygame.Rect(inner.x, inner.y + used + layout.gap, inner.width, inner.height)
        tip = self.app.tr("Tap the faces to enter the roll.")
        used = hint.y - inner.y
        used += widgets.wrapped(surface, tip, hint, layout.text("small"), theme.PARCHMENT_DARK)
        faces = [self._label(v).replace(" ", "\N{NO-BREAK SPACE}") for v in self.values()]
        room = pygame.Rect(inner.x, inner.y + used + layout.gap, inner.width, 0)
        room.height = inner.bottom - room.y
        size = layout.text("title")
        widgets.wrapped(surface, ", ".join(faces), room, size, theme.CHEESE, "black")

    def _draw_side(self, surface: pygame.Surface) -> None:
        _, side = self._areas()
        layout = self.app.layout
        widgets.panel(surface, side)
        inner = side.inflate(-2 * layout.gap, -2 * layout.gap)
        status = pygame.Rect(inner.x, inner.y, inner.width, layout.touch)
        widgets.text(
            surface, self._status(), status, layout.text("heading"), theme.INK, "title", "left"
        )
        picker, actions = self._picker() + self._not_a_die(), self._actions()
        for button, face in zip(picker, self.faces(), strict=False):
            self._draw_face_button(surface, button, face)
        for button in picker[len(self.faces()) :] + actions:
            button.draw(surface, layout.text("body"))
        # The summary fills the room between the picker (when it is up) and the actions.
        top = max([status.bottom] + [b.rect.bottom + layout.gap for b in picker])
        bottom = min([inner.bottom] + [b.rect.top - layout.gap for b in actions])
        summary = pygame.Rect(inner.x, top, inner.width, bottom - top)
        if summary.height >= theme.font("bold", layout.text("heading")).get_linesize():
            widgets.wrapped(
                surface, self._summary(), summary, layout.text("heading"), theme.INK, "bold"
            )

    def _draw_face_button(self, surface: pygame.Surface, button: Button, face: Face) -> None:
        """A picker button: the number, or the face drawn as on the die."""
        if isinstance(face, int) or not face:
            button.draw(surface, self.app.layout.text("heading"))
            return
        widgets.panel(surface, button.rect)
        side = min(button.rect.width, button.rect.height) - 8
        icon = button.rect.inflate(0, 0)
        icon.size = (side, side)
        icon.center = button.rect.center
        surface.blit(face_icon(face, side), icon)

    def _status(self) -> str:
        tr = self.app.tr
        if self.manual:
            return tr("Enter by hand")
        if self.frame is None:
            return tr("Opening the camera")
        if self.reading is None:
            return tr("Roll the dice")
        if self.selected is not None or self.adding:
            return tr("Which face?")
        unsure = len(self.reading.unsure())
        if unsure == 1:
            return tr("Check the ? die")
        if unsure:
            return tr("Check the {n} ? dice").format(n=unsure)
        return tr("{n} dice read").format(n=len(self.reading.dice))

    def _summary(self) -> str:
        """What the roll means: snakes, swords and axes for pip or Mouse Guard dice, else faces."""
        values = self.values()
        if not values:
            return ""
        names = [mouse_guard_face(v) for v in values]
        if all(n in MOUSE_GUARD_FACES for n in names):
            tr = self.app.tr
            return (
                f"{tr('Axes')} {names.count(mg_dice.Face.AXE)} · "
                f"{tr('Swords')} {names.count(mg_dice.Face.SWORD)} · "
                f"{tr('Snakes')} {names.count(mg_dice.Face.SNAKE)}"
            )
        counts = {v: values.count(v) for v in dict.fromkeys(values)}
        return "\n".join(f"{n} x {self._label(v)}" for v, n in counts.items())
