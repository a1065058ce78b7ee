"""What a physical action pad says, in words every backend and game share.

A pad backend (GPIO buttons, a USB serial pad, the keyboard, buttons drawn on
the screen) only reports these neutral events. Each game turns a press into a
command through a pure mapping of its own, so no backend knows any rule and no
rule knows any backend.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from tablekit.rules.game import Command

BUTTONS = ("attack", "defend", "feint", "maneuver", "back", "lock")
"""The buttons of an action pad, in the order they sit on it."""

HELD = "back_held"
"""Back held down for a second: a gesture of its own, so a game can clear the whole script."""

GESTURES = (HELD,)
"""What a pad reports besides plain presses; a press that became a gesture is reported only so."""


class PadPressed(msgspec.Struct, frozen=True):
    """``button`` (one of :data:`BUTTONS`, or of :data:`GESTURES`) on the pad called ``pad``."""

    pad: str
    button: str

    def __post_init__(self) -> None:
        known = BUTTONS + GESTURES
        if self.button not in known:
            raise ValueError(f"a pad has no button {self.button!r}; buttons: {', '.join(known)}")


class PadStatus(msgspec.Struct, frozen=True):
    """Whether the pad called ``pad`` is connected, with a sentence about it."""

    pad: str
    connected: bool
    detail: str = ""


class PadLights(msgspec.Struct, frozen=True):
    """What a pad's LEDs show: how many of its script slots are filled, and whether it is locked.

    Lights carry counts only, never which action fills a slot, so the other
    side learns nothing from them.
    """

    filled: int = 0
    slots: int = 3
    locked: bool = False


PadEvent = PadPressed | PadStatus

PadMap = Callable[[Any, PadPressed], Command | None]
"""A game's pure mapping: (its state, a press) to the command it means, or None."""

PadLightsOf = Callable[[Any, str], PadLights]
"""A game's pure mapping: (its state, a pad's name) to what that pad's LEDs show."""
