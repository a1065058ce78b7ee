"""Which reader reads which dice: ``d6``, ``mm-action`` and ``taught:NAME``.

The Mice and Mystics kit is built from the shipped face art in
``tablekit/assets/dice/mm-action`` (drawn afresh if a file cannot be read).
Taught kits live as ``NAME.npz`` in the ``dice`` folder of the data directory.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

from tablekit.assets import shipped
from tablekit.vision.reading import Reading

if TYPE_CHECKING:
    import numpy as np

    from tablekit.vision.symbols import DiceKit

ART = shipped("dice")
KINDS_HELP = "d6 | mm-action | taught:NAME"

Reader = Callable[["np.ndarray"], Reading]


def kits_dir() -> Path:
    """Where taught kits are saved: ``<data dir>/dice``."""
    from tablekit.local.paths import data_dir

    return data_dir() / "dice"


def mm_action_kit() -> DiceKit:
    """The Mice and Mystics action-die kit, one reference view per face from the art."""
    import cv2

    from tablekit.vision.faceart import MM_ACTION_FACES, draw_face
    from tablekit.vision.symbols import DiceKit, art_view

    kit = DiceKit("mm-action")
    for face in MM_ACTION_FACES:
        image = cv2.imread(str(ART / "mm-action" / f"{face}.png"))
        kit.add(face, art_view(draw_face(face) if image is None else image))
    return kit


def _with_taught(kit: DiceKit, kits: Path | None) -> DiceKit:
    """The kit plus every view the table taught under the same name.

    Real Mice and Mystics dice do not look exactly like the shipped art; once
    the table has shown its own dice (Settings, teach, kind ``mm-action``),
    their views are matched too, and a die's own view wins over the drawing.
    """
    from tablekit.vision.symbols import DiceKit

    path = (kits or kits_dir()) / f"{kit.name}.npz"
    if path.exists():
        taught = DiceKit.load(path)
        for face, view in zip(taught.names, taught.views, strict=True):
            kit.add(face, view)
    return kit


def reader_for(kind: str, kits: Path | None = None) -> Reader:
    """The reading function for a kind of dice; ``ValueError`` says what is wrong with it."""
    if kind == "d6":
        from tablekit.vision.pipdice import read_d6

        return read_d6
    from tablekit.vision.symbols import DiceKit, read_symbols

    if kind == "mm-action":
        return partial(read_symbols, kit=_with_taught(mm_action_kit(), kits))
    if kind.startswith("taught:") and kind[len("taught:") :]:
        path = (kits or kits_dir()) / f"{kind[len('taught:') :]}.npz"
        if not path.exists():
            raise ValueError(f"No taught dice called {path.stem!r}: teach them first ({path}).")
        return partial(read_symbols, kit=DiceKit.load(path))
    raise ValueError(f"Unknown kind of dice {kind!r}; use {KINDS_HELP}.")


def teachable() -> list[str]:
    """The symbol dice the teach screen offers: every kind a game reads, but plain pips."""
    from tablekit.rules import catalog

    return [kind for kind in catalog.dice_kinds() if kind != "d6"]


def title_of(kind: str) -> str:
    """A kind's name on screen: the one its game gives it, or a taught kit's own name."""
    from tablekit.rules import catalog

    declared = catalog.dice_kinds().get(kind)
    return declared.title if declared else kind.removeprefix("taught:")


def faces_for(kind: str, kits: Path | None = None) -> list[int | str]:
    """The faces a kind of die can show, for a picker; empty for an unknown or damaged kind."""
    from tablekit.rules import catalog

    if kind == "d6":
        return [1, 2, 3, 4, 5, 6]
    declared = catalog.dice_kinds().get(kind)
    if declared is not None:
        return list(declared.faces)
    path = (kits or kits_dir()) / f"{kind.removeprefix('taught:')}.npz"
    if kind.startswith("taught:") and path.exists():
        stat = path.stat()
        return list(_kit_faces(path, stat.st_mtime_ns, stat.st_size))
    return []


@lru_cache(maxsize=8)
def _kit_faces(path: Path, modified: int, size: int) -> tuple[str, ...]:
    """A taught kit's faces, read once per version of the file (screens ask every frame)."""
    from tablekit.vision.symbols import DiceKit

    try:
        return tuple(DiceKit.load(path).faces)
    except ValueError:
        return ()
