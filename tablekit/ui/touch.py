"""One tap per touch, whatever the input: finger, mouse or a rotated panel.

SDL reports a finger touch twice, once as a finger event and once as a
synthesised mouse event flagged ``touch``; only the finger event counts.
Under KMSDRM nothing rotates the touch for us, so positions are turned back
into the app's own (logical) coordinates here.
"""

from __future__ import annotations

import pygame

TAP = pygame.event.custom_type()
"""A tap at ``event.pos`` in logical coordinates."""


def tap_position(
    event: pygame.event.Event, screen: tuple[int, int], rotate: int
) -> tuple[int, int] | None:
    """Where ``event`` taps the logical canvas, or None if it is not a tap."""
    if event.type == pygame.MOUSEBUTTONDOWN:
        if getattr(event, "touch", False) or event.button != 1:
            return None
        x, y = event.pos
    elif event.type == pygame.FINGERDOWN:
        x, y = round(event.x * screen[0]), round(event.y * screen[1])
    else:
        return None
    return unrotate((x, y), screen, rotate)


def unrotate(pos: tuple[int, int], screen: tuple[int, int], rotate: int) -> tuple[int, int]:
    """Map a point on the physical screen to the canvas turned by ``rotate`` degrees."""
    x, y = pos
    width, height = screen
    if rotate == 90:
        return (height - 1 - y, x)
    if rotate == 180:
        return (width - 1 - x, height - 1 - y)
    if rotate == 270:
        return (y, width - 1 - x)
    return (x, y)


def logical_size(screen: tuple[int, int], rotate: int) -> tuple[int, int]:
    """The canvas size for a physical ``screen`` turned by ``rotate`` degrees."""
    return (screen[1], screen[0]) if rotate in (90, 270) else screen
