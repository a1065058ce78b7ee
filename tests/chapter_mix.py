"""A Mice and Mystics chapter and a pinned mix of taps that plays it: the journal that
``damaged_journal`` damages and that ``benchmarks.session_speed`` times are written with it."""

from __future__ import annotations

from tablekit.rules.game import Command
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.encounter import MinionGroup

SETUP: list[Command] = [
    cmd.SetStats("collin", battle=3, defense=2, lore=1, life=5),
    cmd.SetStats("lily", battle=2, defense=1, lore=2, move=3, life=5),
    cmd.SetStats("rat_warrior", battle=2, defense=1, life=1, ranged=False),
    cmd.StartChapter(
        "Chapter 1",
        8,
        (cmd.HeroChoice("collin", "Battle Cry"), cmd.HeroChoice("lily", "Aim")),
        (MinionGroup("rat_warrior", 2),),
    ),
]
"""Two heroes and two rat warriors, their chapter started."""
MIX: list[list[Command]] = [
    [cmd.WoundMouse("lily"), cmd.HealMouse("lily")],
    [cmd.WoundMouse("collin"), cmd.HealMouse("collin")],
    [cmd.GainCheese("collin", 1)],
    [cmd.GainCheese("collin", -1)],
    [cmd.GainCheese("lily", 1), cmd.GainCheese("lily", -1)],
    [cmd.RollMovement()],
    [cmd.EndTurn()],
]
"""A realistic tap mix, a wound healed at once so the chapter goes on; a command the rules
refuse at that moment (no cheese to spend, say) is simply skipped."""
