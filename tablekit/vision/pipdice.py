"""Read standard pip d6 from a frame with two small networks run by ``cv2.dnn``.

A detector finds die centres and box sizes on a 256x256 letterboxed copy of the
frame; a face classifier then reads a full-resolution crop of each die as 1-6,
or rejects it as "not a die" (it was also taught crops just off a die's face, where
an oblique camera sees a side face, and every weak detector peak on the training
photos that is not a die). Two plain checks then drop what no tray holds:
a die read with almost no confidence, and a die far bigger than the others
(held in a hand above the tray, nearer the camera). Both networks were trained
by ``tools/train_dice.py`` on the training split of the shared photos and ship
as ONNX in ``models/``.
"""

from __future__ import annotations

import time
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from tablekit.vision import framing
from tablekit.vision.reading import DieReading, Reading

MODELS = Path(str(resources.files("tablekit.vision").joinpath("models")))
DETECTOR = MODELS / "d6_detector.onnx"
FACES = MODELS / "d6_faces.onnx"

PEAK_THRESHOLD = 0.3
"""Heat-map peaks weaker than this are not considered dice."""

NOT_A_DIE = 6
"""Index of the classifier's "not a die" output."""

MIN_CONFIDENCE = 0.33
"""Dice read with less confidence are dropped: set on the training split, where every one
was a side face or a plug, never a die (the least confident real die scored 0.36); the
retrained classifier scores no training die below 0.47, and in two-fold cross-validation
on that split one right die in 1,877 fell under this floor."""

MAX_SIZE_RATIO = 1.6
"""A die whose box side exceeds this many times the median of the frame's other dice
is above the tray, not on it (real dice on the training split reach 1.47)."""

MIN_DICE_FOR_SIZE = 3
"""The size check needs this many comparable dice for a trustworthy median."""


@cache
def _nets() -> tuple[Any, Any]:
    """Load both networks once per process (a few ms; nothing is downloaded)."""
    import cv2

    return cv2.dnn.readNetFromONNX(str(DETECTOR)), cv2.dnn.readNetFromONNX(str(FACES))


def read_d6(frame: np.ndarray) -> Reading:
    """Find and read every pip die in a BGR frame, in the frame's pixels.

    A frame larger than :data:`framing.WORK_SIDE` is read scaled down to it.
    """
    detector, faces = _nets()
    start = time.perf_counter()
    small, scale = framing.fit(frame)
    candidates = find_dice(detector, small)
    dice = plausible(classify(faces, small, candidates))
    return Reading(dice, (time.perf_counter() - start) * 1000).scaled(1 / scale)


def find_dice(
    detector: Any, frame: np.ndarray, threshold: float = PEAK_THRESHOLD
) -> list[tuple[float, float, float, float, float]]:
    """Die candidates as ``(x, y, w, h, score)`` in frame pixels, strongest first.

    Training passes a lower ``threshold`` to collect the detector's weak false
    alarms (side faces, clutter) as examples of "not a die".
    """
    import cv2

    square, scale = framing.letterbox(frame)
    detector.setInput(cv2.dnn.blobFromImage(square, 1 / 255))
    out = detector.forward()[0]
    heat = 1 / (1 + np.exp(-out[0]))
    peaks = (heat == cv2.dilate(heat, np.ones((3, 3), np.uint8))) & (heat > threshold)
    found = []
    for cy, cx in zip(*np.nonzero(peaks), strict=True):
        dx, dy = _refine(heat, int(cy), int(cx))
        unit = framing.DETECT_STRIDE / scale
        found.append(
            (
                (cx + 0.5 + dx) * unit,
                (cy + 0.5 + dy) * unit,
                float(np.exp(out[1, cy, cx])) * unit,
                float(np.exp(out[2, cy, cx])) * unit,
                float(heat[cy, cx]),
            )
        )
    floor = framing.MIN_DIE * max(frame.shape[:2])
    return _suppress(sorted(found, key=lambda c: -c[4]), floor)


def _refine(heat: np.ndarray, cy: int, cx: int) -> tuple[float, float]:
    """Sub-cell offset of a peak: the heat-weighted centroid of its 3x3 neighbourhood."""
    y0, x0 = max(cy - 1, 0), max(cx - 1, 0)
    patch = heat[y0 : cy + 2, x0 : cx + 2]
    ys, xs = np.mgrid[y0 : y0 + patch.shape[0], x0 : x0 + patch.shape[1]]
    total = patch.sum()
    return float((xs * patch).sum() / total - cx), float((ys * patch).sum() / total - cy)


def _suppress(
    candidates: list[tuple[float, float, float, float, float]], floor: float
) -> list[tuple[float, float, float, float, float]]:
    """Drop a candidate within 0.6 of a die's side of a stronger one (no die is under ``floor``)."""
    kept: list[tuple[float, float, float, float, float]] = []
    for cand in candidates:
        reach = 0.6 * max(cand[2], cand[3], floor)
        if all(np.hypot(cand[0] - k[0], cand[1] - k[1]) > reach for k in kept):
            kept.append(cand)
    return kept


def classify(
    faces: Any, frame: np.ndarray, candidates: list[tuple[float, float, float, float, float]]
) -> tuple[DieReading, ...]:
    """Read each candidate's face; drop those the classifier calls "not a die"."""
    import cv2

    if not candidates:
        return ()
    reference = float(np.median([max(c[2], c[3]) for c in candidates]))
    frame_side = max(frame.shape[:2])
    crops = [
        framing.die_crop(frame, x, y, framing.crop_side(max(w, h), reference, frame_side))
        for x, y, w, h, _ in candidates
    ]
    faces.setInput(cv2.dnn.blobFromImages(crops, 1 / 255))
    logits = faces.forward()
    probs = np.exp(logits - logits.max(1, keepdims=True))
    probs /= probs.sum(1, keepdims=True)
    dice = []
    for (x, y, w, h, score), p in zip(candidates, probs, strict=True):
        face = int(np.argmax(p))
        if face == NOT_A_DIE:
            continue
        confidence = float(p[face]) * min(1.0, score / 0.5)
        dice.append(DieReading(x, y, w, h, face + 1, confidence))
    return tuple(dice)


def plausible(dice: tuple[DieReading, ...]) -> tuple[DieReading, ...]:
    """The dice that can be lying on the tray: confident enough, and not far too big.

    Sizes are compared as ``sqrt(w * h)`` against the median of the other faces;
    ones are left out of the comparison because a one's box may hug its single pip.
    """
    kept = tuple(d for d in dice if d.confidence >= MIN_CONFIDENCE)
    sides = [float(np.sqrt(d.w * d.h)) for d in kept if d.value != 1]
    if len(sides) < MIN_DICE_FOR_SIZE:
        return kept
    limit = MAX_SIZE_RATIO * float(np.median(sides))
    return tuple(d for d in kept if d.value == 1 or np.sqrt(d.w * d.h) <= limit)
