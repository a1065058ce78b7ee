"""Labelled dice photos: YOLO label files, the fixed held-out split, and scoring.

The benchmark, the training script and the tests all read the shared photos
the same way and judge a reading by the same rule, so they live here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from tablekit.vision.reading import DieReading

HELD_OUT_BUCKETS = 5
"""One file in five is held out: ``sha1(file name)[0] % 5 == 0``."""

BOX_MARGIN = 0.15
"""A labelled box is grown by this fraction of its size (about its centre) before matching."""


@dataclass(frozen=True)
class LabelledDie:
    """One labelled die in pixels: centre, size and face value (1-6)."""

    x: float
    y: float
    w: float
    h: float
    value: int


@dataclass(frozen=True)
class LabelledImage:
    """An image path and the dice labelled on it."""

    path: Path
    dice: tuple[LabelledDie, ...]


def is_held_out(name: str) -> bool:
    """Whether a file belongs to the held-out split (by a hash of its name, so it never drifts)."""
    return hashlib.sha1(name.encode()).digest()[0] % HELD_OUT_BUCKETS == 0


def parse_labels(text: str, width: int, height: int) -> tuple[LabelledDie, ...]:
    """Read YOLO lines ``class cx cy w h`` (normalised; class = value - 1) into pixels."""
    dice = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) != 5:
            continue
        cls, cx, cy, w, h = (float(p) for p in parts)
        dice.append(LabelledDie(cx * width, cy * height, w * width, h * height, int(cls) + 1))
    return tuple(dice)


MOST_LABELS = 1000
"""A label file of more dice than this is refused (no frame holds so many)."""


def strict_labels(text: str, width: int, height: int, faces: int = 6) -> tuple[LabelledDie, ...]:
    """Read YOLO lines like :func:`parse_labels`, refusing anything off: ``ValueError`` names
    the first bad line. Blank lines are skipped; class is a face index below ``faces``,
    the centre inside the image and the box's sides above 0 and at most 1."""
    dice = []
    for number, line in enumerate(text.splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        where = f"label line {number}"
        if len(parts) != 5:
            raise ValueError(f"{where}: expected 'class cx cy w h', got {len(parts)} fields")
        if not parts[0].isdigit() or int(parts[0]) >= faces:
            raise ValueError(f"{where}: class {parts[0]!r} is not a face index 0-{faces - 1}")
        try:
            cx, cy, w, h = (float(p) for p in parts[1:])
        except ValueError:
            raise ValueError(f"{where}: cx cy w h must be numbers") from None
        if not (0 <= cx <= 1 and 0 <= cy <= 1 and 0 < w <= 1 and 0 < h <= 1):
            raise ValueError(f"{where}: cx cy must lie in 0..1 and w h in (0, 1]")
        dice.append(LabelledDie(cx * width, cy * height, w * width, h * height, int(parts[0]) + 1))
        if len(dice) > MOST_LABELS:
            raise ValueError(f"more than {MOST_LABELS} labelled dice")
    if not dice:
        raise ValueError("no labelled die")
    return tuple(dice)


def load_set(folder: Path, split: str = "all") -> list[LabelledImage]:
    """Load a photo set (``images/`` beside ``labels/``); split: "all", "train", "held-out"."""
    import cv2

    images = []
    for path in sorted((folder / "images").glob("*.jpg")):
        held = is_held_out(path.name)
        if (split == "train" and held) or (split == "held-out" and not held):
            continue
        label = folder / "labels" / (path.stem + ".txt")
        image = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
        if image is None:
            raise OSError(f"cannot read the photo {path}")
        height, width = image.shape
        text = label.read_text() if label.exists() else ""
        images.append(LabelledImage(path, parse_labels(text, width, height)))
    return images


@dataclass(frozen=True)
class Score:
    """How one reading compares with its labels."""

    labelled: int
    right: int
    false_dice: int


def score(reported: Sequence[DieReading], labels: Sequence[LabelledDie]) -> Score:
    """Match reported dice to labels (:func:`judged`): how many were right, how many false."""
    outcomes = judged(reported, labels)
    right = sum(1 for _, verdict in outcomes if verdict is True)
    false_dice = sum(1 for _, verdict in outcomes if verdict is None)
    return Score(len(labels), right, false_dice)


def judged(
    reported: Sequence[DieReading], labels: Sequence[LabelledDie]
) -> list[tuple[DieReading, bool | None]]:
    """Each reported die with its verdict: right (``True``), wrong face (``False``) or a
    false die (``None``); a label is matched at most once.

    Dice are matched most confident first, each to the nearest free label
    whose box, grown by :data:`BOX_MARGIN`, holds its centre. A matched die is
    right when the values agree; one that finds no free box is a false die
    (so is a second die in an already matched box).
    """
    free = set(range(len(labels)))
    outcomes: list[tuple[DieReading, bool | None]] = []
    for die in sorted(reported, key=lambda d: -d.confidence):
        holding = [i for i in free if _inside(die, labels[i])]
        if not holding:
            outcomes.append((die, None))
            continue
        hit = min(holding, key=lambda i: (labels[i].x - die.x) ** 2 + (labels[i].y - die.y) ** 2)
        free.remove(hit)
        outcomes.append((die, die.value == labels[hit].value))
    return outcomes


def _inside(die: DieReading, label: LabelledDie) -> bool:
    """Whether a reported centre lies within the label's box plus margin."""
    grow = 0.5 * (1 + BOX_MARGIN)
    return abs(die.x - label.x) <= label.w * grow and abs(die.y - label.y) <= label.h * grow


SETS = ("webcam-white-d6", "tray-mixed-d6", "phone-mixed-d6")
"""The labelled d6 photo sets in the shared data folder (its README.md says whence each)."""


def iter_sets(root: Path, names: Sequence[str] = SETS) -> Iterator[tuple[str, Path]]:
    """The photo sets under the shared data folder, by name (those of ``names`` found)."""
    for name in names:
        if (root / name / "images").is_dir():
            yield name, root / name
