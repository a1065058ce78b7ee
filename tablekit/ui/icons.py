"""Vector icons drawn from shapes for this project: dice symbols and markers.

Each icon is drawn into a square ``rect`` in one ink colour, thick enough to
read from across the table. No scanned or copied game art.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from tablekit.ui import theme, widgets

Colour = tuple[int, int, int]
Point = tuple[float, float]


def _at(rect: pygame.Rect, x: float, y: float) -> Point:
    """A point given in 0..1 of ``rect``."""
    return (rect.x + x * rect.width, rect.y + y * rect.height)


def _poly(rect: pygame.Rect, points: list[Point]) -> list[Point]:
    return [_at(rect, x, y) for x, y in points]


def sword(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    """A blade pointing up, a cross-guard and a grip."""
    blade = [(0.44, 0.62), (0.44, 0.16), (0.5, 0.04), (0.56, 0.16), (0.56, 0.62)]
    pygame.draw.polygon(surface, ink, _poly(rect, blade))
    pygame.draw.polygon(
        surface, ink, _poly(rect, [(0.26, 0.62), (0.74, 0.62), (0.74, 0.7), (0.26, 0.7)])
    )
    pygame.draw.polygon(
        surface, ink, _poly(rect, [(0.46, 0.7), (0.54, 0.7), (0.54, 0.88), (0.46, 0.88)])
    )
    pygame.draw.circle(surface, ink, _at(rect, 0.5, 0.92), rect.width * 0.06)


def shield(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    """A heater shield with a bright boss, so it reads apart from a plain blob."""
    outline = [(0.2, 0.14), (0.8, 0.14), (0.8, 0.5), (0.5, 0.92), (0.2, 0.5)]
    pygame.draw.polygon(surface, ink, _poly(rect, outline))
    inner = [(0.3, 0.24), (0.7, 0.24), (0.7, 0.48), (0.5, 0.78), (0.3, 0.48)]
    pygame.draw.polygon(surface, theme.PARCHMENT, _poly(rect, inner), max(2, rect.width // 24))


def sword_shield(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    """A shield with a sword behind it, hilt showing below."""
    sword(surface, rect, ink)
    shield(
        surface, rect.inflate(-rect.width // 5, -rect.height // 5).move(0, -rect.height // 12), ink
    )


def bow(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    """A drawn bow with its string and an arrow."""
    width = max(3, rect.width // 12)
    arc = pygame.Rect(0, 0, int(rect.width * 0.7), int(rect.height * 0.84))
    arc.midright = (rect.x + int(rect.width * 0.82), rect.centery)
    pygame.draw.arc(surface, ink, arc, -math.pi / 2, math.pi / 2, width)
    top, bottom = (arc.centerx, arc.top), (arc.centerx, arc.bottom)
    pygame.draw.line(surface, ink, top, bottom, max(2, width // 2))
    y = rect.centery
    pygame.draw.line(surface, ink, _at(rect, 0.1, 0.5), (arc.right, y), max(2, width // 2))
    head = [
        (rect.right - rect.width * 0.04, y),
        (arc.right - 2, y - width * 1.6),
        (arc.right - 2, y + width * 1.6),
    ]
    pygame.draw.polygon(surface, ink, head)


def star(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    """A five-pointed star."""
    cx, cy = rect.center
    outer, inner = rect.width * 0.46, rect.width * 0.19
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    pygame.draw.polygon(surface, ink, points)


def cheese(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    """A wedge of cheese with holes."""
    wedge = [(0.08, 0.78), (0.92, 0.78), (0.92, 0.42), (0.3, 0.22)]
    pygame.draw.polygon(surface, theme.CHEESE, _poly(rect, wedge))
    pygame.draw.polygon(surface, ink, _poly(rect, wedge), max(2, rect.width // 20))
    for x, y, r in ((0.45, 0.55, 0.07), (0.72, 0.62, 0.06), (0.68, 0.45, 0.04)):
        pygame.draw.circle(surface, ink, _at(rect, x, y), rect.width * r)


def _with_star(draw: Callable[[pygame.Surface, pygame.Rect, Colour], None]) -> Callable[..., None]:
    """A symbol with a small star in its top-right corner."""

    def both(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
        draw(
            surface,
            rect.inflate(-rect.width // 6, -rect.height // 6).move(
                -rect.width // 12, rect.height // 12
            ),
            ink,
        )
        corner = pygame.Rect(0, 0, rect.width * 0.42, rect.height * 0.42)
        corner.topright = rect.topright
        star(surface, corner, theme.VERMILLION)

    return both


ACTION_FACES: dict[str, Callable[[pygame.Surface, pygame.Rect, Colour], None]] = {
    "cheese": cheese,
    "sword_star": _with_star(sword),
    "sword_shield": sword_shield,
    "bow": bow,
    "bow_star": _with_star(bow),
    "sword_shield_star": _with_star(sword_shield),
}
"""How each Mice and Mystics action-die face is drawn."""


def action_die(surface: pygame.Surface, rect: pygame.Rect, face: str, number: int) -> None:
    """A die: parchment square, the face's symbol, and its movement number when it can be
    read (a small die in the tray leaves the number to the words beside it)."""
    radius = rect.width // 6
    pygame.draw.rect(surface, theme.CREAM, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.INK, rect, width=max(2, rect.width // 25), border_radius=radius)
    symbol = rect.inflate(-rect.width // 4, -rect.height // 4).move(0, -rect.height // 14)
    ACTION_FACES[face](surface, symbol, theme.INK)
    corner = pygame.Rect(
        rect.x + rect.width // 12, rect.bottom - rect.height // 3, rect.width // 4, rect.height // 3
    )
    if rect.height // 4 >= widgets.LEAST:
        widgets.text(surface, str(number), corner, rect.height // 4, theme.BLUE, "black")


def snake(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    """A snake in an S, with a head and a forked tongue: the failure face."""
    width = max(3, rect.width // 9)
    body = [
        _at(rect, 0.5 + 0.26 * math.sin(t / 10 * 2 * math.pi), 0.82 - t * 0.06) for t in range(11)
    ]
    pygame.draw.lines(surface, ink, False, body, width)
    head = body[-1]
    pygame.draw.circle(surface, ink, head, width * 0.9)
    tongue = [(head[0], head[1] - width), (head[0] - width * 0.6, head[1] - width * 2)]
    pygame.draw.lines(surface, theme.VERMILLION, False, tongue, max(2, width // 3))


def axe(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    """A haft with a broad curved blade: the face that explodes."""
    pygame.draw.polygon(
        surface, ink, _poly(rect, [(0.46, 0.12), (0.54, 0.12), (0.54, 0.92), (0.46, 0.92)])
    )
    blade = [(0.54, 0.16), (0.84, 0.06), (0.9, 0.3), (0.84, 0.54), (0.54, 0.44)]
    pygame.draw.polygon(surface, ink, _poly(rect, blade))


GUARD_FACES: dict[str, Callable[[pygame.Surface, pygame.Rect, Colour], None]] = {
    "snake": snake,
    "sword": sword,
    "axe": axe,
}
"""How each Mouse Guard face is drawn; successes in ink, the snake in a muted tone."""


def guard_die(surface: pygame.Surface, rect: pygame.Rect, face: str) -> None:
    """A Mouse Guard die: a parchment square with its face, snakes dimmed so successes stand out."""
    radius = rect.width // 6
    fill = theme.PARCHMENT_DARK if face == "snake" else theme.CREAM
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.INK, rect, width=max(2, rect.width // 25), border_radius=radius)
    ink = theme.INK_SOFT if face == "snake" else theme.INK
    GUARD_FACES[face](surface, rect.inflate(-rect.width // 5, -rect.height // 5), ink)
