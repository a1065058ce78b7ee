"""Where a turn's cards lie: as large as the room allows, their ranks never under 28 px.

The Mouse Card screen shows a turn's cards face up, in rows. Each card keeps
its 5:7 shape (or goes squatter), and its rank and verdict stay at
:func:`card_size` however many cards there are: when the verdicts' words do
not fit on the cards, the cards are widened if the row has room, and else the
words move to a key below them.
"""

from __future__ import annotations

import pygame

from tablekit.ui import theme
from tablekit.ui.cards.faces import VERDICTS, Shown, Tr, card, key, least_size, worded
from tablekit.ui.layout import Layout

KEY = 28
"""At 800x480 the cards' ranks and verdicts are read across the table: never under this."""


def card_size(layout: Layout) -> int:
    """The px of a card's rank and verdict: the body's size, and never under :data:`KEY`."""
    return max(KEY, layout.text("body"))


def least_height(shown: list[Shown], width: int, layout: Layout, tr: Tr) -> int:
    """How tall ``shown`` stand at their least, in rows ``width`` wide, with their key."""
    size = card_size(layout)
    wide, tall = least_size(shown, size, tr)
    across = max(1, (width + layout.gap) // (wide + layout.gap))
    down = -(-len(shown) // across)
    verdicts = _verdicts(shown)
    keyed = key(None, pygame.Rect(0, 0, width, 0), 0, verdicts, size, tr, theme.CREAM)
    return down * tall + (down - 1) * layout.gap + (keyed if verdicts else 0) + layout.gap


def lay_out(surface: pygame.Surface, area: pygame.Rect, shown: list[Shown], layout: Layout,
            tr: Tr) -> int:  # fmt: skip
    """Draw ``shown`` in rows in ``area``, each card as large as the room allows; the
    verdicts' words on the cards if they fit, else in a key below them. Return the y below
    it all."""
    size = card_size(layout)
    verdicts = _verdicts(shown)
    key_height = key(None, area, 0, verdicts, size, tr, theme.CREAM)
    places = _widened(area, _grid(area, shown, size, layout.gap, tr), shown, size, layout.gap, tr)
    words = worded(shown, places[0].width, size, tr)
    if verdicts and not words:
        short = pygame.Rect(area.x, area.y, area.width, area.height - key_height)
        places = _grid(short, shown, size, layout.gap, tr)
        words = worded(shown, places[0].width, size, tr)
    for rect, face in zip(places, shown, strict=True):
        card(surface, rect, face, size, tr, words)
    y = max(rect.bottom for rect in places) + layout.gap // 2
    if verdicts and not words:
        y = key(surface, area, y, verdicts, size, tr, theme.CREAM)
    return y


def _verdicts(shown: list[Shown]) -> list[str]:
    """The verdicts among ``shown``, in the key's order."""
    return [v for v in VERDICTS if any(s.verdict == v for s in shown)]


def _widened(area: pygame.Rect, places: list[pygame.Rect], shown: list[Shown], size: int,
             gap: int, tr: Tr) -> list[pygame.Rect]:  # fmt: skip
    """The cards made wider, if the row has the room, so their verdicts' words fit on them."""
    across = len({rect.x for rect in places})
    wide = places[0].width
    room = area.width + gap
    while not worded(shown, wide, size, tr) and across * (wide + 2 + gap) <= room:
        wide += 2
    if not worded(shown, wide, size, tr):
        return places
    return [
        pygame.Rect(area.x + (i % across) * (wide + gap), rect.y, wide, rect.height)
        for i, rect in enumerate(places)
    ]


def _grid(area: pygame.Rect, shown: list[Shown], size: int, gap: int,
          tr: Tr) -> list[pygame.Rect]:  # fmt: skip
    """Where each card goes: the count of columns that gives the largest cards."""
    least_w, least_h = least_size(shown, size, tr)
    count = len(shown)
    best: tuple[int, int, int] = (0, count, 1)
    for across in range(1, count + 1):
        down = -(-count // across)
        width = (area.width - (across - 1) * gap) // across
        height = (area.height - (down - 1) * gap) // down
        wide = min(width, max(least_w, height * 5 // 7))
        tall = min(height, wide * 7 // 5)
        if wide >= least_w and tall >= least_h and wide * tall > best[0]:
            best = (wide * tall, across, down)
    _, across, down = best
    wide = max(least_w, min((area.width - (across - 1) * gap) // across,
                            (area.height - (down - 1) * gap) // down * 5 // 7))  # fmt: skip
    tall = max(least_h, min((area.height - (down - 1) * gap) // down, wide * 7 // 5))
    return [
        pygame.Rect(area.x + (i % across) * (wide + gap), area.y + (i // across) * (tall + gap),
                    wide, tall)  # fmt: skip
        for i in range(count)
    ]
