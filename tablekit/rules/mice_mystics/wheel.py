"""The minion cheese wheel: cheese the minions earn, filling toward a surge."""

from __future__ import annotations

import msgspec

SURGE_AT = 6
"""A wheel holding this much cheese or more triggers a surge."""


class Wheel(msgspec.Struct, frozen=True):
    """Cheese on the wheel, and whether the last fill set off a surge."""

    cheese: int = 0
    surged: bool = False

    def filled(self, amount: int) -> Wheel:
        """``amount`` more cheese on the wheel (a surge is resolved separately)."""
        return Wheel(self.cheese + amount, surged=False)

    def emptied(self) -> Wheel:
        """The wheel after a surge: empty, with the surge remembered for the screen."""
        return Wheel(0, surged=True)

    def overflows(self, amount: int) -> bool:
        """Whether adding ``amount`` cheese triggers a surge."""
        return amount > 0 and self.cheese + amount >= SURGE_AT
