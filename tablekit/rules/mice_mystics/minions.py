"""Minions: their initiative cards' numbers and the figures each card stands for.

A minion card on the track stands for every figure of its type on the board,
each with its own wounds (only multi-life minions ever hold any). A boss has
several cards; each is one entry that takes wounds until its own life is
spent. A card leaves the track when its last figure (or a boss card's life)
is gone, and a boss is defeated when its last card leaves.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics.frozen import replace


class Moves(StrEnum):
    """How a card's figures move on their turn."""

    DIE = "die"
    """Roll one action die and move up to its number (1 to 3)."""
    CHASE = "chase"
    """Brodie chases: two dice, moved the total of their numbers."""
    POUNCE = "pounce"
    """Brodie pounces onto the fullest space on his tile: no roll."""


class CardStats(msgspec.Struct, frozen=True):
    """The numbers of one minion initiative card, as the events carry them."""

    id: str
    minion: str
    name: str
    battle: int
    defense: int
    life: int
    ranged: bool = False
    large: bool = False
    boss: bool = False
    moves: Moves = Moves.DIE
    feeds_wheel: bool = True
    roach: bool = False


class MinionCard(msgspec.Struct, frozen=True):
    """One minion card on the track: its numbers and each figure's wounds."""

    stats: CardStats
    wounds: tuple[int, ...]

    @property
    def id(self) -> str:
        """The card's id on the track."""
        return self.stats.id

    @property
    def figures(self) -> int:
        """Figures still on the board (a boss card counts as one until its life is spent)."""
        return len(self.wounds)

    def joined(self, count: int) -> MinionCard:
        """``count`` more unwounded figures of this type on the board."""
        return replace(self, wounds=self.wounds + (0,) * count)

    def wounded(self, figure: int, amount: int) -> MinionCard:
        """``amount`` more wounds on ``figure`` (see :meth:`defeats` for whether it falls)."""
        total = self.wounds[figure] + amount
        return replace(self, wounds=self.wounds[:figure] + (total,) + self.wounds[figure + 1 :])

    def without(self, figure: int) -> MinionCard:
        """``figure`` taken off the board."""
        return replace(self, wounds=self.wounds[:figure] + self.wounds[figure + 1 :])

    def defeats(self, figure: int, amount: int) -> bool:
        """Whether ``amount`` wounds on ``figure`` defeat it."""
        return self.wounds[figure] + amount >= self.stats.life


TARGETING = (
    "A minion attacks the closest mouse not yet attacked this turn; "
    "if several are equally close, or all have been attacked, the one highest on the track."
)
"""The reminder shown on a minion's turn: the device cannot see the board."""


def parse_target(target: str) -> tuple[str, int | None]:
    """``"spider#2"`` as the card ``spider`` and figure index 1; a bare card id has no figure."""
    card, _, number = target.partition("#")
    if not number:
        return card, None
    digits = number.isascii() and number.isdigit() and len(number) <= 3
    if not digits or int(number) < 1:
        raise RuleError("A figure is named like 'spider#1'; got {target!r}", target=target)
    return card, int(number) - 1
