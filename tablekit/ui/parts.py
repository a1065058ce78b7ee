"""A scene painted in parts, so that a frame repaints only the parts whose inputs changed.

A press changes one count on a screen of forty things; painting them all again
costs more than the press itself. A scene that adopts this module describes its
frame as a background and a list of :class:`Part`: where each paints (``rect``),
everything its painting reads (``key``, compared with ``==``) and how it paints.
:class:`Parts` remembers the last frame's parts; the next frame repaints, clipped
to each rect that changed, the background and every part over it, in order, and
says which rects it painted, so the display is sent those without a diff.

The result is the whole frame, pixel for pixel, as long as each part paints
inside its ``rect`` and its ``key`` holds all it reads (tests compare the
frames). A surface something else painted over (a notice, the keyboard's
focus) is no longer the last frame: :meth:`Parts.forget` repaints it whole.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from tablekit.ui import widgets
from tablekit.ui.widgets import Button

Paint = Callable[[pygame.Surface], object]
"""Paints onto the surface it is given; anything it returns is ignored."""

Shown = dict[str, tuple[tuple[int, ...], object]]
"""Each part of a frame by name: where it painted and its key."""


@dataclass(frozen=True)
class Part:
    """One part of a frame: ``name`` follows it from frame to frame; it paints only
    inside ``rect``, and only what ``key`` holds decides how."""

    name: str
    rect: pygame.Rect
    key: object
    paint: Paint


def look(button: Button) -> tuple[object, ...]:
    """Everything that decides how ``button`` looks (all but what it does): a part's key."""
    shown: list[object] = [type(button).__name__]
    for field in dataclasses.fields(button):
        value = getattr(button, field.name)
        if field.name != "action":
            shown.append(tuple(value) if isinstance(value, pygame.Rect) else value)
    return tuple(shown)


def button_parts(prefix: str, buttons: Sequence[Button], size: int) -> list[Part]:
    """Each of ``buttons`` as a part of its own, drawn at ``size``."""
    return [
        Part(f"{prefix}{number}", button.rect.copy(), (look(button), size), _drawer(button, size))
        for number, button in enumerate(buttons)
    ]


def _drawer(button: Button, size: int) -> Paint:
    return lambda surface: button.draw(surface, size)


def paint_all(surface: pygame.Surface, background: Paint, parts: Sequence[Part]) -> None:
    """The whole frame: the background, then every part in order."""
    background(surface)
    for part in parts:
        part.paint(surface)


class Parts:
    """The parts last painted onto one surface; paints the next frame where it differs."""

    def __init__(self) -> None:
        self._shown: Shown | None = None
        self._size: tuple[int, int] | None = None

    def forget(self) -> None:
        """The surface no longer holds the last frame: paint the next one whole."""
        self._shown = None

    def paint(
        self, surface: pygame.Surface, background: Paint, parts: Sequence[Part]
    ) -> list[pygame.Rect] | None:
        """Paint onto ``surface`` (holding the last frame painted here) what changed; return
        the rects painted, or None if the whole frame was painted: the first, one of a new
        size, and one painted while the ledger of drawn text records (a layout test reads
        every line on screen)."""
        shown: Shown = {part.name: (tuple(part.rect), part.key) for part in parts}
        last, self._shown = self._shown, shown
        size, self._size = self._size, surface.get_size()
        if last is None or size != self._size or widgets.LEDGER is not None:
            paint_all(surface, background, parts)
            return None
        bounds = surface.get_rect()
        changed = [rect.clip(bounds) for rect in _changed(last, shown) if rect.colliderect(bounds)]
        for rect in changed:
            surface.set_clip(rect)
            try:
                paint_all(surface, background, [p for p in parts if p.rect.colliderect(rect)])
            finally:
                surface.set_clip(None)
        return changed


def _changed(last: Shown, shown: Shown) -> list[pygame.Rect]:
    """The rects of parts that came, went, moved or show something else; none twice, and
    none inside another."""
    found: list[pygame.Rect] = []
    for name in last.keys() | shown.keys():
        was, now = last.get(name), shown.get(name)
        if was != now:
            found += [pygame.Rect(one[0]) for one in (was, now) if one is not None]
    kept: list[pygame.Rect] = []
    for rect in sorted(found, key=lambda r: -r.width * r.height):
        if not any(big.contains(rect) for big in kept):
            kept.append(rect)
    return kept
