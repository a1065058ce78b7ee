"""Synthetic tray frames of symbol dice, made from the face art, with their true faces.

No photos of Mice and Mystics or Mouse Guard dice exist to test with, so the
tests (and demos) use frames rendered here: a lit tray with camera noise and
dice at chosen places, sizes and turns, each with a darker edge and a shadow.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tablekit.vision.faceart import draw_face


@dataclass(frozen=True)
class PlacedDie:
    """Where a die lies in a synthetic frame: centre, side in pixels, turn in degrees, face."""

    x: float
    y: float
    side: float
    angle: float
    face: str


def tray(width: int = 640, height: int = 480, seed: int = 0) -> np.ndarray:
    """An empty, unevenly lit beige tray with mild sensor noise."""
    rng = np.random.default_rng(seed)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    light = 1.0 - 0.18 * (((xs - width * 0.4) / width) ** 2 + ((ys - height * 0.3) / height) ** 2)
    base = np.array([150, 178, 196], np.float32)
    frame = light[..., None] * base + rng.normal(0, 3, (height, width, 3))
    image: np.ndarray = np.clip(frame, 0, 255).astype(np.uint8)
    return image


def render(
    dice: list[PlacedDie],
    width: int = 640,
    height: int = 480,
    seed: int = 0,
    art: dict[str, np.ndarray] | None = None,
) -> np.ndarray:
    """A tray frame with ``dice`` on it; ``art`` maps face names to face images (default: drawn)."""
    import cv2

    frame = tray(width, height, seed)
    for die in dice:
        face = art[die.face] if art else draw_face(die.face)
        _shadow(frame, die)
        _paste(frame, _with_edge(face), die)
    return cv2.GaussianBlur(frame, (0, 0), 0.8)


def _with_edge(face: np.ndarray) -> np.ndarray:
    """The face framed by the die's rounded, shaded edge (a tenth of its side)."""
    import cv2

    side = face.shape[0]
    rim = max(2, side // 10)
    edge = (face[0, 0].astype(np.float32) * 0.7).astype(np.uint8).tolist()
    die = np.full((side + 2 * rim, side + 2 * rim, 3), edge, np.uint8)
    die[rim:-rim, rim:-rim] = face
    return cv2.GaussianBlur(die, (3, 3), 0)


def _paste(frame: np.ndarray, image: np.ndarray, die: PlacedDie) -> None:
    """Draw ``image`` turned by the die's angle and scaled to its side, centred on it."""
    import cv2

    size = image.shape[0]
    matrix = cv2.getRotationMatrix2D((size / 2, size / 2), die.angle, die.side / size)
    matrix[:, 2] += (die.x - size / 2, die.y - size / 2)
    shape = frame.shape[1::-1]
    warped = cv2.warpAffine(image, matrix, shape, flags=cv2.INTER_AREA)
    mask = cv2.warpAffine(np.full((size, size), 255, np.uint8), matrix, shape)
    inside = mask > 127
    frame[inside] = warped[inside]


def _shadow(frame: np.ndarray, die: PlacedDie) -> None:
    """Darken the tray under and to the lower right of the die."""
    import cv2

    box = cv2.boxPoints(
        (
            (die.x + die.side * 0.08, die.y + die.side * 0.1),
            (die.side * 1.05, die.side * 1.05),
            -die.angle,
        )
    )
    mask = np.zeros(frame.shape[:2], np.float32)
    cv2.fillConvexPoly(mask, box.astype(np.int32), 1.0)
    soft = cv2.GaussianBlur(mask, (0, 0), die.side * 0.08)
    frame[:] = (frame * (1 - 0.35 * soft[..., None])).astype(np.uint8)


def random_dice(
    faces: tuple[str, ...],
    count: int,
    seed: int,
    width: int = 640,
    height: int = 480,
    side: tuple[float, float] = (48, 64),
) -> list[PlacedDie]:
    """``count`` dice with random faces and turns, placed so none touch."""
    rng = np.random.default_rng(seed)
    placed: list[PlacedDie] = []
    while len(placed) < count:
        s = float(rng.uniform(*side))
        x, y = float(rng.uniform(s, width - s)), float(rng.uniform(s, height - s))
        if all(np.hypot(x - d.x, y - d.y) > 0.9 * (s + d.side) for d in placed):
            face = faces[int(rng.integers(len(faces)))]
            placed.append(PlacedDie(x, y, s, float(rng.uniform(0, 360)), face))
    return placed
