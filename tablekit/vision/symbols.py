"""Read symbol dice by matching each die's face against taught reference views.

"Teach your dice": the table shows every face of its own dice to the camera
once; each view is stored, upright and normalised, in a :class:`DiceKit`.
Reading finds the dice standing out from the tray floor, turns each upright
and compares it, at four quarter turns, with every reference. The Mice and
Mystics kit is built the same way from the shipped face art.
"""

from __future__ import annotations

import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from tablekit.vision.framing import fit
from tablekit.vision.reading import DieReading, Reading

VIEW_SIZE = 40
SEARCH = 4
"""Pixels of slack around a view, so matching can correct a slightly off-centre die."""

INNER = 0.82
"""Share of the die's side kept for matching: the face without its edge."""

SCALES = (0.92, 1.0, 1.08)
"""Crop sizes tried around the measured side, for dice whose outline was misjudged."""

FLOOR_DISTANCE = 40.0
"""Colour distance (Lab, lightness at half weight so shadows stay floor) that marks a die."""

LAB_WEIGHTS = np.array([0.5, 1.0, 1.0], np.float32)

MARGIN_FOR_CERTAINTY = 0.12
"""Score lead over the next face at which a reading is fully confident."""


@dataclass
class DiceKit:
    """Reference views of a set of dice: face names and their normalised views."""

    name: str
    names: list[str] = field(default_factory=list)
    views: list[np.ndarray] = field(default_factory=list)

    @property
    def faces(self) -> list[str]:
        """Face names taught so far, each once, in teaching order."""
        return list(dict.fromkeys(self.names))

    def add(self, face: str, view: np.ndarray) -> None:
        """Keep one more reference view of ``face``."""
        self.names.append(face)
        self.views.append(view)

    def save(self, path: Path) -> None:
        """Store the kit as a compressed ``.npz`` (views as float16), replacing it atomically."""
        from tablekit.local.atomic import replace_file

        replace_file(
            path,
            lambda out: np.savez_compressed(
                out,
                name=np.array(self.name),
                names=np.array(self.names),
                views=np.array(self.views, np.float16),
            ),
        )

    @classmethod
    def load(cls, path: Path) -> DiceKit:
        """Read a kit written by :meth:`save`; ``ValueError`` says if the file is damaged."""
        try:
            with np.load(path) as data:
                views = [v.astype(np.float32) for v in data["views"]]
                return cls(str(data["name"]), [str(n) for n in data["names"]], views)
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as error:
            why = f"The taught dice in {path} cannot be read ({error}); teach them again."
            raise ValueError(why) from None


@dataclass(frozen=True)
class Blob:
    """A die-shaped region: centre, side, turn in degrees (as ``cv2.minAreaRect`` gives)."""

    x: float
    y: float
    w: float
    h: float
    angle: float


def find_blobs(frame: np.ndarray, min_side: float = 12.0) -> list[Blob]:
    """Dice-sized, roughly square regions whose colour differs from the tray floor.

    A face symbol close to the floor's colour can leave a bay in a die's
    outline, so a region is judged by its convex hull.

    The floor is the frame's median colour, so the frame should be cropped to
    the tray (the calibration's region of interest) with the dice a minority.
    """
    import cv2

    lab = cv2.cvtColor(cv2.GaussianBlur(frame, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    floor = np.median(lab.reshape(-1, 3)[::7], axis=0)
    distance = np.linalg.norm((lab - floor) * LAB_WEIGHTS, axis=2)
    mask = (distance > FLOOR_DISTANCE).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    blobs = []
    for contour in contours:
        (x, y), (w, h), angle = cv2.minAreaRect(contour)
        squareness = min(w, h) / max(w, h, 1.0)
        filled = cv2.contourArea(cv2.convexHull(contour)) / max(w * h, 1.0)
        if min(w, h) >= min_side and squareness > 0.7 and filled > 0.75:
            blobs.append(Blob(x, y, w, h, angle))
    return blobs


def face_view(frame: np.ndarray, blob: Blob, scale: float = 1.0, pad: int = 0) -> np.ndarray:
    """The die's face turned upright (to a quarter turn), in grey, with ``pad`` pixels of slack.

    ``scale`` enlarges or shrinks the face the crop assumes.
    """
    import cv2

    side = (blob.w + blob.h) / 2 * INNER * scale
    size = VIEW_SIZE + 2 * pad
    matrix = np.asarray(
        cv2.getRotationMatrix2D((blob.x, blob.y), blob.angle, VIEW_SIZE / side), np.float64
    )
    matrix[:, 2] += (size / 2 - blob.x, size / 2 - blob.y)
    upright = cv2.warpAffine(
        frame, matrix, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )
    return normalise(upright)


def art_view(face: np.ndarray) -> np.ndarray:
    """A reference view from face art (the art is exactly the face, without an edge)."""
    import cv2

    return normalise(cv2.resize(face, (VIEW_SIZE, VIEW_SIZE), interpolation=cv2.INTER_AREA))


def normalise(patch: np.ndarray) -> np.ndarray:
    """Grey, lightly blurred, zero mean and unit length: body colour and light drop out."""
    import cv2

    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY) if patch.ndim == 3 else patch
    grey = cv2.GaussianBlur(grey.astype(np.float32), (0, 0), 1.2)
    grey -= grey.mean()
    unit: np.ndarray = grey / max(float(np.linalg.norm(grey)), 1e-6)
    return unit


def match(views: list[np.ndarray], kit: DiceKit) -> tuple[str, float]:
    """The kit's best face for padded views of one die, and a 0-1 confidence.

    Each reference is tried at four quarter turns and every small shift
    (normalised cross-correlation); the confidence grows with the best face's
    lead over the next one.
    """
    import cv2

    best: dict[str, float] = {}
    for name, reference in zip(kit.names, kit.views, strict=True):
        turns = [np.ascontiguousarray(np.rot90(reference, k)) for k in range(4)]
        score = max(
            float(cv2.matchTemplate(view, turn, cv2.TM_CCOEFF_NORMED).max())
            for view in views
            for turn in turns
        )
        best[name] = max(best.get(name, -1.0), score)
    ranked = sorted(best.items(), key=lambda item: -item[1])
    top_name, top = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
    confidence = max(0.0, top) * min(1.0, (top - runner_up) / MARGIN_FOR_CERTAINTY)
    return top_name, float(np.clip(confidence, 0.0, 1.0))


def read_symbols(frame: np.ndarray, kit: DiceKit) -> Reading:
    """Find every die on the tray and read its face against the kit, in the frame's pixels.

    A frame larger than :data:`tablekit.vision.framing.WORK_SIDE` is read scaled down to it.
    """
    start = time.perf_counter()
    small, factor = fit(frame)
    dice = []
    for blob in find_blobs(small):
        views = [face_view(small, blob, scale, SEARCH) for scale in SCALES]
        name, confidence = match(views, kit)
        dice.append(DieReading(blob.x, blob.y, blob.w, blob.h, name, confidence))
    return Reading(tuple(dice), (time.perf_counter() - start) * 1000).scaled(1 / factor)


def teach(kit: DiceKit, frame: np.ndarray, face: str) -> Blob:
    """Add the view of the one die in ``frame`` (the largest found) as ``face``.

    Returns the die's region in the frame's pixels (the die is found on a copy
    scaled to the working size, like :func:`read_symbols`).

    Raises ``LookupError`` when no die stands out, so the screen can say so.
    """
    small, factor = fit(frame)
    blobs = find_blobs(small)
    if not blobs:
        raise LookupError("No die found: put one die in the middle of the tray.")
    blob = max(blobs, key=lambda b: b.w * b.h)
    kit.add(face, face_view(small, blob))
    return Blob(blob.x / factor, blob.y / factor, blob.w / factor, blob.h / factor, blob.angle)
