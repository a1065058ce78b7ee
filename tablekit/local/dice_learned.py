"""The labelled examples a table taught the d6 reader, kept in the data directory per kind.

They come from ``tablekit dice learn`` (a frame and a YOLO label file) and from the
camera screen, where every roll confirmed or corrected is kept with its frame
(:func:`learn_confirmed`); ``tablekit dice forget`` drops them.

``<data dir>/dice/learned/KIND.npz`` holds every kept example (the crops the
classifier sees, their faces, heats, sizes and the frame each came from) and
their penultimate features, so a read need not run the classifier over them
again; the features are worked out afresh if the shipped classifier changed.

Bounded: at most :data:`MOST_FRAMES` frames per kind, the oldest dropped first,
and at most ``MOST_DICE + MOST_OTHERS`` (48) crops a frame
(:mod:`tablekit.vision.tablelearn`): 1,440 crops of 40x40x3 bytes and their
features, under 7 MiB before compression at the very most. Written atomically, and
changed by one writer at a time across processes (``KIND.lock`` beside it), so a
``tablekit dice forget`` is never undone by the app's camera learning at that moment.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from tablekit.local.atomic import replace_file
from tablekit.local.paths import dice_dir

if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np

    from tablekit.vision.pipdice import TableHead
    from tablekit.vision.reading import DieReading
    from tablekit.vision.tablelearn import Examples

log = logging.getLogger(__name__)

_writing = threading.Lock()
"""One change to a store at a time in this process (the camera screen learns on a thread)."""

STORED = ("crops", "faces", "heats", "sizes", "frames", "features")
"""The store's arrays, one row per kept example in each."""

MOST_FRAMES = 30
"""Frames kept per kind of dice; a new frame beyond this drops the oldest."""

LEARNABLE = ("d6",)
"""The kinds of dice that can learn their table so far."""


def learned_file(kind: str, folder: Path | None = None) -> Path:
    """Where the examples of ``kind`` are kept: ``<data dir>/dice/learned/KIND.npz``."""
    return (folder or dice_dir() / "learned") / f"{kind}.npz"


def check_kind(kind: str) -> None:
    """``ValueError`` unless ``kind`` can learn its table."""
    if kind not in LEARNABLE:
        raise ValueError(
            f"Only {', '.join(LEARNABLE)} dice learn their table so far, not {kind!r}."
        )


def _model_digest() -> str:
    from tablekit.vision.pipdice import FACES

    return hashlib.sha1(FACES.read_bytes()).hexdigest()


def load(path: Path) -> tuple[Examples, np.ndarray, np.ndarray]:
    """The kept examples, their features and each one's frame number (oldest first).

    ``ValueError`` says if the file is damaged.
    """
    import numpy as np

    from tablekit.vision.framing import CROP_SIZE
    from tablekit.vision.pipdice import features
    from tablekit.vision.tablelearn import Examples

    try:
        with np.load(path) as data:
            examples = Examples(data["crops"], data["faces"], data["heats"], data["sizes"])
            frames = data["frames"]
            found = data["features"].astype(np.float32)
            digest = str(data["model"])
            rows = {len(data[name]) for name in STORED}
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as error:
        raise ValueError(_damaged(path, str(error))) from None
    if len(rows) != 1 or examples.crops.shape[1:] != (CROP_SIZE, CROP_SIZE, 3):
        raise ValueError(_damaged(path, "its arrays do not match"))
    if digest != _model_digest() or len(found) != len(examples):
        found = features(examples.crops)
    return examples, found, frames


def _damaged(path: Path, why: str) -> str:
    return f"The learned examples in {path} cannot be read ({why}); forget them and learn again."


@contextmanager
def _held(path: Path) -> Iterator[None]:
    """Hold the store at ``path`` for one change: against this process's other threads and
    against other processes (the app learning while ``tablekit dice forget`` runs)."""
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    with _writing, open(path.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # let go when the file closes
        yield


def add(kind: str, examples: Examples, folder: Path | None = None) -> int:
    """Keep one frame's ``examples`` for ``kind``; returns how many frames are now kept."""

    from tablekit.vision.pipdice import features

    path = learned_file(kind, folder)
    new = features(examples.crops)
    with _held(path):
        return _append(path, examples, new)


def _append(path: Path, examples: Examples, new: np.ndarray) -> int:
    """Add one frame's examples and features to the store at ``path``, within the bound."""
    import numpy as np

    from tablekit.vision.tablelearn import Examples

    if path.exists():
        old, old_features, frames = load(path)
        number = int(frames.max()) + 1 if len(frames) else 0
        joined = Examples.joined([old, examples])
        found = np.concatenate([old_features, new])
        frames = np.concatenate([frames, np.full(len(examples), number, np.int32)])
    else:
        joined, found, frames = examples, new, np.zeros(len(examples), np.int32)
    kept_frames = np.unique(frames)[-MOST_FRAMES:]
    keep = np.isin(frames, kept_frames)
    _save(path, joined, found, frames, keep)
    return len(kept_frames)


def _save(
    path: Path, examples: Examples, found: np.ndarray, frames: np.ndarray, keep: np.ndarray
) -> None:
    import numpy as np

    replace_file(
        path,
        lambda out: np.savez_compressed(
            out,
            crops=examples.crops[keep],
            faces=examples.faces[keep],
            heats=examples.heats[keep],
            sizes=examples.sizes[keep],
            frames=frames[keep].astype(np.int32),
            features=found[keep].astype(np.float16),
            model=np.array(_model_digest()),
        ),
    )


def learn_confirmed(kind: str, frame: np.ndarray, dice: Sequence[DieReading]) -> bool:
    """Keep a reading a player confirmed or corrected on the camera screen, with its frame.

    Returns whether it was kept: only kinds that learn, and only readings that can
    teach (:func:`tablekit.vision.tablelearn.labels_from_reading`). Never raises: a
    failure is logged, the roll goes on.
    """
    from tablekit.vision.tablelearn import examples_from_frame, labels_from_reading

    labels = labels_from_reading(dice)
    if kind not in LEARNABLE or labels is None:
        return False
    try:
        add(kind, examples_from_frame(frame, labels))
    except Exception:  # the table goes on without this frame; the log says why
        log.exception("could not keep the confirmed %s reading", kind)
        return False
    return True


def forget(kind: str, folder: Path | None = None) -> int:
    """Drop everything ``kind`` learned; returns how many frames were forgotten."""
    import numpy as np

    path = learned_file(kind, folder)
    if not path.exists():
        return 0
    with _held(path):
        try:
            count = len(np.unique(load(path)[2]))
        except ValueError:
            count = 0
        path.unlink(missing_ok=True)
    return count


def table_head(kind: str, folder: Path | None = None) -> TableHead | None:
    """What ``kind`` learned of this table, or ``None`` for the shipped reader.

    Fitted once per version of the file. ``ValueError`` if the file is damaged.
    """
    path = learned_file(kind, folder)
    if kind not in LEARNABLE:
        return None
    try:
        stat = path.stat()
    except OSError:  # never learned, or forgotten just now
        return None
    return _fitted(path, stat.st_ino, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4)
def _fitted(path: Path, inode: int, modified: int, size: int) -> TableHead | None:
    """The fit of one version of the file: a rewrite is a new inode, even where the file
    system's times are too coarse to tell two versions apart."""
    from tablekit.vision.tablelearn import fit

    examples, found, _ = load(path)
    return fit(examples, found)
