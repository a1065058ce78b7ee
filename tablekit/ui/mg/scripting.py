"""A side scripts on the shared screen: its pad's buttons over the table's view, counts only.

"GM scripts" (or "Patrol scripts") covers the conflict with that side's six pad
buttons and says whose script it is; a tap, no hold, so a mouse works too. The
cover shows how many actions are scripted and whether the script is locked,
never which actions: the table may look while the GM taps. Lock hides the cover
again. A button the rules would refuse now (Lock before the script is full, the
patrol's Lock before the GM has locked) is greyed with its reason below it, and a
tap on it says the reason too. The presses go through the pad seam, the very
:class:`~tablekit.rules.pads.PadPressed` a GPIO, serial or keyboard pad posts.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tablekit.devices.pads import PadInbox
from tablekit.rules.mouse_guard.view_types import ConflictSide, ConflictView
from tablekit.rules.pads import BUTTONS
from tablekit.rules.secret import GM_PAD, PATROL_PAD
from tablekit.ui import theme, widgets
from tablekit.ui.i18n import mark
from tablekit.ui.layout import Layout, columns
from tablekit.ui.mg.stage import Entry
from tablekit.ui.onscreen_pad import pad_keys

Tr = Callable[[str], str]

PADS: dict[ConflictSide, str] = {"gm": GM_PAD, "patrol": PATROL_PAD}
"""The pad each side scripts with."""

OPENERS: dict[ConflictSide, str] = {"gm": mark("GM scripts"), "patrol": mark("Patrol scripts")}
"""The button that covers the screen with a side's pad."""

TITLES: dict[ConflictSide, str] = {
    "gm": mark("The GM scripts: {n} of {slots}"),
    "patrol": mark("The patrol scripts: {n} of {slots}"),
}
LOCKED_TITLE: dict[ConflictSide, str] = {
    "gm": mark("The GM's script is locked"),
    "patrol": mark("The patrol's script is locked"),
}
HINT = mark("Only the count shows here. Lock hides these buttons again.")
FULL = mark("The script is full: Lock it, or Back to change it")
LOCKED = mark("The script is locked: Unlock to change it")
EMPTY = mark("Nothing to take back")
NEEDS_THREE = "Lock needs three actions; your script holds {count}"
GM_FIRST = "The GM chooses first: wait for the GM's lock"
BOTH_LOCKED = "Both scripts are locked: the volley is being revealed"


def other(side: ConflictSide) -> ConflictSide:
    return "patrol" if side == "gm" else "gm"


def _standing(conflict: ConflictView, side: ConflictSide) -> list[bool]:
    """Whether each of ``side``'s teams still standing is locked."""
    return [
        t["script"]["locked"]
        for t in conflict["teams"]
        if t["side"] == side and (t["disposition"] > 0 or not t["start"])
    ]


def why_not(conflict: ConflictView, side: ConflictSide, tr: Tr) -> dict[str, str]:
    """Why each of ``side``'s pad buttons would be refused now ("" where it would not), by
    the rules' own words: a full or locked script, Lock before three actions or, for the
    patrol, before the GM has locked; Unlock once the other side has locked."""
    script = conflict["sides"][side]["script"]
    filled, locked = script["filled"], script["locked"]
    full = filled >= script["slots"]
    found = {b: tr(LOCKED) if locked else tr(FULL) if full else "" for b in BUTTONS}
    found["back"] = tr(LOCKED) if locked else "" if filled else tr(EMPTY)
    if locked:
        found["lock"] = tr(BOTH_LOCKED) if any(_standing(conflict, other(side))) else ""
    elif not full:
        found["lock"] = tr(NEEDS_THREE).format(count=filled)
    elif side == "patrol" and not all(_standing(conflict, "gm")):
        found["lock"] = tr(GM_FIRST)
    else:
        found["lock"] = ""
    return found


def cover(layout: Layout, area: pygame.Rect) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The cover's panel over ``area`` (the conflict above its cells), and the six pad
    buttons in two rows of three, below the title and clear of the middle row."""
    panel = area.copy()
    title = layout.text("heading") + 2 * layout.gap
    upper = pygame.Rect(
        area.x + layout.gap, area.y + title, area.width - 2 * layout.gap, layout.touch
    )
    lower = upper.move(0, layout.touch + layout.gap)
    return panel, columns(upper, 3, layout.gap) + columns(lower, 3, layout.gap)


def pad_entries(
    conflict: ConflictView, side: ConflictSide, cells: list[pygame.Rect], inbox: PadInbox, tr: Tr
) -> list[tuple[pygame.Rect, Entry]]:
    """The side's six pad buttons in ``cells``, each greyed with why where it would be
    refused; Lock reads Unlock on a locked script."""
    reasons = why_not(conflict, side, tr)
    relabel = {"lock": tr("Unlock")} if conflict["sides"][side]["script"]["locked"] else {}
    keys = pad_keys(cells, PADS[side], inbox, tr, reasons, relabel)
    return [
        (cell, Entry(label, press, not why, why, key=f"{side}:{button}"))
        for (cell, label, press, why), button in zip(keys, BUTTONS, strict=True)
    ]


def draw(
    surface: pygame.Surface,
    layout: Layout,
    area: pygame.Rect,
    conflict: ConflictView,
    side: ConflictSide,
    tr: Tr,
) -> None:
    """The cover: whose script it is and its count, never its actions; then below the
    buttons why Lock cannot be pressed yet, or that only the count shows."""
    panel, cells = cover(layout, area)
    widgets.panel(surface, panel, theme.PARCHMENT, theme.CHEESE, 4)
    script = conflict["sides"][side]["script"]
    title = (
        tr(LOCKED_TITLE[side])
        if script["locked"]
        else tr(TITLES[side]).format(n=script["filled"], slots=script["slots"])
    )
    head = pygame.Rect(panel.x + layout.gap, panel.y + layout.gap, panel.width - 2 * layout.gap,
                       layout.text("heading"))  # fmt: skip
    widgets.text(surface, title, head, layout.text("heading"), theme.INK, "title", "left")
    below = cells[-1].bottom + layout.gap
    room = pygame.Rect(head.x, below, head.width, panel.bottom - layout.gap - below)
    said = why_not(conflict, side, tr)["lock"] or tr(HINT)
    widgets.wrapped(surface, said, room, layout.text("body"), theme.INK, "bold")
