"""How frames and dice are cut and scaled for the two small models.

The training script and the reader must prepare pixels identically, so both
call these functions: the detector sees the frame letterboxed to a square, the
classifier sees each die cropped around its centre.
"""

from __future__ import annotations

import numpy as np

DETECT_SIZE = 256
"""Side of the square the detector sees; the frame's long side is scaled to it."""

DETECT_STRIDE = 4
"""Detector output cells per input pixel (a 256 input gives a 64x64 heat map)."""

CROP_SIZE = 40
"""Side of the square crop the face classifier sees."""

CROP_SCALE = 1.25
"""The crop spans this many times the die's box side."""

MIN_DIE = 0.04
"""No die is taken to be smaller than this share of the frame's long side."""

PAD_GREY = 127

WORK_SIDE = 1280
"""The d6 reader's working size, and the largest any reader needs a frame decoded at: a
frame with a longer side is scaled down to it first (the action-dice reader goes on down
to its own ``READ_SIDE``).

A camera frame is 1280x960 by default, where dice are tens of pixels wide;
reading a larger photo at full size costs time and memory and reads no better.
"""


def fit(frame: np.ndarray, side: int = WORK_SIDE) -> tuple[np.ndarray, float]:
    """The frame scaled down so its long side is at most ``side`` (each side at least 1).

    Returns the frame (itself if it already fits) and the scale from frame
    pixels to returned pixels (divide by it to map back).
    """
    import cv2

    height, width = frame.shape[:2]
    if max(height, width) <= side:
        return frame, 1.0
    scale = side / max(height, width)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    return cv2.resize(frame, size, interpolation=cv2.INTER_AREA), scale


def letterbox(frame: np.ndarray) -> tuple[np.ndarray, float]:
    """Scale the frame so its long side is :data:`DETECT_SIZE`, pad bottom/right with grey.

    Returns the square image and the scale from frame pixels to square pixels.
    """
    import cv2

    height, width = frame.shape[:2]
    scale = DETECT_SIZE / max(height, width)
    new_w, new_h = max(1, round(width * scale)), max(1, round(height * scale))
    small = cv2.resize(frame, (new_w, new_h), interpolation=cv2.INTER_AREA)
    square = np.full((DETECT_SIZE, DETECT_SIZE, 3), PAD_GREY, dtype=np.uint8)
    square[:new_h, :new_w] = small
    return square, scale


def crop_side(size: float, reference: float, frame_side: int) -> float:
    """Crop side for a die of box side ``size`` among dice whose median side is ``reference``.

    The reference and the floor of :data:`MIN_DIE` times the frame's long side
    keep a one (whose box may hug its single pip) from being cropped too tight.
    """
    return CROP_SCALE * max(size, 0.8 * reference, MIN_DIE * frame_side)


def die_crop(frame: np.ndarray, x: float, y: float, side: float, angle: float = 0.0) -> np.ndarray:
    """A :data:`CROP_SIZE` square of ``frame`` centred on ``(x, y)``, spanning ``side`` pixels.

    ``angle`` (degrees) rotates the crop; training uses it, reading does not.
    Pixels outside the frame repeat its border.
    """
    import cv2

    scale = CROP_SIZE / max(side, 1.0)
    matrix = np.asarray(cv2.getRotationMatrix2D((x, y), angle, scale), np.float64)
    matrix[:, 2] += (CROP_SIZE / 2 - x, CROP_SIZE / 2 - y)
    return cv2.warpAffine(
        frame,
        matrix,
        (CROP_SIZE, CROP_SIZE),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
