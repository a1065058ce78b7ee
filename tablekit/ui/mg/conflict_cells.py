"""Where a conflict's buttons sit: each side's own cells below its half, and a middle row.

Every button of the conflict has a home cell for the whole conflict, so nothing moves
under a finger as the rolls come in. Each side has four cells below its half of the
screen (lying down two by two, the GM's on the left and the patrol's mirrored on the
right; upright four down a column):

* ``a``, at the outer edge: what opens a form or the side's scripting (Dice pool…,
  Wise or trait…, Disposition…, GM scripts, Margin…);
* ``b``, beside it: the side's Roll;
* ``c`` and ``d``, below: Fate on axes and Keep the roll.

A tap on Roll, Fate or Keep can end an action, so what comes next (Reveal, Break the
tie…) lies in the middle row above the cells, where no action button ever is, and
the scripting that follows a volley opens from ``a``. See
:mod:`~tablekit.ui.mg.conflict_controls`.
"""

from __future__ import annotations

from typing import Literal

import pygame

from tablekit.ui.layout import Layout, columns, rows

Cell = Literal["a", "b", "c", "d"]
Side = Literal["gm", "patrol"]

MIDDLE = 3
"""Cells in the middle row: New team… on the left, Reveal or Break the tie… in the centre,
Weapons… on the right."""


def cells(layout: Layout, area: pygame.Rect) -> dict[tuple[Side, Cell], pygame.Rect]:
    """Each side's four cells at the bottom of ``area``."""
    if layout.portrait:
        height = 4 * layout.touch + 3 * layout.gap
        block = pygame.Rect(area.x, area.bottom - height, area.width, height)
        gm, patrol = columns(block, 2, layout.gap)
        found: dict[tuple[Side, Cell], pygame.Rect] = {}
        for side, half in (("gm", gm), ("patrol", patrol)):
            for cell, rect in zip("abcd", rows(half, 4, layout.gap, layout.touch), strict=True):
                found[(side, cell)] = rect  # type: ignore[index]
        return found
    lower = pygame.Rect(area.x, area.bottom - layout.touch, area.width, layout.touch)
    upper = lower.move(0, -(layout.touch + layout.gap))
    one, two, three, four = columns(upper, 4, layout.gap)
    five, six, seven, eight = columns(lower, 4, layout.gap)
    return {
        ("gm", "a"): one,
        ("gm", "b"): two,
        ("patrol", "b"): three,
        ("patrol", "a"): four,
        ("gm", "c"): five,
        ("gm", "d"): six,
        ("patrol", "d"): seven,
        ("patrol", "c"): eight,
    }


def top(layout: Layout, area: pygame.Rect) -> int:
    """Where the sides' cells begin."""
    return min(rect.top for rect in cells(layout, area).values())


def middle(layout: Layout, area: pygame.Rect) -> list[pygame.Rect]:
    """The middle row's cells, just above the sides' cells."""
    bottom = top(layout, area) - layout.gap
    row = pygame.Rect(area.x, bottom - layout.touch, area.width, layout.touch)
    return columns(row, MIDDLE, layout.gap)
