"""Teach the d6 reader the table it sits over, from a few labelled frames, in NumPy alone.

No network is retrained. From each labelled frame the dice the detector finds (and
the ones it misses) are cut out as the face classifier sees them, with their faces,
and the detector's weak peaks away from every labelled die are kept as this table's
"not a die". Adapting then fits three small things (:func:`fit`):

* a new last layer for the face classifier: a softmax over its 128 penultimate
  features, started from the shipped layer and pulled back to it by an L2 penalty,
  so a few examples nudge it and many move it; the reader takes the geometric mean
  of its chances and the shipped layer's (:func:`pipdice.blend`);
* (not yet) the detector's peak threshold: lowering it to just under the weakest
  labelled die found let 2-5 times the false dice through on the phone photos for a
  point or two of accuracy, so it stays the shipped one (``TableHead.threshold``);
* the largest die on this table, relative to the frame, which overrides the shipped
  check against the frame's median die (:data:`pipdice.MAX_SIZE_RATIO`): a lone big
  die among small ones is kept when the table has shown dice that big. It only keeps
  more: as the only size check it dropped 9 of 131 webcam dice after one frame (those
  photos vary in camera height), and a least size dropped the twos after a frame of
  fives and sixes.

Everything here takes its state as arguments and saves nothing;
:mod:`tablekit.local.dice_learned` keeps the examples in the data directory.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tablekit.vision import framing, pipdice
from tablekit.vision.labels import LabelledDie
from tablekit.vision.pipdice import TableHead
from tablekit.vision.reading import DieReading

FLOOR = 0.1
"""Detector peaks down to this heat are cut out of a labelled frame (the reader takes 0.3)."""

MOST_DICE = 32
"""At most this many labelled dice are kept from one frame."""

MOST_OTHERS = 16
"""At most this many "not a die" peaks (the strongest) are kept from one frame."""

SIZE_MARGIN = 1.5
"""A die may be this many times larger than any die the table showed."""

MIN_DICE_FOR_SIZES = 3
"""The learned size range needs this many dice the detector found; fewer keep the shipped check."""

ANCHOR = 25.0
"""Strength of the pull of the learned layer back to the shipped one: an L2 penalty beside
the *summed* loss of the examples, so one frame barely moves it and many frames move it
more. The best of 1, 5 and 25 on the phone photos (few examples were the harm there)."""

STEPS = 300
"""Gradient steps of the fit (full batch; the problem is convex, so no seed is needed)."""

NOT_A_DIE = pipdice.NOT_A_DIE


@dataclass(frozen=True)
class Examples:
    """Crops cut as the classifier sees them, with what each shows.

    ``faces`` is the face index (0 is a one) or :data:`NOT_A_DIE`; ``heats`` the
    detector's heat at the crop (0 where it missed a labelled die); ``sizes`` the
    detector's die side over the frame's long side (NaN where unknown).
    """

    crops: np.ndarray
    faces: np.ndarray
    heats: np.ndarray
    sizes: np.ndarray

    def __len__(self) -> int:
        return len(self.faces)

    @staticmethod
    def empty() -> Examples:
        side = framing.CROP_SIZE
        return Examples(
            np.zeros((0, side, side, 3), np.uint8),
            np.zeros(0, np.int8),
            np.zeros(0, np.float32),
            np.zeros(0, np.float32),
        )

    @staticmethod
    def joined(parts: Sequence[Examples]) -> Examples:
        """All ``parts`` as one set of examples, in order."""
        if not parts:
            return Examples.empty()
        return Examples(
            np.concatenate([p.crops for p in parts]),
            np.concatenate([p.faces for p in parts]),
            np.concatenate([p.heats for p in parts]),
            np.concatenate([p.sizes for p in parts]),
        )


def examples_from_frame(frame: np.ndarray, labels: Sequence[LabelledDie]) -> Examples:
    """The examples one labelled BGR frame teaches; ``labels`` are in the frame's pixels."""
    small, scale = framing.fit(frame)
    with pipdice.RUNNING:
        found = pipdice.candidates(small, FLOOR)
    dice = [
        LabelledDie(d.x * scale, d.y * scale, d.w * scale, d.h * scale, d.value) for d in labels
    ]
    strong = [c for c in found if c[4] >= pipdice.PEAK_THRESHOLD] or found
    sides = [max(c[2], c[3]) for c in strong] or [max(d.w, d.h) for d in dice] or [1.0]
    reference = float(np.median(sides))
    frame_side = max(small.shape[:2])
    crops, faces, heats, sizes = [], [], [], []
    free = list(found)
    for die in dice[:MOST_DICE]:
        holding = [c for c in free if _inside(c, die)]
        if holding:
            best = max(holding, key=lambda c: c[4])
            free.remove(best)
            x, y, side, heat = best[0], best[1], max(best[2], best[3]), best[4]
            size = float(np.sqrt(best[2] * best[3])) / frame_side
        else:
            x, y, side, heat, size = die.x, die.y, max(die.w, die.h), 0.0, float("nan")
        crops.append(framing.die_crop(small, x, y, framing.crop_side(side, reference, frame_side)))
        faces.append(die.value - 1)
        heats.append(heat)
        sizes.append(size)
    others = [c for c in free if not any(_inside(c, d) for d in dice)][:MOST_OTHERS]
    for x, y, w, h, heat in others:
        crops.append(
            framing.die_crop(small, x, y, framing.crop_side(max(w, h), reference, frame_side))
        )
        faces.append(NOT_A_DIE)
        heats.append(heat)
        sizes.append(float("nan"))
    if not crops:
        return Examples.empty()
    return Examples(
        np.stack(crops).astype(np.uint8),
        np.array(faces, np.int8),
        np.array(heats, np.float32),
        np.array(sizes, np.float32),
    )


def labels_from_reading(dice: Sequence[DieReading]) -> tuple[LabelledDie, ...] | None:
    """A confirmed reading as labels for :func:`examples_from_frame`; ``None`` if it cannot
    teach: no die, a face that is not 1-6, or a die added by hand without a box. (Such a
    frame holds a die with no label, which would be cut out as "not a die".)"""
    labels = []
    for die in dice:
        if not isinstance(die.value, int) or not 1 <= die.value <= 6 or die.w <= 0 or die.h <= 0:
            return None
        labels.append(LabelledDie(die.x, die.y, die.w, die.h, die.value))
    return tuple(labels) or None


def _inside(candidate: tuple[float, float, float, float, float], die: LabelledDie) -> bool:
    """Whether a candidate's centre lies in the labelled box grown as the scoring rule grows it."""
    from tablekit.vision.labels import BOX_MARGIN

    grow = 0.5 * (1 + BOX_MARGIN)
    return abs(candidate[0] - die.x) <= die.w * grow and abs(candidate[1] - die.y) <= die.h * grow


def fit(examples: Examples, features: np.ndarray) -> TableHead | None:
    """Adapt to the table from ``examples`` and their penultimate ``features`` (one row each).

    No examples: ``None``, the shipped reader unchanged.
    """
    if len(examples) == 0:
        return None
    is_die = examples.faces != NOT_A_DIE
    found = is_die & (examples.heats > 0)
    threshold = pipdice.PEAK_THRESHOLD
    used = is_die | (examples.heats >= threshold)
    weight, bias = pipdice.shipped_head()
    labels = examples.faces[used].astype(int)
    dice = int(np.sum(labels != NOT_A_DIE))
    share = np.where(labels == NOT_A_DIE, min(1.0, dice / max(1, len(labels) - dice)), 1.0)
    weight, bias = _softmax_fit(features[used], labels, share, weight, bias)
    measured = examples.sizes[found & np.isfinite(examples.sizes)]
    largest = None
    if len(measured) >= MIN_DICE_FOR_SIZES:
        largest = float(measured.max()) * SIZE_MARGIN
    return TableHead(weight, bias, threshold, largest)


def _softmax_fit(
    x: np.ndarray, y: np.ndarray, share: np.ndarray, weight: np.ndarray, bias: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Multinomial logistic regression from ``(weight, bias)``, L2-anchored to them.

    ``share`` weighs each example: "not a die" weighs no more in all than the dice do.
    """
    x = x.astype(np.float64)
    start_w, start_b = weight.astype(np.float64), bias.astype(np.float64)
    w, b = start_w.copy(), start_b.copy()
    if len(x) == 0:
        return w.astype(np.float32), b.astype(np.float32)
    target = np.eye(len(b))[y]
    share = share[:, None]
    curvature = 0.5 * float(share.sum()) * (float(np.max(np.sum(x * x, axis=1))) + 1)
    step = 1.0 / (curvature + ANCHOR)
    for _ in range(STEPS):
        error = share * (_softmax(x @ w.T + b) - target)
        w -= step * (error.T @ x + ANCHOR * (w - start_w))
        b -= step * (error.sum(0) + ANCHOR * (b - start_b))
    return w.astype(np.float32), b.astype(np.float32)


def _softmax(logits: np.ndarray) -> np.ndarray:
    out = np.exp(logits - logits.max(1, keepdims=True))
    result: np.ndarray = out / out.sum(1, keepdims=True)
    return result
