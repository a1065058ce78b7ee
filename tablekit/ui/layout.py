"""Sizes that scale with the screen, from a 7" 800x480 panel to 1080p and portrait.

Everything is measured in units of 1/48 of the short side, so a layout that
works at 800x480 keeps its proportions elsewhere. Touch targets never fall
below 48 px (about 9 mm on the official 7" screen) and body text never below
22 px, which reads from 1.5 m on that screen.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MIN_TOUCH = 48
MIN_TEXT = 22


@dataclass(frozen=True)
class Layout:
    """Measures for one screen size."""

    width: int
    height: int

    @property
    def unit(self) -> float:
        return min(self.width, self.height) / 48

    @property
    def portrait(self) -> bool:
        return self.height > self.width

    def px(self, units: float) -> int:
        return round(units * self.unit)

    @property
    def gap(self) -> int:
        return max(6, self.px(1))

    @property
    def touch(self) -> int:
        """Height of a button."""
        return max(MIN_TOUCH, self.px(5))

    @property
    def bar(self) -> int:
        """Height of the top bar."""
        return max(MIN_TOUCH + 8, self.px(6.2))

    def text(self, size: str) -> int:
        """Pixel size of a text style: small, body, heading, title or huge."""
        units = {"small": 2.3, "body": 2.8, "heading": 3.6, "title": 5.0, "huge": 9.0}[size]
        floor = {"small": 18, "body": MIN_TEXT}.get(size, MIN_TEXT + 4)
        return max(floor, self.px(units))

    def content(self) -> pygame.Rect:
        """The area below the top bar, inside the margins."""
        top = self.bar + self.gap
        return pygame.Rect(self.gap, top, self.width - 2 * self.gap, self.height - top - self.gap)


def columns(area: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """``count`` equal columns side by side."""
    width = (area.width - gap * (count - 1)) // count
    return [
        pygame.Rect(area.x + i * (width + gap), area.y, width, area.height) for i in range(count)
    ]


def rows(area: pygame.Rect, count: int, gap: int, height: int | None = None) -> list[pygame.Rect]:
    """``count`` rows stacked down, each ``height`` tall (or an equal share)."""
    each = height or (area.height - gap * (count - 1)) // count
    return [pygame.Rect(area.x, area.y + i * (each + gap), area.width, each) for i in range(count)]


def fit_window(wanted: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window size to open: ``wanted``, but never wider or taller than the ``desktop``
    it opens on (an 800x480 panel shows a whole 800x480 window, not a cut 1024x600 one)."""
    if desktop is None or min(desktop) <= 0:
        return wanted
    return (min(wanted[0], desktop[0]), min(wanted[1], desktop[1]))
