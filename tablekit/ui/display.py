"""The window and what reaches it: full screen on a Pi, a window elsewhere, only changed rows.

A press changes a few rows of the screen (a count, a slot), yet sending the whole
frame to the display costs more than drawing it (about 8 ms for 800x480 through
X11 here, more on a Pi). :class:`Presenter` sends only the rects a scene says it
painted (see :mod:`.parts`); for a scene that does not say, it remembers the frame
it last sent and sends only the band of rows that differ, or nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from tablekit.local.config import Display
from tablekit.ui.layout import fit_window
from tablekit.ui.touch import logical_size


def on_a_pi() -> bool:
    model = Path("/proc/device-tree/model")
    return model.exists() and "Raspberry Pi" in model.read_text(errors="ignore")


def open_display(display: Display, size: tuple[int, int] | None) -> pygame.Surface:
    """The screen: full screen on a Pi (or when asked), else the configured window, cut to
    the desktop it opens on; ``size`` sets the window exactly (tests, screenshots)."""
    mode = display.fullscreen
    headless = os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen")
    full = not headless and size is None and (mode == "on" or (mode == "auto" and on_a_pi()))
    pygame.display.set_caption("tablekit")
    if full:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    if size is None:
        desktops = pygame.display.get_desktop_sizes()
        size = fit_window(display.window, desktops[0] if desktops else None)
    return pygame.display.set_mode(size)


def make_canvas(screen: pygame.Surface, rotate: int) -> pygame.Surface:
    """What scenes draw on: the screen itself, or a surface turned to the screen's rotation."""
    if not rotate:
        return screen
    return pygame.Surface(logical_size(screen.get_size(), rotate))


CHUNK = 16
"""Rows compared at once while looking for the first and last that changed."""


class Presenter:
    """Sends the screen to the display: the rects a scene says it painted, or else only the
    band of rows that changed since the last frame sent."""

    def __init__(self) -> None:
        self._sent: bytes | None = None
        self._whole = True

    def present(
        self,
        screen: pygame.Surface,
        canvas: pygame.Surface,
        rotate: int,
        painted: list[pygame.Rect] | None = None,
    ) -> None:
        """Show ``canvas`` on ``screen`` (turned by ``rotate`` degrees); ``painted``: the only
        rects that changed since the last frame (None: not known, so the rows are compared)."""
        if rotate:
            screen.blit(pygame.transform.rotate(canvas, rotate), (0, 0))
            painted = None  # its rects are the canvas's, not the screen's
        if painted is not None and not self._whole:
            self._sent = None  # the frame kept to compare with is behind now
            if painted:
                pygame.display.update(painted)
            return
        self._whole = False
        band = self.changed(screen)
        if band is not None:
            pygame.display.update(band)

    def forget(self) -> None:
        """Send the whole screen next time (the window was exposed or resized)."""
        self._sent = None
        self._whole = True

    def changed(self, screen: pygame.Surface) -> pygame.Rect | None:
        """The full-width band of rows that differ from the last frame sent; None if none do."""
        proxy = screen.get_buffer()  # the surface stays locked while the proxy lives
        frame = proxy.raw
        del proxy
        sent, self._sent = self._sent, frame
        width, height = screen.get_size()
        if sent == frame:
            return None
        if sent is None or len(sent) != len(frame):
            return pygame.Rect(0, 0, width, height)
        rows = _differing(sent, frame, screen.get_pitch(), height)
        if rows is None:
            return None
        return pygame.Rect(0, rows[0], width, rows[1] - rows[0] + 1)


def _differing(sent: bytes, frame: bytes, pitch: int, height: int) -> tuple[int, int] | None:
    """The first and last rows that differ: found a :data:`CHUNK` of rows at a time from
    each end, then a row at a time inside the two chunks found."""
    chunks = range(0, height, CHUNK)

    def differs(y: int, count: int) -> bool:
        start, end = y * pitch, min(y + count, height) * pitch
        return sent[start:end] != frame[start:end]

    top = next((y for y in chunks if differs(y, CHUNK)), None)
    bottom = next((y for y in reversed(chunks) if differs(y, CHUNK)), None)
    if top is None or bottom is None:
        return None
    first = next(y for y in range(top, height) if differs(y, 1))
    last = next(y for y in reversed(range(min(bottom + CHUNK, height))) if differs(y, 1))
    return first, last
