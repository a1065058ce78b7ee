"""Mice: each hero's numbers and everything the table keeps on its cards.

Wounds and poison wounds both count against life; at life the mouse is
captured. Found search cards are kept apart from the starting equipment,
because a capture discards the found cards the mouse has equipped.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from tablekit.rules.mice_mystics.frozen import replace

LEVEL_UP_COST = 6
"""Cheese a mouse exchanges for a new ability card."""

PACK_LIMIT = 3
"""Non-trick cards a mouse may carry in its pack."""


class Marker(StrEnum):
    """Negative effects placed on a mouse's card."""

    STUNNED = "stunned"
    WEBBED = "webbed"
    KNOCKED_DOWN = "knocked_down"
    CHARMED = "charmed"


class HeroStats(msgspec.Struct, frozen=True):
    """The numbers on a hero card, as the events carry them."""

    id: str
    name: str
    classes: tuple[str, ...]
    battle: int
    defense: int
    lore: int
    move: int
    life: int
    starting_equipment: tuple[str, ...] = ()
    weapons: tuple[tuple[str, str], ...] = ()
    """(card, "melee" or "ranged") for each weapon among the starting equipment."""
    equipment_known: bool = False
    """Whether the table entered the starting equipment; until it has, the weapon rule
    is not followed (old sessions and tables that never entered it play on)."""


class Mouse(msgspec.Struct, frozen=True):
    """A hero in play and what lies on its card."""

    stats: HeroStats
    wounds: int = 0
    poison: int = 0
    cheese: int = 0
    markers: tuple[Marker, ...] = ()
    captured: bool = False
    captures: int = 0
    abilities: tuple[str, ...] = ()
    equipped: tuple[str, ...] = ()
    """Found search cards equipped (a capture discards them)."""
    kit: tuple[str, ...] = ()
    """Starting equipment cards equipped (safe from a capture)."""
    pack: tuple[str, ...] = ()
    tricks: tuple[str, ...] = ()
    searched: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """The hero's name, for messages."""
        return self.stats.name

    def has(self, marker: Marker) -> bool:
        """Whether ``marker`` lies on the card."""
        return marker in self.markers

    def marked(self, marker: Marker, on: bool) -> Mouse:
        """The card with ``marker`` placed (``on``) or removed."""
        rest = tuple(m for m in self.markers if m != marker)
        return replace(self, markers=tuple(sorted(rest + (marker,) if on else rest)))

    def wounded(self, amount: int, poison: bool) -> Mouse:
        """``amount`` more wounds, poison wounds if ``poison``."""
        if poison:
            return replace(self, poison=self.poison + amount)
        return replace(self, wounds=self.wounds + amount)

    def healed(self, amount: int, poison: bool) -> Mouse:
        """Up to ``amount`` wounds (or poison wounds) removed."""
        if poison:
            return replace(self, poison=max(0, self.poison - amount))
        return replace(self, wounds=max(0, self.wounds - amount))

    def falls_to(self, amount: int) -> bool:
        """Whether ``amount`` more wounds of either kind reach the mouse's life."""
        return self.wounds + self.poison + amount >= self.stats.life

    def taken(self, keep_equipped: bool) -> Mouse:
        """The card after a capture: no cheese, wounds or markers; equipped finds lost.

        Starting equipment and the pack are safe.
        """
        return replace(
            self,
            wounds=0,
            poison=0,
            cheese=0,
            markers=(),
            captured=True,
            captures=self.captures + 1,
            equipped=self.equipped if keep_equipped else (),
        )

    @property
    def can_level_up(self) -> bool:
        """Whether the mouse holds enough cheese for a new ability."""
        return self.cheese >= LEVEL_UP_COST

    @property
    def wielded(self) -> tuple[str, ...]:
        """Every card the mouse has equipped: its starting equipment and found cards."""
        return self.kit + self.equipped

    @property
    def found(self) -> tuple[str, ...]:
        """Every search card the mouse holds besides its starting equipment."""
        return self.equipped + self.pack + self.tricks

    def holding(self, place: str, cards: tuple[str, ...]) -> Mouse:
        """The mouse with ``cards`` as its ``place``: equipped, pack or tricks."""
        if place == "equipped":
            return replace(self, equipped=cards)
        if place == "pack":
            return replace(self, pack=cards)
        return replace(self, tricks=cards)

    def without_card(self, card: str) -> Mouse:
        """The mouse with one copy of ``card`` gone from wherever it was."""
        for place, held in (
            ("equipped", self.equipped),
            ("pack", self.pack),
            ("tricks", self.tricks),
        ):
            if card in held:
                at = held.index(card)
                return self.holding(place, held[:at] + held[at + 1 :])
        return self
