"""The notice line: one sentence for the table, where no button is, gone by itself or a tap.

A refusal, a pad that went away, damage set aside: each is said here for a few
seconds. It is placed in the lowest band below the top bar that covers no button,
so it never hides what the table may want to tap while reading it.
"""

from __future__ import annotations

import pygame

from tablekit.ui import theme, widgets
from tablekit.ui.layout import Layout
from tablekit.ui.widgets import Button

NOTICE_SECONDS = 4.0
"""How long a short notice stays; a longer one stays a little longer per word (see show)."""


class Notice:
    """The sentence shown now ("" for none) and the seconds it has left."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0
        """Seconds until the notice goes away by itself."""

    def show(self, text: str) -> None:
        """Show ``text`` for :data:`NOTICE_SECONDS`, and a quarter second more for every word
        past the tenth, so a long refusal can be read to the end."""
        self.text = text
        self.left = NOTICE_SECONDS + 0.25 * max(0, len(text.split()) - 10)

    def expire(self, dt: float) -> bool:
        """Count ``dt`` seconds down; return whether the notice went just now."""
        if not self.text:
            return False
        self.left -= dt
        if self.left > 0:
            return False
        self.text = ""
        return True

    def draw(self, canvas: pygame.Surface, layout: Layout, buttons: list[Button]) -> None:
        """Paint the notice in its band (see :meth:`rect`)."""
        rect = self.rect(layout, buttons)
        pygame.draw.rect(canvas, theme.WAX, rect, border_radius=8)
        pygame.draw.rect(canvas, theme.CREAM, rect, width=3, border_radius=8)
        inner = rect.inflate(-2 * layout.gap, -layout.gap)
        widgets.wrapped(canvas, self.text, inner, layout.text("body"), theme.CREAM, "bold")

    def rect(self, layout: Layout, buttons: list[Button]) -> pygame.Rect:
        """Where the notice goes: the lowest band below the top bar that covers no button.

        A band across the whole width or over a stretch between buttons (e.g.
        over the track), clear of every button, else of every enabled one.
        Where no band is tall enough (a form filling the screen) it takes one
        button's height and its type shrinks; only if even that meets a button
        is it put at the bottom.
        """
        enabled = [b.rect for b in buttons if b.enabled]
        for avoid, most in (
            ([b.rect for b in buttons], layout.height),
            (enabled, layout.height),
            (enabled, layout.touch),
        ):
            found = self._free_band(layout, avoid, most)
            if found is not None:
                return found
        height = self._height(layout, layout.width)
        return pygame.Rect(0, layout.height - height, layout.width, height)

    def _height(self, layout: Layout, width: int) -> int:
        """The height the notice needs at ``width``: its lines of body text, or a button's."""
        font = theme.font("bold", layout.text("body"))
        lines = widgets.lines_of(self.text, font, width - 2 * layout.gap)
        return max(layout.touch, len(lines) * font.get_linesize() + layout.gap)

    def _free_band(self, layout: Layout, taken: list[pygame.Rect], most: int) -> pygame.Rect | None:
        """The band that meets no ``taken`` and reaches least far up, the widest of those.

        Bands end at the bottom of the screen or just above a button, and span
        the whole width or a stretch at least a third of it between buttons; they
        are no taller than ``most``.
        """
        best: pygame.Rect | None = None
        for bottom in {layout.height} | {r.top for r in taken}:
            for x, width in _spans(layout, taken, bottom):
                height = min(most, self._height(layout, width))
                band = pygame.Rect(x, bottom - height, width, height)
                if band.top < layout.bar or band.collidelist(taken) != -1:
                    continue
                if best is None or (band.top, band.width) > (best.top, best.width):
                    best = band
        return best


def _spans(layout: Layout, taken: list[pygame.Rect], bottom: int) -> list[tuple[int, int]]:
    """(x, width): the whole width, then each stretch free of ``taken`` above ``bottom``."""
    near = sorted(
        (r for r in taken if r.top < bottom and r.bottom > bottom - 2 * layout.touch),
        key=lambda r: r.left,
    )
    spans, x = [(0, layout.width)], 0
    for rect in near:
        if rect.left - x >= layout.width // 3:
            spans.append((x, rect.left - x))
        x = max(x, rect.right)
    if near and layout.width - x >= layout.width // 3:
        spans.append((x, layout.width - x))
    return spans
