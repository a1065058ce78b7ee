"""Switches for where the two seeds read differently; the summary's reading is the default.

* ``level_three``: the summary's level 3 trait adds a success ("success"); the
  sheet's rerolls the failed dice once a session ("reroll").
* ``level_two_every_roll``: the summary lets only an unused level 1 or 2 trait
  add a die and marks it used; the sheet lets a level 2 trait add a die on
  every roll.

The check costs are on the sheet: a trait is recharged for 2 checks at level 1
or 2 and for 4 at level 3 (the levels with a used-this-session mark).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Ruleset:
    """How a table reads the points where the summary and the sheet differ."""

    level_three: Literal["success", "reroll"] = "success"
    level_two_every_roll: bool = False

    def marks_used(self, level: int) -> bool:
        """Whether using a trait of ``level`` for a test marks it used this session."""
        if level == 2:
            return not self.level_two_every_roll
        return level == 1 or self.level_three == "reroll"


CHARGE_COST = 3
"""Checks to raise a trait one level for the rest of the session."""

PLAYERS_TURN_TEST_COST = 1
"""Checks a test costs in the players' turn."""

GM_TURN_RECOVERY_COST = 2
"""Checks a recovery test costs in the GM's turn."""


def recharge_cost(level: int) -> int:
    """Checks to clear a trait's used mark: 2 at level 1 or 2, 4 at level 3."""
    return 4 if level >= 3 else 2
