"""Where each part of the Mice and Mystics screen lies: the track, the side, the tray, and
the cheese wheel and hourglass at the top of the side.

Pure geometry from the screen's :class:`~tablekit.ui.layout.Layout`, so that the scene's
drawing, its taps and its tests all find a part in the same place.
"""

from __future__ import annotations

import pygame

from tablekit.ui import chrome, theme
from tablekit.ui.layout import Layout, rows
from tablekit.ui.mm import board


def tray(layout: Layout, asking: bool = False) -> pygame.Rect:
    """The roll in view and what the last change did: a strip across the bottom of the
    screen, two lines of result words tall; while a question is asked (on a landscape
    screen) under the track only, the question keeping the right side's full height."""
    area = layout.content()
    words = theme.font("bold", max(board.KEY_TEXT, layout.text("body"))).get_linesize()
    height = max(layout.touch, 2 * words + 4)
    strip = pygame.Rect(area.x, area.bottom - height, area.width, height)
    if asking and not layout.portrait:
        strip.width = area.width * 52 // 100
    return strip


def areas(layout: Layout, asking: bool = False,
          track_cards: int = 0) -> tuple[pygame.Rect, pygame.Rect]:  # fmt: skip
    """(track, right side), or (track, lower half) on a portrait screen; above the tray.

    While a question is asked the right side reaches the bottom beside the tray
    (on a portrait screen it takes more than half, the track keeping room for its
    ``track_cards``), so a question's fields fit one page beside the wheel and the
    track and the roll stay in view.
    """
    area = layout.content()
    above = pygame.Rect(area.x, area.y, area.width, tray(layout).top - layout.gap - area.y)
    if layout.portrait:
        top = chrome.title_row(layout).bottom
        below = pygame.Rect(above.x, top, above.width, above.bottom - top)
        track, side = rows(below, 2, layout.gap)
        if asking:  # a question's fields need more than half: the track only its cards'
            cards = track_cards * (layout.touch + layout.gap // 2)
            track.height = max(below.height // 3, min(below.height * 2 // 5, cards))
            side.top = track.bottom + layout.gap
            side.height = below.bottom - side.top
        return track, side
    track = pygame.Rect(above.x, above.y, above.width * 52 // 100, above.height)
    side = pygame.Rect(
        track.right + layout.gap, area.y, area.right - track.right - layout.gap, above.height
    )
    if asking:
        side.height = area.height
    return track, side


def status_height(layout: Layout, compact: bool = False) -> int:
    """The wheel and hourglass's row, with the encounter's line under it unless ``compact``."""
    return int(layout.touch * (1.4 if compact else 1.9))


def status_areas(layout: Layout, side: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """(wheel, hourglass) at the top of the right side, side by side."""
    height = status_height(layout, compact=True)
    wheel = pygame.Rect(side.x, side.y, height, height)
    hourglass = pygame.Rect(
        wheel.right + layout.gap, side.y, side.right - wheel.right - layout.gap, height
    )
    return wheel, hourglass


def actions_area(layout: Layout, side: pygame.Rect, minion_turn: bool) -> pygame.Rect:
    """The actions' room inside the right side, under the wheel; on a mouse's turn the
    card's surge is said on a line of its own across the side, under the wheel."""
    top = side.y + status_height(layout, minion_turn) + layout.gap
    return pygame.Rect(side.x, top, side.width, side.bottom - top)
