"""Which conflict commands can currently succeed, from the conflict's status alone.

Like :mod:`tablekit.rules.mouse_guard.legal`, a hint for the screen to grey out
buttons; the handlers stay the final word.
"""

from __future__ import annotations

from tablekit.rules.game import Command
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict.state import Conflict

_BY_STATUS: dict[str, set[type[Command]]] = {
    "disposition": {ccmd.RollDisposition, ccmd.SetDisposition, ccmd.Arm},
    "scripting": {
        ccmd.Script, ccmd.Unscript, ccmd.ClearScript, ccmd.Lock, ccmd.Unlock, ccmd.Arm,
    },
    "revealing": {ccmd.Reveal, ccmd.Arm},
    "acting": {ccmd.HelpAction, ccmd.RollAction},
    "maneuver": {ccmd.Maneuver},
    "over": set(),
}  # fmt: skip


def conflict_commands(conflict: Conflict | None, can_begin: bool) -> set[str]:
    """The conflict command kinds worth offering now."""
    if conflict is None:
        return {ccmd.BeginConflict.kind} if can_begin else set()
    return {ccmd.EndConflict.kind} | {cls.kind for cls in _BY_STATUS[conflict.status]}
