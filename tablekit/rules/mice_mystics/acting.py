"""Who may act now: the checks shared by every mouse action and free action."""

from __future__ import annotations

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics.mice import Marker, Mouse
from tablekit.rules.mice_mystics.state import State

RESCUE = "rescue"
"""The action a rescue takes: the rescued mouse's whole turn."""


def acting_mouse(state: State, doing: str) -> Mouse:
    """The mouse whose turn it is, if it is free to ``doing`` at all."""
    mouse = state.current_mouse
    if mouse is None:
        raise RuleError(f"It is not a mouse's turn, so no mouse can {doing} now")
    if mouse.captured:
        raise RuleError(f"{mouse.name} is captured and cannot {doing}")
    if state.turn.action == RESCUE:
        raise RuleError(f"{mouse.name} was rescued: that takes its whole turn")
    if mouse.has(Marker.CHARMED):
        raise RuleError(f"{mouse.name} is charmed and acts as a melee minion this turn")
    return mouse


def taking_action(state: State, action: str) -> Mouse:
    """The mouse whose turn it is, if it may still take ``action`` as its one action."""
    mouse = acting_mouse(state, action)
    if state.turn.action:
        raise RuleError(f"{mouse.name} has already taken its action ({state.turn.action})")
    if mouse.has(Marker.STUNNED) and action != "recover":
        raise RuleError(f"{mouse.name} is stunned: the only action it can take is recover")
    return mouse


def taking_free_action(state: State, action: str) -> Mouse:
    """The mouse whose turn it is, if it has not yet used the free action ``action``."""
    mouse = acting_mouse(state, action)
    if action in state.turn.free:
        raise RuleError(f"{mouse.name} can {action} only once a turn")
    return mouse
