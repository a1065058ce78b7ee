"""Read Mice and Mystics action dice with a small network trained on rendered solid dice.

The template matcher of :mod:`tablekit.vision.symbols` reads a third of the dice right
once they look like solid cubes under a tilted camera (``benchmarks/action_dice.py``):
side faces, shading, glare and dice that only resemble the art defeat a comparison of
pixels. Here the regions are found as there (:func:`~tablekit.vision.symbols.find_blobs`,
with the lit top face inside a region that shows side faces), and each region, and its
top face where one was found, is cut out upright in colour and read by a classifier
trained by ``tools/train_action_faces.py`` on renders of many sets of dice
(:mod:`tablekit.vision.cubes`), stray pip d6 and the shared photos' tables. It answers
one of the six faces or "not an action die", which is left out of the reading.
"""

from __future__ import annotations

import threading
import time
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from tablekit.vision import calibration
from tablekit.vision.faceart import MM_ACTION_FACES
from tablekit.vision.reading import SURE, DieReading, Reading
from tablekit.vision.symbols import (
    MOST_DICE,
    READ_SIDE,
    Blob,
    DiceKit,
    faces_of,
    find_blobs,
    read_blob,
    shrink,
)

MODEL = Path(str(resources.files("tablekit.vision").joinpath("models"))) / "mm_action_faces.onnx"

CROP = 32
"""Side of the classifier's input crop, in pixels."""

CROP_MARGIN = 1.1
"""The crop spans this many times the face's measured side, so an edge misjudged a little
still leaves the whole face in view."""

NOT_A_DIE = len(MM_ACTION_FACES)
"""Index of the classifier's "not an action die" output (a d6, the tray's rim, a hand)."""

TAUGHT_BELOW = 0.6
"""The network's confidence under which a die is also matched against the table's taught
views, and the match's confidence from which it is taken. Above it the network stands:
matching pixels overruled it wrongly more often than rightly on the renders of
``benchmarks/action_dice.py``."""

RUNNING = threading.Lock()
"""One ``cv2.dnn.Net`` must not run on two threads at once."""


@cache
def _net() -> Any:
    """The network, loaded once per process."""
    import cv2

    return cv2.dnn.readNetFromONNX(str(MODEL))


def crop(frame: np.ndarray, blob: Blob) -> np.ndarray:
    """The face in ``blob`` cut out upright (to a quarter turn) as a :data:`CROP` square,
    in colour: the classifier's input, the same in training and reading."""
    import cv2

    side = (blob.w + blob.h) / 2 * CROP_MARGIN
    matrix = np.asarray(cv2.getRotationMatrix2D((blob.x, blob.y), blob.angle, CROP / side), float)
    matrix[:, 2] += (CROP / 2 - blob.x, CROP / 2 - blob.y)
    return cv2.warpAffine(
        frame, matrix, (CROP, CROP), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )


def classify(crops: list[np.ndarray]) -> np.ndarray:
    """Each crop's probabilities of the six faces and of "not an action die" (one row each)."""
    import cv2

    if not crops:
        return np.zeros((0, NOT_A_DIE + 1), np.float32)
    with RUNNING:
        net = _net()
        net.setInput(cv2.dnn.blobFromImages(crops, 1 / 255))
        logits = np.asarray(net.forward(), np.float64)
    probs = np.exp(logits - logits.max(1, keepdims=True))
    result: np.ndarray = probs / probs.sum(1, keepdims=True)
    return result


def read_action(
    frame: np.ndarray,
    taught: DiceKit | None = None,
    side: int = READ_SIDE,
    most: int = MOST_DICE,
    calibrated: bool = True,
) -> Reading:
    """Every action die on the tray, in the frame's pixels; the ``most`` largest regions are
    read, each from whichever of its region and its top face the classifier is surer of.

    ``taught`` holds the views the table taught of its own dice, if any: a region the
    network is unsure of or rejects is also matched against them
    (:func:`~tablekit.vision.symbols.read_blob`), and a sure match (at least
    :data:`TAUGHT_BELOW`) stands, so a table whose dice the network reads poorly can still
    teach them. The network's confidences are the chance each die is right
    (:mod:`tablekit.vision.calibration`), unless ``calibrated`` is false.
    """
    start = time.perf_counter()
    fitted = calibration.shipped("mm-action") if calibrated else None
    small, factor = shrink(frame, side)
    blobs = find_blobs(small)[:most]
    places = [(index, face) for index, blob in enumerate(blobs) for face in faces_of(blob)]
    probs = classify([crop(small, face) for _, face in places])
    best: dict[int, tuple[float, int, Blob]] = {}
    for (index, face), p in zip(places, probs, strict=True):
        value = int(np.argmax(p[:NOT_A_DIE]))
        if p[NOT_A_DIE] > p[value]:
            sure, value = -float(p[NOT_A_DIE]), NOT_A_DIE
        else:
            sure = float(p[value]) if fitted is None else fitted.of(float(p[value]))
        if index not in best or sure > best[index][0]:
            best[index] = (sure, value, face)
    if taught is not None and taught.views:
        for index, blob in enumerate(blobs):
            if best[index][0] >= TAUGHT_BELOW:
                continue  # the network is sure: a view matched by pixels does not overrule it
            name, sure, face = read_blob(small, blob, taught.rows())
            if name in MM_ACTION_FACES and sure >= TAUGHT_BELOW:
                best[index] = (sure, MM_ACTION_FACES.index(name), face)
    dice = [
        DieReading(face.x, face.y, face.w, face.h, MM_ACTION_FACES[value], confidence)
        for confidence, value, face in best.values()
        if value != NOT_A_DIE
    ]
    line = SURE if fitted is None else fitted.sure
    return Reading(tuple(dice), (time.perf_counter() - start) * 1000, line).scaled(1 / factor)
