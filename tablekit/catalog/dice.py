"""The dice a table can read, as the teach screen and the dice tray name them: the kinds
the catalogue's games declare, and the kits the table taught (:mod:`tablekit.local.dice_kits`)."""

from __future__ import annotations

from pathlib import Path

from tablekit.catalog import dice_kinds
from tablekit.local.dice_kits import taught_faces


def teachable() -> list[str]:
    """The symbol dice the teach screen offers: every kind a game reads, but plain pips."""
    return [kind for kind in dice_kinds() if kind != "d6"]


def title_of(kind: str) -> str:
    """A kind's name on screen: the one its game gives it, or a taught kit's own name."""
    declared = dice_kinds().get(kind)
    return declared.title if declared else kind.removeprefix("taught:")


def faces_for(kind: str, kits: Path | None = None) -> list[int | str]:
    """The faces a kind of die can show, for a picker; empty for an unknown or damaged kind."""
    if kind == "d6":
        return [1, 2, 3, 4, 5, 6]
    declared = dice_kinds().get(kind)
    if declared is not None:
        return list(declared.faces)
    return list(taught_faces(kind, kits))
