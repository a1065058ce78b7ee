"""Confidence that means what it says: a reading's confidence as the chance it is right.

A network's own score is not a probability: on the held-out photos the d6 reader's raw
score of 0.9 was right 97 times in 100 and its 0.5 only 43 times. :func:`fit` learns a
monotone map from raw score to the share of dice read right at that score (isotonic
regression, by pooling adjacent violators), from dice whose truth is known
(``tools/calibrate_dice.py``: the d6 on the held-out photos, the action dice on renders of
sets the network never saw). The map ships as knots in ``models/KIND_calibration.json``
with the score from which a die is *sure*: the least calibrated confidence at which the
dice at or above it were right at least :data:`AIM` of the time. Dice under it are marked
on the camera screen for a tap.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np

from tablekit.vision.reading import Reading

MODELS = Path(str(resources.files("tablekit.vision").joinpath("models")))

AIM = 0.995
"""Among dice marked sure, at least this share must be read right (issue 24 item 4)."""


@dataclass(frozen=True)
class Calibration:
    """Knots of the map from raw score to chance of being right, and the sure line."""

    raw: tuple[float, ...]
    right: tuple[float, ...]
    sure: float

    def of(self, raw: float) -> float:
        """The chance that a die read with score ``raw`` is right."""
        return float(np.interp(raw, self.raw, self.right))

    def applied(self, reading: Reading) -> Reading:
        """``reading`` with calibrated confidences and this calibration's sure line."""
        dice = tuple(replace(d, confidence=self.of(d.confidence)) for d in reading.dice)
        return replace(reading, dice=dice, sure=self.sure)


def fit(raw: Sequence[float], right: Sequence[bool]) -> Calibration:
    """The monotone map that best fits ``right`` (1 or 0) against ``raw`` scores, and the
    least calibrated value at which the dice at or above it are right :data:`AIM` of the
    time (1.0, nothing sure, if no such value exists)."""
    order = np.argsort(raw, kind="stable")
    xs = np.asarray(raw, float)[order]
    ys = np.asarray(right, float)[order]
    blocks: list[list[float]] = []  # [sum of ys, count, first x, last x]
    for x, y in zip(xs, ys, strict=True):
        blocks.append([y, 1.0, x, x])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] >= blocks[-1][0] / blocks[-1][1]:
            total, count, _, last = blocks.pop()
            blocks[-1][0] += total
            blocks[-1][1] += count
            blocks[-1][3] = last
    knots_x = [x for b in blocks for x in (b[2], b[3])]
    knots_y = [b[0] / b[1] for b in blocks for _ in range(2)]
    calibrated = np.interp(xs, knots_x, knots_y)
    return Calibration(tuple(knots_x), tuple(knots_y), _sure_line(calibrated, ys))


def _sure_line(calibrated: np.ndarray, right: np.ndarray) -> float:
    """The least calibrated value whose dice at or above it are right :data:`AIM` of the time."""
    for line in np.unique(calibrated):
        above = calibrated >= line
        if right[above].mean() >= AIM:
            return float(line)
    return 1.0


def to_json(calibration: Calibration) -> str:
    """The calibration as the JSON file ships it."""
    body = {"raw": calibration.raw, "right": calibration.right, "sure": calibration.sure}
    return json.dumps(body, indent=1)


def path_of(kind: str) -> Path:
    """Where the calibration of the reader of ``kind`` (``d6``, ``mm-action``) ships."""
    return MODELS / f"{kind}_calibration.json"


@cache
def shipped(kind: str) -> Calibration | None:
    """The shipped calibration of ``kind``'s reader, or ``None`` if there is none (raw
    scores are then kept)."""
    try:
        body = json.loads(path_of(kind).read_text(encoding="utf-8"))
        return Calibration(tuple(body["raw"]), tuple(body["right"]), float(body["sure"]))
    except FileNotFoundError:
        return None
