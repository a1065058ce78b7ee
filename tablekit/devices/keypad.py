"""The keyboard as two action pads, for a laptop or a table with no buttons yet.

The top letter row is the GM's pad and the home row the players' pad, each
in the order the buttons sit on a real pad (see :data:`~tablekit.rules.pads.BUTTONS`).
Key presses become the same :class:`~tablekit.rules.pads.PadPressed` events a
GPIO or serial pad posts, so a game cannot tell them apart.
"""

from __future__ import annotations

from tablekit.rules.pads import BUTTONS, PadPressed
from tablekit.rules.secret import GM_PAD, PATROL_PAD

ROWS = {GM_PAD: "qwerty", PATROL_PAD: "asdfgh"}
"""Which keys, left to right, are each pad's buttons."""

KEYS = {
    key: (pad, button)
    for pad, row in ROWS.items()
    for key, button in zip(row, BUTTONS, strict=True)
}


def press_for(key: str) -> PadPressed | None:
    """The pad press a key (by its name, such as ``"q"``) stands for, if any."""
    found = KEYS.get(key)
    return None if found is None else PadPressed(*found)
