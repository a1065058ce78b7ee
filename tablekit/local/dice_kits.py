"""Where the dice reader's kits live on this machine, and which reader reads which dice.

A taught kit (``taught:NAME``) is ``NAME.npz`` in the ``dice`` folder of the data
directory, written atomically; Mice and Mystics dice (``mm-action``) are read by the
network of :mod:`tablekit.vision.actionfaces`, beside any views the table taught under
that name. The reading
itself is pure (:mod:`tablekit.vision`): this module only finds and stores its kits.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from functools import lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

from tablekit.assets import shipped
from tablekit.local.atomic import replace_file
from tablekit.local.paths import dice_dir
from tablekit.vision.reading import Reading

if TYPE_CHECKING:
    import numpy as np

    from tablekit.vision.symbols import DiceKit

ART = shipped("dice")
KINDS_HELP = "d6 | mm-action | taught:NAME"

Reader = Callable[["np.ndarray"], Reading]


def save_kit(kit: DiceKit, path: Path) -> None:
    """Store ``kit`` as a compressed ``.npz`` (views as float16), replacing it atomically."""
    import numpy as np

    replace_file(
        path,
        lambda out: np.savez_compressed(
            out,
            name=np.array(kit.name),
            names=np.array(kit.names),
            views=np.array(kit.views, np.float16),
        ),
    )


def load_kit(path: Path) -> DiceKit:
    """Read a kit written by :func:`save_kit`; ``ValueError`` says if the file is damaged."""
    import numpy as np

    from tablekit.vision.symbols import DiceKit

    try:
        with np.load(path) as data:
            views = [v.astype(np.float32) for v in data["views"]]
            return DiceKit(str(data["name"]), [str(n) for n in data["names"]], views)
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as error:
        why = f"The taught dice in {path} cannot be read ({error}); teach them again."
        raise ValueError(why) from None


def mm_action_kit() -> DiceKit:
    """The Mice and Mystics action-die faces as a template kit, one view per face from the
    art: what the template matcher read them with before the network; the benchmarks and
    tests still compare the two."""
    import cv2

    from tablekit.vision.faceart import MM_ACTION_FACES, draw_face
    from tablekit.vision.symbols import DiceKit, art_view

    kit = DiceKit("mm-action")
    for face in MM_ACTION_FACES:
        image = cv2.imread(str(ART / "mm-action" / f"{face}.png"))
        kit.add(face, art_view(draw_face(face) if image is None else image))
    return kit


def _taught(name: str, kits: Path | None) -> DiceKit | None:
    """The views the table taught under ``name``, if it taught any.

    Real Mice and Mystics dice do not look exactly like the dice the reader's network
    learned from; once the table has shown its own (Settings, teach, kind ``mm-action``),
    a die is matched against their views too, and the surer reading wins.
    """
    path = (kits or dice_dir()) / f"{name}.npz"
    return load_kit(path) if path.exists() else None


def reader_for(kind: str, kits: Path | None = None) -> Reader:
    """The reading function for a kind of dice; ``ValueError`` says what is wrong with it."""
    if kind == "d6":
        from tablekit.local.dice_learned import table_head
        from tablekit.vision.pipdice import read_d6

        table = table_head(kind, kits / "learned" if kits else None)
        return read_d6 if table is None else partial(read_d6, table=table)
    from tablekit.vision.symbols import read_symbols

    if kind == "mm-action":
        from tablekit.vision.actionfaces import read_action

        return partial(read_action, taught=_taught("mm-action", kits))
    if kind.startswith("taught:") and kind[len("taught:") :]:
        path = (kits or dice_dir()) / f"{kind[len('taught:') :]}.npz"
        if not path.exists():
            raise ValueError(f"No taught dice called {path.stem!r}: teach them first ({path}).")
        return partial(read_symbols, kit=load_kit(path))
    raise ValueError(f"Unknown kind of dice {kind!r}; use {KINDS_HELP}.")


def taught_faces(kind: str, kits: Path | None = None) -> list[str]:
    """The faces of the taught kit ``kind`` on disk; empty if there is none or it is damaged."""
    path = (kits or dice_dir()) / f"{kind.removeprefix('taught:')}.npz"
    if not kind.startswith("taught:") or not path.exists():
        return []
    stat = path.stat()
    return list(_kit_faces(path, stat.st_mtime_ns, stat.st_size))


@lru_cache(maxsize=8)
def _kit_faces(path: Path, modified: int, size: int) -> tuple[str, ...]:
    """A taught kit's faces, read once per version of the file (screens ask every frame)."""
    try:
        return tuple(load_kit(path).faces)
    except ValueError:
        return ()
