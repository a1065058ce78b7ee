"""Playing cards drawn from shapes: a rank, a suit and what the card means in this task.

Suits are drawn as shapes (the shipped fonts have no suit signs). A bad card
is never told by colour alone: it gets a thick striped frame, a cross and
the word "Bad" (or "Cancelled" once an ace or a fate chip took its effect
away); a success gets a tick and the word "Success".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from tablekit.rules.cards import Card, rank_name
from tablekit.ui import theme, widgets

Colour = tuple[int, int, int]
Tr = Callable[[str], str]

RED = theme.WAX
BLACK = theme.INK


@dataclass(frozen=True)
class Shown:
    """A card as the screen shows it: its code and what it means in this task."""

    code: str
    bad: bool = False
    cancelled: bool = False
    success: bool = False


def suit(surface: pygame.Surface, rect: pygame.Rect, name: str, ink: Colour) -> None:
    """The suit ``name`` (C, D, H or S) as a shape filling the square ``rect``."""
    x, y, w, h = rect.x, rect.y, rect.width, rect.height
    r = w * 0.26
    if name == "D":
        pygame.draw.polygon(
            surface,
            ink,
            [
                (x + w / 2, y),
                (x + w * 0.9, y + h / 2),
                (x + w / 2, y + h),
                (x + w * 0.1, y + h / 2),
            ],  # fmt: skip
        )
    elif name in ("H", "S"):
        flip = name == "S"
        top = y + h * 0.62 if flip else y + h * 0.35
        point = y + h * 0.02 if flip else y + h * 0.98
        for cx in (x + w * 0.3, x + w * 0.7):
            pygame.draw.circle(surface, ink, (cx, top), r)
        pygame.draw.polygon(
            surface,
            ink,
            [
                (x + w * 0.06, top + (-r * 0.2 if flip else r * 0.2)),
                (x + w * 0.94, top + (-r * 0.2 if flip else r * 0.2)),
                (x + w / 2, point),
            ],  # fmt: skip
        )
        if flip:
            _stem(surface, rect, ink)
    else:
        for cx, cy in ((0.5, 0.28), (0.26, 0.58), (0.74, 0.58)):
            pygame.draw.circle(surface, ink, (x + w * cx, y + h * cy), r * 0.92)
        _stem(surface, rect, ink)


def _stem(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    x, y, w, h = rect.x, rect.y, rect.width, rect.height
    pygame.draw.polygon(
        surface,
        ink,
        [
            (x + w * 0.44, y + h * 0.6),
            (x + w * 0.56, y + h * 0.6),
            (x + w * 0.68, y + h),
            (x + w * 0.32, y + h),
        ],  # fmt: skip
    )


def card(surface: pygame.Surface, rect: pygame.Rect, shown: Shown, size: int, tr: Tr) -> None:
    """One face-up card: its rank at ``size`` px, its suit, and its meaning in words."""
    face = Card.parse(shown.code)
    ink = RED if face.colour == "red" else BLACK
    widgets.panel(surface, rect, theme.CREAM, theme.EDGE, 3)
    if shown.bad and not shown.cancelled:
        _bad_frame(surface, rect)
    label = tr("Joker") if face.joker else rank_name(face.value)
    top = pygame.Rect(rect.x + 12, rect.y + 12, rect.width - 24, size + 4)
    widgets.text(surface, label, top, size, ink, "black")
    side = min(rect.width * 3 // 5, rect.height - 3 * size - 16)
    middle = pygame.Rect(0, 0, side, side)
    middle.midtop = (rect.centerx, top.bottom + 4)
    if face.joker:
        _joker(surface, middle, ink)
    else:
        suit(surface, middle, face.suit, ink)
    word = pygame.Rect(rect.x + 10, rect.bottom - size - 14, rect.width - 20, size + 4)
    if shown.bad:
        _cross(surface, middle, theme.WAX if not shown.cancelled else theme.DISABLED)
        text = tr("Cancelled") if shown.cancelled else tr("Bad")
        widgets.text(surface, text.upper(), word, size, theme.WAX, "black")
    elif shown.success:
        room = widgets.tick(surface, word, theme.MOSS)
        widgets.text(surface, tr("Success"), room, size * 3 // 4, theme.MOSS, "black", "left")


def _bad_frame(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A thick frame of diagonal stripes: bad at a glance, in any light and to any eye."""
    frame = rect.inflate(-4, -4)
    stripes = pygame.Surface(frame.size, pygame.SRCALPHA)
    step = 14
    for offset in range(-frame.height, frame.width, step):
        pygame.draw.line(stripes, theme.WAX, (offset, frame.height), (offset + frame.height, 0), 5)
    inner = pygame.Rect(10, 10, frame.width - 20, frame.height - 20)
    pygame.draw.rect(stripes, (0, 0, 0, 0), inner)
    surface.blit(stripes, frame)
    pygame.draw.rect(surface, theme.WAX, rect, width=4, border_radius=8)


def _cross(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    width = max(4, rect.width // 10)
    pygame.draw.line(surface, ink, rect.topleft, rect.bottomright, width)
    pygame.draw.line(surface, ink, rect.topright, rect.bottomleft, width)


def _joker(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    """A jester's three-pointed cap."""
    x, y, w, h = rect.x, rect.y, rect.width, rect.height
    band = y + h * 0.78
    points = [(x, band), (x + w * 0.12, y + h * 0.15), (x + w * 0.35, y + h * 0.55),
              (x + w / 2, y), (x + w * 0.65, y + h * 0.55), (x + w * 0.88, y + h * 0.15),
              (x + w, band)]  # fmt: skip
    pygame.draw.polygon(surface, ink, points)
    for bx, by in ((0.12, 0.15), (0.5, 0.0), (0.88, 0.15)):
        pygame.draw.circle(surface, theme.CHEESE, (x + w * bx, y + h * by), w * 0.08)
    pygame.draw.rect(surface, ink, pygame.Rect(x, band, w, h * 0.16))


def back(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A card face down: the deck's back, which shows nothing of the card."""
    widgets.panel(surface, rect, theme.WAX, theme.CREAM, 3)
    inner = rect.inflate(-rect.width // 4, -rect.height // 4)
    pygame.draw.rect(surface, theme.CHEESE, inner, width=3, border_radius=6)
