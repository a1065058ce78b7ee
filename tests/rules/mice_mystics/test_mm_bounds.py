"""Numbers no table means are refused at once, before a die is rolled.

A script line with a typo ("bonus": 100000000) must not stall the table app
for minutes rolling dice, nor leave a session that stalls every later roll.
"""

import pytest
from rules.mice_mystics.mm_support import group, started

from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.dice import MAX_DICE
from tablekit.rules.mice_mystics.encounter import MAX_FIGURES, MinionGroup
from tablekit.session.codec import CommandError


def test_a_roll_of_more_dice_than_any_rule_asks_for_is_refused() -> None:
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    before = table.state
    with pytest.raises(CommandError, match=f"bonus: Expected int <= {MAX_DICE}"):
        table.do(cmd.Attack("rat_warrior#1", bonus=100_000_000))
    assert table.state == before


def test_card_numbers_are_bounded() -> None:
    table = started(("collin", "nez"))
    with pytest.raises(CommandError, match="battle: Expected int <= 20 \\(given 1000000000\\)"):
        table.do(cmd.SetStats("collin", battle=1_000_000_000))


def test_a_minion_group_larger_than_any_box_is_refused() -> None:
    with pytest.raises(CommandError, match=f"minions\\[0\\].count: Expected int <= {MAX_FIGURES}"):
        started(("collin", "nez"), minions=(MinionGroup("rat_warrior", 1_000_000_000),))
