"""Read standard pip d6 from a frame with small networks run by ``cv2.dnn``.

A detector finds die centres and box sizes on a 256x256 letterboxed copy of the
frame; a face classifier then reads a full-resolution crop of each die as 1-6,
or rejects it as "not a die" (it was also taught crops just off a die's face, where
an oblique camera sees a side face, and every weak detector peak on the training
photos that is not a die). A second detector and classifier (:data:`SECOND`), trained
on more tables, run beside the first: their extra dice join, and the two classifiers'
chances are blended. Two plain checks then drop what no tray holds:
a die read with almost no confidence, and a die far bigger than the others
(held in a hand above the tray, nearer the camera). The networks were trained
by ``tools/train_dice.py`` on the training split of the shared photos and ship
as ONNX in ``models/``.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from tablekit.vision import calibration, framing
from tablekit.vision.reading import DieReading, Reading

MODELS = Path(str(resources.files("tablekit.vision").joinpath("models")))
DETECTOR = MODELS / "d6_detector.onnx"
FACES = MODELS / "d6_faces.onnx"

SECOND: tuple[Path, Path] | None = (MODELS / "d6_detector_more.onnx", MODELS / "d6_faces_more.onnx")
"""A second detector and face classifier, read beside the first two: trained on three photo
sets and made tables (``tools/train_dice.py``; the first two on two sets), they find and
read dice on oblique phone photos that the first pair misses, where the first pair keeps
the webcam and tray dice the second loses. The second detector's candidates join the
first's where the first found none near (:func:`candidates`); the two classifiers' face
chances are blended (:func:`blend`), so a die both read alike is surer, and one they read
apart is marked for a tap. ``None`` reads with the first pair only."""

JOIN_REACH = 0.6
"""A second-detector candidate within this many of a first-detector die's sides is that die."""

PEAK_THRESHOLD = 0.3
"""Heat-map peaks weaker than this are not considered dice."""


@dataclass(frozen=True)
class TableHead:
    """What the reader learned of one table: its last layer, peak threshold and die sizes.

    ``largest`` is the largest die side allowed, over the frame's long side, or
    ``None`` to keep the shipped check.
    """

    weight: np.ndarray
    bias: np.ndarray
    threshold: float
    largest: float | None


NOT_A_DIE = 6
"""Index of the classifier's "not a die" output."""

MIN_CONFIDENCE = 0.33
"""Dice read with less confidence are dropped: set on the training split, where every one
was a side face or a plug, never a die (the least confident real die scored 0.36); the
retrained classifier scores no training die below 0.47, and in two-fold cross-validation
on that split one right die in 1,877 fell under this floor."""

MAX_SIZE_RATIO = 1.6
"""A die whose box side exceeds this many times what the frame's other dice expect at its
place (:func:`_expected`) is above the tray, not on it (real dice on the webcam and tray
training splits reach 1.45 of that, on the phone one 1.88, two over this)."""

MIN_DICE_FOR_SIZE = 3
"""The size check needs this many comparable dice for a trustworthy median."""

RUNNING = threading.RLock()
"""Held while the networks run: one ``cv2.dnn.Net`` must not run on two threads at once,
and the camera screen learns a confirmed roll on a thread of its own."""

FULL_SCORE_ABOVE_PEAK = 0.2
"""A die's confidence is scaled down when its peak is under the threshold plus this."""


def use_models(folder: Path) -> None:
    """Read with the ``d6_detector.onnx`` and ``d6_faces.onnx`` in ``folder`` from now on, in
    this process: for tools and benchmarks that compare models (one trained without a photo
    set, say) with the same code the table reads with; :data:`MODELS` goes back. The folder's
    ``*_more.onnx`` pair, where it has both, is the :data:`SECOND`. A missing first pair is
    ``FileNotFoundError`` and changes nothing."""
    global DETECTOR, FACES, SECOND
    detector, faces = folder / "d6_detector.onnx", folder / "d6_faces.onnx"
    for path in (detector, faces):
        if not path.is_file():
            raise FileNotFoundError(f"no dice model {path}")
    second = (folder / "d6_detector_more.onnx", folder / "d6_faces_more.onnx")
    with RUNNING:
        DETECTOR, FACES = detector, faces
        SECOND = second if all(path.is_file() for path in second) else None
        _nets.cache_clear()
        _feature_net.cache_clear()


@cache
def _nets() -> tuple[Any, Any, tuple[Any, Any] | None]:
    """Load the networks once per process (a few ms; nothing is downloaded): the detector,
    the face classifier, and the :data:`SECOND` pair where there is one."""
    import cv2

    load = cv2.dnn.readNetFromONNX
    second = None if SECOND is None else (load(str(SECOND[0])), load(str(SECOND[1])))
    return load(str(DETECTOR)), load(str(FACES)), second


def read_d6(frame: np.ndarray, table: TableHead | None = None, calibrated: bool = True) -> Reading:
    """Find and read every pip die in a BGR frame, in the frame's pixels.

    A frame larger than :data:`framing.WORK_SIDE` is read scaled down to it.
    ``table`` is what was learned of this table (:mod:`tablekit.vision.tablelearn`);
    ``None`` reads as shipped. Confidences are the chance each die is right
    (:mod:`tablekit.vision.calibration`), unless ``calibrated`` is false: the raw scores
    the calibration is fitted on.
    """
    with RUNNING:
        reading = _read_d6(frame, table)
    shipped = calibration.shipped("d6") if calibrated else None
    return reading if shipped is None else shipped.applied(reading)


def _read_d6(frame: np.ndarray, table: TableHead | None) -> Reading:
    _, faces, second = _nets()
    start = time.perf_counter()
    small, scale = framing.fit(frame)
    threshold = PEAK_THRESHOLD if table is None else table.threshold
    found = candidates(small, threshold)
    crops = _crops(small, found)
    if table is None:
        probs = _chances(faces, crops)
    else:
        pooled = features(crops)
        shipped_w, shipped_b = _feature_net()[2:]
        probs = blend(
            _softmax(pooled @ shipped_w.T + shipped_b),
            _softmax(pooled @ table.weight.T + table.bias),
        )
    if second is not None:
        probs = blend(probs, _chances(second[1], crops))
    dice = _decide(found, probs, threshold + FULL_SCORE_ABOVE_PEAK)
    dice = plausible(dice) if table is None else _within(dice, table, max(small.shape[:2]))
    return Reading(dice, (time.perf_counter() - start) * 1000).scaled(1 / scale)


def candidates(
    frame: np.ndarray, threshold: float = PEAK_THRESHOLD
) -> list[tuple[float, float, float, float, float]]:
    """Die candidates of both detectors as ``(x, y, w, h, score)``: all the first's, strongest
    first, then the :data:`SECOND` detector's that lie near none of them."""
    detector, _, second = _nets()
    found = find_dice(detector, frame, threshold)
    if second is None:
        return found
    more = find_dice(second[0], frame, threshold)
    return found + [
        c
        for c in more
        if all(np.hypot(c[0] - k[0], c[1] - k[1]) > JOIN_REACH * max(k[2], k[3]) for k in found)
    ]


@cache
def _feature_net() -> tuple[Any, str, np.ndarray, np.ndarray]:
    """The face classifier opened so it yields its penultimate layer, that layer's name,
    and the last layer's weight (7x128) and bias.

    OpenCV 5's new engine gives only the graph's output, so the classic engine is
    asked for where there is one; OpenCV 4 has only that one.
    """
    import cv2

    classic = getattr(cv2.dnn, "ENGINE_CLASSIC", None)
    if classic is None:
        net = cv2.dnn.readNetFromONNX(str(FACES))
    else:
        net = cv2.dnn.readNetFromONNX(str(FACES), engine=classic)
    names = list(net.getLayerNames())
    pooled = next(n for n in names if n.endswith("GlobalAveragePool"))
    head = next(n for n in names if n.endswith("head/Conv"))
    weight = np.asarray(net.getParam(head, 0), np.float32).reshape(NOT_A_DIE + 1, -1)
    bias = np.asarray(net.getParam(head, 1), np.float32).reshape(-1)
    return net, pooled, weight, bias


def shipped_head() -> tuple[np.ndarray, np.ndarray]:
    """The shipped classifier's last layer: weight (7 x features) and bias, copies."""
    _, _, weight, bias = _feature_net()
    return weight.copy(), bias.copy()


def features(crops: list[np.ndarray] | np.ndarray) -> np.ndarray:
    """The classifier's penultimate features of each crop (one row per crop, float32)."""
    import cv2

    net, pooled, weight, _ = _feature_net()
    if len(crops) == 0:
        return np.zeros((0, weight.shape[1]), np.float32)
    with RUNNING:
        net.setInput(cv2.dnn.blobFromImages(list(crops), 1 / 255))
        return np.asarray(net.forward(pooled), np.float32).reshape(len(crops), -1)


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


def _chances(faces: Any, crops: list[np.ndarray]) -> np.ndarray:
    """Each crop's chance of each face and of "not a die", by the classifier ``faces``."""
    import cv2

    if not crops:
        return np.zeros((0, NOT_A_DIE + 1), np.float32)
    faces.setInput(cv2.dnn.blobFromImages(crops, 1 / 255))
    return _softmax(faces.forward())


def _crops(
    frame: np.ndarray, candidates: list[tuple[float, float, float, float, float]]
) -> list[np.ndarray]:
    """Each candidate cut out as the classifier sees it (sized against the frame's median die)."""
    if not candidates:
        return []
    reference = float(np.median([max(c[2], c[3]) for c in candidates]))
    frame_side = max(frame.shape[:2])
    return [
        framing.die_crop(frame, x, y, framing.crop_side(max(w, h), reference, frame_side))
        for x, y, w, h, _ in candidates
    ]


def blend(shipped: np.ndarray, learned: np.ndarray) -> np.ndarray:
    """Face probabilities of the shipped and the learned classifier together, one row per crop:
    their normalised geometric mean, so the table's examples move the shipped decision
    rather than replace it (replacing it, a few frames full of dice taught the learned
    layer that anything is a die: 4-20 times the false dice on the phone photos)."""
    mean = np.sqrt(shipped * learned)
    result: np.ndarray = mean / mean.sum(1, keepdims=True)
    return result


def _softmax(logits: np.ndarray) -> np.ndarray:
    probs = np.exp(logits - logits.max(1, keepdims=True))
    result: np.ndarray = probs / probs.sum(1, keepdims=True)
    return result


def _decide(
    candidates: list[tuple[float, float, float, float, float]], probs: np.ndarray, full: float
) -> tuple[DieReading, ...]:
    """The dice among the candidates, each with its likeliest face; a peak weaker than
    ``full`` lowers its die's confidence in proportion."""
    dice = []
    for (x, y, w, h, score), p in zip(candidates, probs, strict=True):
        face = int(np.argmax(p))
        if face == NOT_A_DIE:
            continue
        confidence = float(p[face]) * min(1.0, score / full)
        dice.append(DieReading(x, y, w, h, face + 1, confidence))
    return tuple(dice)


def plausible(dice: tuple[DieReading, ...]) -> tuple[DieReading, ...]:
    """The dice that can be lying on the tray: confident enough, and not far too big.

    Sizes are compared as ``sqrt(w * h)`` against what the frame's other faces expect
    (:func:`_expected`); ones are left out of the comparison because a one's box may hug
    its single pip.
    """
    kept = tuple(d for d in dice if d.confidence >= MIN_CONFIDENCE)
    sized = [d for d in kept if d.value != 1]
    if len(sized) < MIN_DICE_FOR_SIZE:
        return kept
    return tuple(
        d for d in kept if d.value == 1 or _side(d) <= MAX_SIZE_RATIO * _expected(d, sized)
    )


def _side(die: DieReading) -> float:
    return float(np.sqrt(die.w * die.h))


def _expected(die: DieReading, sized: list[DieReading]) -> float:
    """The side a die at ``die``'s place should have: the median of ``sized`` (the frame's
    dice, itself included), or, where more, the line that the *other* dice's sides follow
    down the frame. An oblique camera sees the near dice (lower in the frame) larger: on
    phone-mixed-d6's training split 19 of 502 real dice exceed 1.6 times the median, 2
    exceed 1.6 times this. A die held above the tray stands out from both."""
    median = float(np.median([_side(d) for d in sized]))
    others = [d for d in sized if d is not die]
    rows = np.array([d.y for d in others])
    if len(others) < MIN_DICE_FOR_SIZE or np.ptp(rows) <= 0:
        return median
    slope, base = np.polyfit(rows, [_side(d) for d in others], 1)
    return max(median, float(base + slope * die.y))


def _within(
    dice: tuple[DieReading, ...], table: TableHead, frame_side: int
) -> tuple[DieReading, ...]:
    """:func:`plausible`, except that a die no larger than the table's own largest die (where
    it has shown some) is kept whatever the other dice in this frame: a clear 6 among small
    far dice is no longer dropped. It only ever keeps more than :func:`plausible`."""
    shipped = plausible(dice)
    if table.largest is None:
        return shipped
    limit = table.largest * frame_side
    return tuple(
        d
        for d in dice
        if d in shipped or (d.confidence >= MIN_CONFIDENCE and np.sqrt(d.w * d.h) <= limit)
    )
