"""Who may act now: the checks shared by every mouse action and free action."""

from __future__ import annotations

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.mice_mystics.mice import Marker, Mouse
from tablekit.rules.mice_mystics.state import State

RESCUE = "rescue"
"""The action a rescue takes: the rescued mouse's whole turn."""


def acting_mouse(state: State, doing: str) -> Mouse:
    """The mouse whose turn it is, if it is free to ``doing`` at all."""
    mouse = state.current_mouse
    if mouse is None:
        raise RuleError(
            "It is not a mouse's turn, so no mouse can {doing} now", doing=Phrase(doing)
        )
    if mouse.captured:
        raise RuleError(
            "{mouse} is captured and cannot {doing}", mouse=mouse.name, doing=Phrase(doing)
        )
    if state.turn.action == RESCUE:
        raise RuleError("{mouse} was rescued: that takes its whole turn", mouse=mouse.name)
    if mouse.has(Marker.CHARMED):
        raise RuleError("{mouse} is charmed and acts as a melee minion this turn", mouse=mouse.name)
    return mouse


def taking_action(state: State, action: str) -> Mouse:
    """The mouse whose turn it is, if it may still take ``action`` as its one action."""
    mouse = acting_mouse(state, action)
    if state.turn.action:
        raise RuleError(
            "{mouse} has already taken its action ({action})",
            mouse=mouse.name,
            action=Phrase(state.turn.action),
        )
    if mouse.has(Marker.STUNNED) and action != "recover":
        raise RuleError(
            "{mouse} is stunned: the only action it can take is recover", mouse=mouse.name
        )
    return mouse


def taking_free_action(state: State, action: str) -> Mouse:
    """The mouse whose turn it is, if it has not yet used the free action ``action``."""
    mouse = acting_mouse(state, action)
    if action in state.turn.free:
        raise RuleError(
            "{mouse} can {action} only once a turn", mouse=mouse.name, action=Phrase(action)
        )
    return mouse
