"""The window and what reaches it: full screen on a Pi, a window elsewhere, only changed rows.

A press changes a few rows of the screen (a count, a slot), yet sending the whole
frame to the display costs more than drawing it (about 8 ms for 800x480 through
X11 here, more on a Pi). :class:`Presenter` remembers the frame it last sent and
sends only the band of rows that differ, or nothing.
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


class Presenter:
    """Sends the screen to the display, only the rows that changed since the last send."""

    def __init__(self) -> None:
        self._sent: bytes | None = None

    def present(self, screen: pygame.Surface, canvas: pygame.Surface, rotate: int) -> None:
        """Show ``canvas`` on ``screen`` (turned by ``rotate`` degrees)."""
        if rotate:
            screen.blit(pygame.transform.rotate(canvas, rotate), (0, 0))
        band = self.changed(screen)
        if band is not None:
            pygame.display.update(band)

    def forget(self) -> None:
        """Send the whole screen next time (the window was exposed or resized)."""
        self._sent = None

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
        pitch = screen.get_pitch()
        rows = [y for y in range(height) if _row(sent, y, pitch) != _row(frame, y, pitch)]
        if not rows:
            return None
        return pygame.Rect(0, rows[0], width, rows[-1] - rows[0] + 1)


def _row(frame: bytes, y: int, pitch: int) -> bytes:
    return frame[y * pitch : (y + 1) * pitch]
