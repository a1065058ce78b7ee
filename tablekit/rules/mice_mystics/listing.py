"""Mice and Mystics in the catalogue: its rules, scene, dice and content."""

from __future__ import annotations

from tablekit.rules.listing import DiceKind, Listing
from tablekit.rules.mice_mystics.content import shipped_pack
from tablekit.rules.mice_mystics.dice import Face
from tablekit.rules.mice_mystics.game import MiceAndMystics
from tablekit.rules.mice_mystics.summary import summary

PACK = "base"
"""The content pack the table plays with: heroes, minions and their cards."""

LISTING = Listing(
    name=MiceAndMystics.name,
    title=MiceAndMystics.title,
    rules=lambda: MiceAndMystics(shipped_pack(PACK)),
    scene="tablekit.ui.mm.scene:MiceMysticsScene",
    dice=(DiceKind("mm-action", "Mice & Mystics", tuple(face.value for face in Face)),),
    packs=(PACK,),
    summary=summary,
)
