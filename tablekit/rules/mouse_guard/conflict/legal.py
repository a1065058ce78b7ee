"""Which conflict commands can currently succeed, from the conflict's status alone.

Like :mod:`tablekit.rules.mouse_guard.legal`, a hint for the screen to grey out
buttons; the handlers stay the final word.
"""

from __future__ import annotations

from tablekit.rules.game import Command
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict.after_roll import waits
from tablekit.rules.mouse_guard.conflict.state import Exchange
from tablekit.rules.mouse_guard.state import State

_BY_STATUS: dict[str, set[type[Command]]] = {
    "disposition": {
        ccmd.FormTeam, ccmd.RollDisposition, ccmd.DispositionExplode, ccmd.SetDisposition,
        ccmd.Arm,
    },
    "scripting": {
        ccmd.Script, ccmd.Unscript, ccmd.ClearScript, ccmd.Lock, ccmd.Unlock, ccmd.Arm,
        ccmd.DispositionExplode,
    },
    "revealing": {ccmd.Reveal, ccmd.Arm},
    "acting": set(),
    "maneuver": {ccmd.Maneuver},
    "over": set(),
}  # fmt: skip


def conflict_commands(state: State, can_begin: bool) -> set[str]:
    """The conflict command kinds worth offering now."""
    conflict = state.conflict
    if conflict is None:
        return {ccmd.BeginConflict.kind} if can_begin else set()
    kinds = {ccmd.EndConflict} | _BY_STATUS[conflict.status]
    if conflict.status == "acting" and conflict.exchange is not None:
        kinds |= _acting(state, conflict.exchange)
    return {cls.kind for cls in kinds}


def _acting(state: State, exchange: Exchange) -> set[type[Command]]:
    """While an action is tested: the rolls, then wises, Fate on axes and level 3 traits,
    then breaking a tie."""
    if not exchange.rolled:
        kinds: set[type[Command]] = {
            ccmd.HelpAction,
            ccmd.ActionTraitAgainst,
            ccmd.ActionTraitFor,
            ccmd.ActionNature,
            ccmd.ActionPersonaDice,
            ccmd.ActionTapNature,
            ccmd.RollAction,
        }
    else:
        kinds = set()
    if any(waits(state, t) for t in exchange.tests):
        return kinds | {ccmd.ActionWise, ccmd.ActionExplode, ccmd.ActionLevelThree, ccmd.KeepRoll}
    if exchange.tied:
        kinds |= {ccmd.BreakActionTie, ccmd.ActionTiebreaker}
    return kinds
