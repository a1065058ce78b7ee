"""Synthetic dice tables and camera effects for ``tools/train_dice.py``.

Dice cut out of the labelled training photos are pasted, with a soft edge and a
shadow, onto tables the photos never showed (procedural wood, felt, cloth, dark and
light trays, and patches of the photos away from every die), and any frame, real
or made, can be seen through a different camera: tilted (a perspective warp), nearer
or farther, under warm or uneven light, with glare, blur, grain and JPEG loss.

Box convention (what the detector learns as a die's size): the whole die as the camera
sees it, which is what tray-mixed-d6 (top-down: the face) and phone-mixed-d6 (oblique:
face and side faces) label. webcam-white-d6 labels only the pip pattern, so its boxes
are grown to the die by :func:`die_boxes` before anything else sees them.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import cv2
import numpy as np

PIP_TO_DIE = 1.45
"""A die's side over its pip pattern's longer side (2-6): the corner pips' outer edges span
about 0.69 of a standard die's face. Grown dice are square (a two's pattern on a die turned
45 degrees is a tall narrow box, its die is not)."""

ONE_PIP_TO_DIE = 2.0
"""A die's side over a one's box in a webcam frame of ones only, a guess for cropping: those
boxes hug the pip in some frames and the whole face in others, so such a die's size is not
taught to the detector (its ``known`` column is 0)."""


FACE_ABOVE = 0.15
"""On an oblique photo the top face's centre lies above the centre of a box that holds the
side faces too: by about a quarter of the box's height at 45 degrees, a fifth at 60, none
from straight above. phone-mixed-d6's centres are moved up by this share of their height,
so the detector learns one centre for every set (the webcam's pip pattern centre is the
top face's): trained on the box centres, it put webcam dice 19 px below their pips, out of
their labelled boxes (11 of 197 held-out webcam dice lost)."""


def die_boxes(set_name: str, dice: np.ndarray) -> np.ndarray:
    """Rows ``x, y, w, h, value`` as ``x, y, w, h, value, known`` with each box grown to the
    whole die (see the module doc) and centred on its top face (:data:`FACE_ABOVE`);
    ``known`` is 0 where the die's size is only a guess.

    A webcam one takes the median size of the frame's other dice; in a frame of ones only
    it is a guess (:data:`ONE_PIP_TO_DIE`)."""
    out = np.c_[dice, np.ones(len(dice))]
    if set_name.startswith("phone"):
        out[:, 1] -= FACE_ABOVE * out[:, 3]
    if not set_name.startswith("webcam") or not len(dice):
        return out
    others = dice[:, 4] != 1
    out[others, 2:4] = PIP_TO_DIE * dice[others, 2:4].max(1, keepdims=True)
    if others.any():
        side = float(np.median(np.sqrt(out[others, 2] * out[others, 3])))
        out[~others, 2:4] = side
    else:
        out[:, 2:4] = dice[:, 2:4].max(1, keepdims=True) * ONE_PIP_TO_DIE
        out[:, 5] = 0
    return out


@dataclass(frozen=True)
class CutDie:
    """One labelled die cut out of a photo: a patch, its soft mask, and the die's box size."""

    patch: np.ndarray
    alpha: np.ndarray
    w: float
    h: float
    value: int


CUT_MARGIN = 1.4
"""A cut patch spans this many times the die's box, so a rotated die keeps its corners."""


def cut_dice(frames: list[tuple[np.ndarray, np.ndarray]], smallest: float = 14.0) -> list[CutDie]:
    """Every labelled die of known size (box at least ``smallest`` px) as a patch with an
    elliptical soft mask a little larger than its box; dice touching the frame's edge are
    left out."""
    bank = []
    for frame, dice in frames:
        height, width = frame.shape[:2]
        for x, y, w, h, value, known in dice:
            side = CUT_MARGIN * max(w, h)
            if not known or max(w, h) < smallest or x - side / 2 < 0 or y - side / 2 < 0:
                continue
            if x + side / 2 > width or y + side / 2 > height:
                continue
            x0, y0 = round(x - side / 2), round(y - side / 2)
            patch = frame[y0 : y0 + round(side), x0 : x0 + round(side)].copy()
            alpha = np.zeros(patch.shape[:2], np.float32)
            centre = (round(x - x0), round(y - y0))
            axes = (max(1, round(0.56 * w)), max(1, round(0.56 * h)))
            cv2.ellipse(alpha, centre, axes, 0, 0, 360, 1.0, -1)
            blur = max(1, round(0.08 * max(w, h))) * 2 + 1
            alpha = cv2.GaussianBlur(alpha, (blur, blur), 0)
            bank.append(CutDie(patch, alpha, float(w), float(h), int(value)))
    return bank


def _noise(rng: np.random.Generator, size: int, cells: int) -> np.ndarray:
    """Smooth noise in -1..1 at ``size`` px from a ``cells`` x ``cells`` random grid."""
    grid = rng.uniform(-1, 1, (cells, cells)).astype(np.float32)
    return cv2.resize(grid, (size, size), interpolation=cv2.INTER_CUBIC)


def _colour(rng: np.random.Generator, low: int, high: int) -> np.ndarray:
    return rng.uniform(low, high, 3).astype(np.float32)


def texture(kind: str, size: int, rng: np.random.Generator) -> np.ndarray:
    """A procedural table top (BGR, ``size`` square): wood, felt, cloth, dark or light tray."""
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    if kind == "wood":
        base = np.array([rng.uniform(40, 120), rng.uniform(80, 170), rng.uniform(120, 220)])
        warp = _noise(rng, size, 4) * rng.uniform(10, 40)
        grain = np.sin((yy + warp) * rng.uniform(0.08, 0.4)) * 0.5 + 0.5
        shade = 1 - rng.uniform(0.1, 0.35) * grain + 0.05 * _noise(rng, size, 48)
        image = base[None, None, :] * shade[..., None]
        if rng.random() < 0.5:
            image = np.rot90(image).copy()
    elif kind == "felt":
        base = rng.choice([(40, 110, 30), (40, 40, 140), (120, 60, 30), (60, 60, 60), (30, 30, 30)])
        base = np.array(base, np.float32) * rng.uniform(0.6, 1.4, 3)
        fuzz = 0.12 * _noise(rng, size, 96) + 0.08 * _noise(rng, size, 8)
        image = base[None, None, :] * (1 + fuzz)[..., None]
    elif kind == "cloth":
        base = _colour(rng, 30, 230)
        pitch = rng.uniform(0.6, 2.0)
        weave = np.sin(xx * pitch) * np.sin(yy * pitch) * rng.uniform(0.04, 0.15)
        folds = 0.15 * _noise(rng, size, 5)
        image = base[None, None, :] * (1 + weave + folds)[..., None]
    elif kind == "dark tray":
        image = _colour(rng, 10, 70)[None, None, :] * (1 + 0.1 * _noise(rng, size, 6))[..., None]
    else:
        image = _colour(rng, 170, 250)[None, None, :] * (1 + 0.06 * _noise(rng, size, 6))[..., None]
    if rng.random() < 0.3:
        rim = int(rng.uniform(0.05, 0.2) * size)
        side = rng.integers(4)
        image = np.rot90(image, side).copy()
        image[:rim] = _colour(rng, 0, 255) * (0.9 + 0.1 * rng.random())
        image = np.rot90(image, -side).copy()
    noisy = image + rng.normal(0, rng.uniform(1, 5), image.shape)
    return np.clip(noisy, 0, 255).astype(np.uint8)


TEXTURES = ("wood", "felt", "cloth", "dark tray", "light tray")


def photo_patch(
    frames: list[tuple[np.ndarray, np.ndarray]], size: int, rng: np.random.Generator
) -> np.ndarray | None:
    """A patch of a training photo holding no labelled die, scaled to ``size`` (None if none
    was found in a few tries)."""
    frame, dice = frames[int(rng.integers(len(frames)))]
    height, width = frame.shape[:2]
    for _ in range(8):
        side = int(rng.uniform(0.25, 0.6) * min(height, width))
        x0, y0 = int(rng.integers(0, width - side + 1)), int(rng.integers(0, height - side + 1))
        if len(dice):
            reach = 0.8 * dice[:, 2:4].max(1)
            clear = (
                (dice[:, 0] + reach < x0)
                | (dice[:, 0] - reach > x0 + side)
                | (dice[:, 1] + reach < y0)
                | (dice[:, 1] - reach > y0 + side)
            )
            if not clear.all():
                continue
        patch = frame[y0 : y0 + side, x0 : x0 + side]
        return cv2.resize(patch, (size, size), interpolation=cv2.INTER_LINEAR)
    return None


def compose(
    bank: list[CutDie],
    frames: list[tuple[np.ndarray, np.ndarray]],
    rng: random.Random,
    size: int = 384,
) -> tuple[np.ndarray, np.ndarray]:
    """A made table: 1-24 cut dice pasted on a new background, some of them touching.

    Returns the BGR image and its dice as rows ``x, y, w, h, value, known`` (known is 1).
    """
    nrng = np.random.default_rng(rng.randrange(2**32))
    table = photo_patch(frames, size, nrng) if rng.random() < 0.3 else None
    if table is None:
        table = texture(rng.choice(TEXTURES), size, nrng)
    canvas = table.astype(np.float32)
    count = rng.choice([1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 14, 20, 24])
    side = math.exp(rng.uniform(math.log(20), math.log(100 if count < 5 else 50)))
    placed: list[tuple[float, float, float, float, int]] = []
    huddle = rng.random() < 0.35
    for _ in range(count * 4):
        if len(placed) == count:
            break
        die = bank[rng.randrange(len(bank))]
        scale = side * rng.uniform(0.85, 1.15) / max(math.sqrt(die.w * die.h), 1.0)
        w, h = die.w * scale, die.h * scale
        if huddle and placed:
            px, py, pw, ph, _ = placed[rng.randrange(len(placed))]
            turn = rng.uniform(0, 2 * math.pi)
            reach = rng.uniform(0.45, 0.6) * (max(pw, ph) + max(w, h))
            x, y = px + reach * math.cos(turn), py + reach * math.sin(turn)
        else:
            x, y = rng.uniform(0.6 * w, size - 0.6 * w), rng.uniform(0.6 * h, size - 0.6 * h)
        if not (0.5 * w < x < size - 0.5 * w and 0.5 * h < y < size - 0.5 * h):
            continue
        gap = 0.42 if huddle else 0.55
        if any(
            math.hypot(x - p[0], y - p[1]) < gap * (max(w, h) + max(p[2], p[3])) for p in placed
        ):
            continue
        _paste(canvas, die, x, y, scale, rng.uniform(-25, 25), rng)
        placed.append((x, y, w, h, die.value))
    image = np.clip(canvas, 0, 255).astype(np.uint8)
    return image, np.c_[np.array(placed, np.float64).reshape(-1, 5), np.ones(len(placed))]


def _paste(
    canvas: np.ndarray,
    die: CutDie,
    x: float,
    y: float,
    scale: float,
    angle: float,
    rng: random.Random,
) -> None:
    """Blend one cut die onto ``canvas`` (float BGR) at ``(x, y)``, with a soft shadow."""
    reach = math.ceil(0.75 * scale * max(die.patch.shape[:2])) + 2
    x0, y0 = max(0, int(x) - reach), max(0, int(y) - reach)
    x1, y1 = min(canvas.shape[1], int(x) + reach), min(canvas.shape[0], int(y) + reach)
    if x1 <= x0 or y1 <= y0:
        return
    region = canvas[y0:y1, x0:x1]
    size = (x1 - x0, y1 - y0)
    centre = (die.patch.shape[1] / 2, die.patch.shape[0] / 2)
    matrix = cv2.getRotationMatrix2D(centre, angle, scale)
    matrix[:, 2] += (x - x0 - centre[0], y - y0 - centre[1])
    alpha = cv2.warpAffine(die.alpha, matrix, size)
    patch = jitter_hue(die.patch, rng) if rng.random() < 0.3 else die.patch
    pixels = cv2.warpAffine(patch, matrix, size).astype(np.float32)
    if rng.random() < 0.7:
        dx, dy = rng.uniform(-0.15, 0.15) * die.w * scale, 0.1 * die.h * scale
        shadow = cv2.warpAffine(alpha, np.float32([[1, 0, dx], [0, 1, dy]]), size)
        region *= 1 - rng.uniform(0.2, 0.5) * shadow[..., None]
    region[:] = region * (1 - alpha[..., None]) + pixels * alpha[..., None]


def jitter_hue(image: np.ndarray, rng: random.Random) -> np.ndarray:
    """The image with its hue turned and saturation scaled (a die of another colour)."""
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV).astype(np.int16)
    hsv[..., 0] = (hsv[..., 0] + rng.randint(0, 179)) % 180
    hsv[..., 1] = np.clip(hsv[..., 1] * rng.uniform(0.6, 1.4), 0, 255)
    return cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR)


def tilt(size: int, rng: random.Random, most: float) -> np.ndarray:
    """A 3x3 perspective about the centre of a ``size`` square: the camera tilted up to ``most``
    (in units of the square's side at its far edge), either way, in either axis."""
    half = size / 2
    px, py = (rng.uniform(-most, most) / half for _ in range(2))
    centre = np.array([[1, 0, -half], [0, 1, -half], [0, 0, 1]], np.float64)
    bend = np.array([[1, 0, 0], [0, 1, 0], [px, py, 1]], np.float64)
    back = np.array([[1, 0, half], [0, 1, half], [0, 0, 1]], np.float64)
    return back @ bend @ centre


def local_scale(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    """How much the perspective ``matrix`` scales lengths at each point (sqrt of its Jacobian)."""
    ones = np.ones((len(points), 1))
    base = np.c_[points, ones] @ matrix.T
    step_x = np.c_[points + [1, 0], ones] @ matrix.T
    step_y = np.c_[points + [0, 1], ones] @ matrix.T
    at = base[:, :2] / base[:, 2:]
    jx = step_x[:, :2] / step_x[:, 2:] - at
    jy = step_y[:, :2] / step_y[:, 2:] - at
    det = np.abs(jx[:, 0] * jy[:, 1] - jx[:, 1] * jy[:, 0])
    result: np.ndarray = np.sqrt(det)
    return result


def camera(image: np.ndarray, rng: random.Random) -> np.ndarray:
    """The image as another camera and light would give it: uneven or warm light, glare
    spots, blur, grain and JPEG loss, each at random."""
    height, width = image.shape[:2]
    out = image.astype(np.float32)
    nrng = np.random.default_rng(rng.randrange(2**32))
    if rng.random() < 0.5:
        light = 1 + rng.uniform(0.1, 0.5) * _noise(nrng, max(height, width), 3)[:height, :width]
        out *= light[..., None]
    if rng.random() < 0.3:
        out *= np.array([rng.uniform(0.7, 1.0), rng.uniform(0.9, 1.0), rng.uniform(1.0, 1.15)])
    if rng.random() < 0.35:
        for _ in range(rng.randint(1, 6)):
            spot = np.zeros((height, width), np.float32)
            radius = rng.uniform(1.5, 0.04 * max(height, width))
            centre = (rng.randrange(width), rng.randrange(height))
            cv2.circle(spot, centre, max(1, round(radius)), 1.0, -1)
            spot = cv2.GaussianBlur(spot, (0, 0), max(0.8, radius / 2))
            out += rng.uniform(80, 255) * spot[..., None]
    if rng.random() < 0.35:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.5, 2.0))
    if rng.random() < 0.3:
        out += nrng.normal(0, rng.uniform(2, 10), out.shape)
    result = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        quality = [int(cv2.IMWRITE_JPEG_QUALITY), rng.randint(25, 85)]
        result = cv2.imdecode(cv2.imencode(".jpg", result, quality)[1], cv2.IMREAD_COLOR)
    return result
