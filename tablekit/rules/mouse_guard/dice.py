"""The Mouse Guard die: a d6 read as snakes, swords and axes.

1-3 show a snake (a failure), 4-5 a sword and 6 an axe (both successes).
Axes matter on their own too: a Fate point spent after the roll explodes them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum


class Face(StrEnum):
    """One face of a Mouse Guard die; the names are shared with the camera."""

    SNAKE = "snake"
    SWORD = "sword"
    AXE = "axe"


MAX_DICE = 30
"""The most dice one pool (or the GM's side, or a tiebreaker) may roll: more would
never be rolled at a table, and counting chances for them would stall the screen."""

MAX_OB = 30
"""The highest obstacle a test may set."""

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


def read_face(value: str | int) -> Face:
    """A face given by name ("axe") or by pips (6 or "6"), as a camera or a tap gives it.

    A bool is refused: ``True`` is an int to Python, but no die shows it.
    """
    if isinstance(value, bool):
        raise ValueError(f"a Mouse Guard die shows snake, sword or axe, not {value!r}")
    if isinstance(value, int) or (value.isascii() and value.isdigit()):
        return face_of(int(value))
    try:
        return Face(value.lower())
    except ValueError:
        raise ValueError(f"a Mouse Guard die shows snake, sword or axe, not {value!r}") from None


def roll(count: int, rng: random.Random) -> tuple[Face, ...]:
    """``count`` dice rolled with ``rng``."""
    return tuple(face_of(rng.randint(1, 6)) for _ in range(count))


def axes(faces: Sequence[str]) -> int:
    """The axes in a roll: the dice a Fate point explodes."""
    return sum(face == Face.AXE for face in faces)


def explode(count: int, rng: random.Random) -> tuple[Face, ...]:
    """The new dice ``count`` axes explode into, in order; every new axe rolls once more."""
    faces: list[Face] = []
    waiting = count
    while waiting:
        face = face_of(rng.randint(1, 6))
        faces.append(face)
        waiting += (face == Face.AXE) - 1
    return tuple(faces)


def explosion_needs(axes_before: int, faces: Sequence[str]) -> int:
    """How many dice an explosion of ``axes_before`` axes rolls, given its faces so far.

    Every die in the explosion uses up one waiting axe and every new axe adds one;
    the explosion is complete when no axe waits.
    """
    return axes_before + axes(faces)
