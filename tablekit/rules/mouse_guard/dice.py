"""The Mouse Guard die: a d6 read as snakes, swords and axes.

1-3 show a snake (a failure), 4-5 a sword and 6 an axe (both successes).
Axes matter on their own too: a Fate point spent after the roll explodes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum


class Face(StrEnum):
    """One face of a Mouse Guard die; the names are shared with the camera."""

    SNAKE = "snake"
    SWORD = "sword"
    AXE = "axe"


SUCCESSES = frozenset({Face.SWORD, Face.AXE})
"""The faces that count toward an obstacle."""


def face_of(pips: int) -> Face:
    """The face a d6 showing ``pips`` reads as (the summary's step 6)."""
    if not 1 <= pips <= 6:
        raise ValueError(f"a d6 shows 1 to 6 pips, not {pips}")
    if pips <= 3:
        return Face.SNAKE
    return Face.AXE if pips == 6 else Face.SWORD


def successes(faces: Sequence[str]) -> int:
    """Swords and axes: the successes in a roll."""
    return sum(face in SUCCESSES for face in faces)
