"""Encounters: what the table reads off a drawn encounter card.

The card is physical; the table enters the line for the hourglass's current
page. The face-up card then decides the next surge that no room rule
overrides.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

MAX_FIGURES = 20
"""More figures of one type than any box holds: a typo, not a chapter."""


class MinionGroup(msgspec.Struct, frozen=True):
    """``count`` figures of the minion type ``minion`` (a content id)."""

    minion: Annotated[str, Meta(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
    count: Annotated[int, Meta(ge=1, le=MAX_FIGURES)]


class Encounter(msgspec.Struct, frozen=True):
    """One line of an encounter card, and its surge."""

    minions: tuple[MinionGroup, ...]
    ambush: bool = False
    mousetraps: bool = False
    greedy_roaches: bool = False
    surge: tuple[MinionGroup, ...] = ()
    page: int = 0
    name: str = ""


def without_types(
    groups: tuple[MinionGroup, ...], ignored: frozenset[str]
) -> tuple[MinionGroup, ...]:
    """``groups`` less every group of an ignored type (Disguises fool the rat warriors)."""
    return tuple(group for group in groups if group.minion not in ignored)


def merged(groups: tuple[MinionGroup, ...]) -> tuple[MinionGroup, ...]:
    """Groups of the same type added together, first appearance first."""
    counts: dict[str, int] = {}
    for group in groups:
        counts[group.minion] = counts.get(group.minion, 0) + group.count
    return tuple(MinionGroup(minion, count) for minion, count in counts.items() if count > 0)
