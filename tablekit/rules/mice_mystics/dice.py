"""The action die: six faces, each a symbol and a movement number.

A roll is the tuple of its faces. Tallies read a roll the way the rulebook's
battle, search and movement rules do.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum

import msgspec

from tablekit.rules.errors import RuleError


class Face(StrEnum):
    """One face of the action die; the names are shared with the camera."""

    CHEESE = "cheese"
    SWORD_STAR = "sword_star"
    SWORD_SHIELD = "sword_shield"
    BOW = "bow"
    BOW_STAR = "bow_star"
    SWORD_SHIELD_STAR = "sword_shield_star"


MOVEMENT: dict[str, int] = {
    Face.CHEESE: 1,
    Face.SWORD_STAR: 2,
    Face.SWORD_SHIELD: 3,
    Face.BOW: 2,
    Face.BOW_STAR: 1,
    Face.SWORD_SHIELD_STAR: 3,
}
"""The movement number printed on each face."""

_SWORDS = frozenset({Face.SWORD_STAR, Face.SWORD_SHIELD, Face.SWORD_SHIELD_STAR})
_BOWS = frozenset({Face.BOW, Face.BOW_STAR})
_SHIELDS = frozenset({Face.SWORD_SHIELD, Face.SWORD_SHIELD_STAR})
_STARS = frozenset({Face.SWORD_STAR, Face.BOW_STAR, Face.SWORD_SHIELD_STAR})

Roll = tuple[str, ...]
"""A roll as the names of its faces, the form events and cameras use."""


MAX_DICE = 20
"""No rule rolls more; a larger count is a typo (and would stall the table)."""


def roll(rng: random.Random, count: int) -> Roll:
    """Roll ``count`` action dice with the injected random source."""
    if count > MAX_DICE:
        raise RuleError(
            "At most {limit} dice are rolled at once; this roll asks for {count}",
            limit=MAX_DICE,
            count=count,
        )
    faces = [face.value for face in Face]
    return tuple(rng.choice(faces) for _ in range(count))


def read_faces(names: Sequence[str]) -> Roll:
    """Faces given by name (a camera reading or a test), or a RuleError."""
    try:
        return tuple(Face(name).value for name in names)
    except ValueError:
        known = ", ".join(face.value for face in Face)
        raise RuleError(
            "A die face is one of: {known}; got {faces}", known=known, faces=list(names)
        ) from None


def take_roll(rng: random.Random, count: int, faces: Sequence[str] | None) -> Roll:
    """The given faces if the table pinned them, else a fresh roll of ``count`` dice."""
    if faces is None:
        return roll(rng, count)
    if count > MAX_DICE:
        raise RuleError(
            "At most {limit} dice are rolled at once; this roll asks for {count}",
            limit=MAX_DICE,
            count=count,
        )
    pinned = read_faces(faces)
    if len(pinned) != count:
        raise RuleError(
            "Dice this roll needs: {count}; faces given: {given}", count=count, given=len(pinned)
        )
    return pinned


def melee_hits(faces: Roll) -> int:
    """Swords and sword-and-shields each hit in melee."""
    return sum(face in _SWORDS for face in faces)


def ranged_hits(faces: Roll) -> int:
    """Bows each hit at range."""
    return sum(face in _BOWS for face in faces)


def blocks(faces: Roll) -> int:
    """Each sword-and-shield blocks one hit."""
    return sum(face in _SHIELDS for face in faces)


def stars(faces: Roll) -> int:
    """Stars: the success symbol for searching, water, mousetraps and webs."""
    return sum(face in _STARS for face in faces)


def cheese(faces: Roll) -> int:
    """Cheese faces, which feed the roller's side."""
    return sum(face == Face.CHEESE for face in faces)


def movement(faces: Roll) -> int:
    """The total of the movement numbers."""
    return sum(MOVEMENT[face] for face in faces)


class Tally(msgspec.Struct, frozen=True):
    """Everything a roll can mean, for the screen."""

    melee_hits: int
    ranged_hits: int
    blocks: int
    stars: int
    cheese: int
    movement: int

    @classmethod
    def of(cls, faces: Roll) -> Tally:
        """Read every count off ``faces``."""
        return cls(
            melee_hits(faces),
            ranged_hits(faces),
            blocks(faces),
            stars(faces),
            cheese(faces),
            movement(faces),
        )
