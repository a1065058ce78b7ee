"""Mouse Guard in the catalogue: its rules, scene and the dice its tray reads."""

from __future__ import annotations

from tablekit.rules.listing import DiceKind, Listing
from tablekit.rules.mouse_guard.dice import Face
from tablekit.rules.mouse_guard.game import MouseGuard
from tablekit.rules.mouse_guard.pads import pad_lights, press_command

LISTING = Listing(
    name=MouseGuard.name,
    title=MouseGuard.title,
    rules=MouseGuard,
    scene="tablekit.ui.mg.scene:MouseGuardScene",
    dice=(
        DiceKind("d6", "Pip dice", ("1", "2", "3", "4", "5", "6")),
        DiceKind("taught:mouse-guard", "Mouse Guard", tuple(face.value for face in Face)),
    ),
    pads=press_command,
    lights=pad_lights,
)
