"""An action pad drawn on the touchscreen, for a table without physical buttons.

Its buttons post the very :class:`~tablekit.rules.pads.PadPressed` events a
GPIO or serial pad posts into the app's :class:`~tablekit.devices.pads.PadInbox`,
so a game's pad mapping handles all of them alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial

import pygame

from tablekit.devices.keypad import ROWS
from tablekit.devices.pads import PadInbox
from tablekit.rules.pads import BUTTONS, PadPressed
from tablekit.rules.secret import GM_PAD, PATROL_PAD
from tablekit.ui.i18n import mark
from tablekit.ui.layout import columns
from tablekit.ui.widgets import Button

LABELS = {
    "attack": mark("Attack"),
    "defend": mark("Defend"),
    "feint": mark("Feint"),
    "maneuver": mark("Maneuver"),
    "back": mark("Back"),
    "lock": mark("Lock"),
}
"""What each pad button says, in English until translated."""

TITLES = {GM_PAD: mark("GM's pad"), PATROL_PAD: mark("Patrol's pad")}
"""What the table calls each pad the rules know, rather than its name in the settings."""


def pad_title(pad: str, tr: Callable[[str], str]) -> str:
    """The pad called ``pad`` as a player says it: "GM's pad"; another pad by its name."""
    title = TITLES.get(pad)
    return tr(title) if title else tr("Pad {pad}").format(pad=pad)


def pad_buttons(
    area: pygame.Rect, pad: str, inbox: PadInbox, tr: Callable[[str], str], gap: int
) -> list[Button]:
    """The six buttons of the pad called ``pad``, side by side across ``area``."""
    cells = columns(area, len(BUTTONS), gap)
    return [
        Button(cell, tr(LABELS[button]), partial(inbox.post, PadPressed(pad, button)))
        for cell, button in zip(cells, BUTTONS, strict=True)
    ]


def pad_keys(
    cells: Sequence[pygame.Rect],
    pad: str,
    inbox: PadInbox,
    tr: Callable[[str], str],
    why_not: Mapping[str, str],
    relabel: Mapping[str, str] | None = None,
) -> list[tuple[pygame.Rect, str, Callable[[], object], str]]:
    """The pad called ``pad``'s buttons in ``cells`` (in :data:`BUTTONS` order), each as
    (cell, label, press, why it cannot be pressed now: "" when it can, from ``why_not``).

    A scene makes its own buttons of them, greyed with the reason where there is one,
    so a press the game would refuse ("The GM chooses first") is never offered.
    ``relabel`` says a button's other meaning now (Lock that unlocks)."""
    return [
        (
            cell,
            (relabel or {}).get(button) or tr(LABELS[button]),
            partial(inbox.post, PadPressed(pad, button)),
            why_not.get(button, ""),
        )
        for cell, button in zip(cells, BUTTONS, strict=True)
    ]


KEYBOARD_SIDES = {GM_PAD: mark("GM"), PATROL_PAD: mark("Patrol")}
"""Whose pad each keyboard row is, as short as a line about the keys wants it."""


def keyboard_pads(tr: Callable[[str], str]) -> str:
    """The keyboard's two pads and their keys, left to right in the order of a pad's
    buttons, from its first to its last, for the table to read: "GM q w e r t y · Patrol
    a s d f g h (Attack … Lock)"."""
    rows = " · ".join(f"{tr(KEYBOARD_SIDES[pad])} {' '.join(row)}" for pad, row in ROWS.items())
    return f"{rows} ({tr(LABELS[BUTTONS[0]])} … {tr(LABELS[BUTTONS[-1]])})"
