"""The action pads in a Mouse Guard conflict: a press becomes a command, a state becomes lights.

The pad's name is its side: "gm" for the GM's pad, "patrol" for the players'
captain. Attack, Defend, Feint and Maneuver script that action into the
pad's next slot; Back takes the last one back; Lock locks the script, or
unlocks it when it is already locked; holding Back down clears the whole
script. A side with several teams scripts them one after another: the pad
serves the side's team in play (the one scripting now; once all are locked,
the last, which Lock unlocks). Lights show counts only, never an action.
"""

from __future__ import annotations

from tablekit.rules.game import Command
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict.commands import SideName
from tablekit.rules.mouse_guard.conflict.state import SIDES, SLOTS
from tablekit.rules.mouse_guard.state import State
from tablekit.rules.pads import HELD, PadLights, PadPressed


def press_command(state: State, press: PadPressed) -> Command | None:
    """The command ``press`` means now, or None when no conflict is scripting."""
    conflict = state.conflict
    if conflict is None or conflict.status != "scripting" or press.pad not in SIDES:
        return None
    side: SideName = "gm" if press.pad == "gm" else "patrol"
    if press.button == "back":
        return ccmd.Unscript(side)
    if press.button == HELD:
        return ccmd.ClearScript(side)
    if press.button == "lock":
        return ccmd.Unlock(side) if conflict.team(side).locked else ccmd.Lock(side)
    return ccmd.Script(side, press.button)  # type: ignore[arg-type]


def pad_lights(state: State, pad: str) -> PadLights:
    """How many of the pad's slots are filled (unrevealed) and whether it is locked."""
    conflict = state.conflict
    if conflict is None or pad not in SIDES or conflict.over:
        return PadLights(0, SLOTS, False)
    team = conflict.team(pad)
    return PadLights(len(team.script) - team.revealed, SLOTS, team.locked)
