"""The action pads in a Mouse Guard conflict: a press becomes a command, a state becomes lights.

Each pad serves the side :data:`~tablekit.rules.secret.PAD_SIDES` names: the
GM's, or the players' captain's. Attack, Defend, Feint and Maneuver script that action into the
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
from tablekit.rules.secret import PAD_SIDES


def press_command(state: State, press: PadPressed) -> Command | None:
    """The command ``press`` means now, or None when no conflict is scripting."""
    conflict = state.conflict
    side = _side(press.pad)
    if conflict is None or conflict.status != "scripting" or side is None:
        return None
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
    side = _side(pad)
    if conflict is None or side is None or conflict.over:
        return PadLights(0, SLOTS, False)
    team = conflict.team(side)
    return PadLights(len(team.script) - team.revealed, SLOTS, team.locked)


def _side(pad: str) -> SideName | None:
    """The conflict side the pad serves, None for a pad that serves none."""
    side = PAD_SIDES.get(pad)
    return side if side in SIDES else None  # type: ignore[return-value]
