"""Colours and type: autumn woods, parchment, wax and cheese.

Meaning is never carried by colour alone: sides and states also get a
shape or a label. The side colours come from the Okabe-Ito set, which
colour-blind players can tell apart.
"""

from __future__ import annotations

import pygame

from tablekit.assets import shipped
from tablekit.ui.memo import MIB, bounded

FONTS = shipped("fonts")

WOOD = (46, 31, 20)
WOOD_LIGHT = (74, 52, 34)
PARCHMENT = (239, 226, 196)
PARCHMENT_DARK = (214, 195, 156)
EDGE = (138, 106, 67)
INK = (43, 27, 14)
INK_SOFT = (96, 74, 52)
CREAM = (246, 235, 211)
CHEESE = (242, 182, 50)
WAX = (158, 43, 37)
MOSS = (86, 112, 60)
DISABLED = (150, 138, 118)

# Okabe-Ito: safe for every common colour-vision deficiency.
ORANGE = (230, 159, 0)
SKY = (86, 180, 233)
GREEN = (0, 158, 115)
YELLOW = (240, 228, 66)
BLUE = (0, 114, 178)
VERMILLION = (213, 94, 0)
PURPLE = (204, 121, 167)

FACES = {
    "title": "Vollkorn-Bold.ttf",
    "bold": "Lato-Bold.ttf",
    "regular": "Lato-Regular.ttf",
    "black": "Lato-Black.ttf",
}


FONT_BYTES = 320 * 1024
"""What one loaded font takes, measured (its face and its glyphs): 300 KiB."""


@bounded(24 * MIB, lambda font: FONT_BYTES)
def font(face: str, size: int) -> pygame.font.Font:
    """The shipped font ``face`` at ``size`` pixels, loaded once (about 75 kept at most)."""
    return pygame.font.Font(FONTS / FACES[face], max(8, size))
