"""Mice and Mystics in the catalogue: its rules, scene, dice and content."""

from __future__ import annotations

from tablekit.catalog.listing import DiceKind, Listing
from tablekit.rules import games
from tablekit.rules.mice_mystics.dice import Face
from tablekit.rules.mice_mystics.summary import summary

LISTING = Listing(
    name="mice-mystics",
    title="Mice and Mystics",
    rules=games.SHIPPED["mice-mystics"],
    scene="tablekit.ui.mm.scene:MiceMysticsScene",
    dice=(DiceKind("mm-action", "Mice & Mystics", tuple(face.value for face in Face)),),
    packs=(games.PACK,),
    summary=summary,
)
