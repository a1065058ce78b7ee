"""Frames of symbol dice rendered as solid cubes under a tilted camera, with their true faces.

No photos of Mice and Mystics action dice exist to test with, and the flat face art
that :mod:`tablekit.vision.synthetic` pastes is the very art the shipped kit matches
against. Here each die is a cube lying on the table, seen by a pinhole camera tilted
up to :data:`MOST_TILT` degrees from straight down: its top face in perspective, the
side faces the camera can see (darker, other faces of the same die), a soft shadow, a
glare spot on some, and a die whose art differs from the reference in colour, stroke
and shape (a small random warp of the face), so that a reader must cope with dice
that only resemble what it was taught, as a table's real dice do.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from tablekit.vision.faceart import FACE_SIZE, draw_face

MOST_TILT = 30.0
"""The camera's largest tilt from straight down, in degrees (a phone held over a tray)."""

LIGHT = np.array([-0.35, -0.45, 0.82])
"""Where the light comes from (unit vector, z up): above, a little to one side."""


@dataclass(frozen=True)
class Cube:
    """One die: where its top face's centre shows in the frame, its side there in pixels,
    its turn about the vertical in degrees, and its faces: the top, then the four sides."""

    u: float
    v: float
    side: float
    turn: float
    faces: tuple[str, str, str, str, str]


@dataclass(frozen=True)
class Look:
    """How one set of physical dice looks: body and ink colours (BGR), how far its art
    is warped from the reference (a fraction of the face), and its glare's strength."""

    body: tuple[int, int, int]
    ink: tuple[int, int, int]
    warp: float
    glare: float


def random_look(rng: np.random.Generator) -> Look:
    """A set of dice that resembles the reference art: a russet to brown body, cream ink."""
    body = tuple(int(c) for c in np.clip(np.array([38, 92, 176]) + rng.normal(0, 18, 3), 0, 255))
    ink = tuple(int(c) for c in np.clip(np.array([214, 238, 250]) - rng.uniform(0, 40, 3), 0, 255))
    return Look(
        (body[0], body[1], body[2]),
        (ink[0], ink[1], ink[2]),
        float(rng.uniform(0.0, 0.04)),
        float(rng.uniform(0.0, 0.6)),
    )


def render(
    background: np.ndarray,
    cubes: list[Cube],
    look: Look,
    tilt: float,
    rng: np.random.Generator,
) -> np.ndarray:
    """``background`` (BGR) with ``cubes`` drawn on it, seen ``tilt`` degrees off vertical,
    then blurred slightly and given sensor noise. Cubes are drawn farthest first."""
    frame = background.astype(np.float32)
    height, width = frame.shape[:2]
    camera = _Camera(width, height, tilt)
    for cube in sorted(cubes, key=lambda c: c.v):  # nearer the camera is lower in the frame
        _draw(frame, camera, cube, look, rng)
    frame = _blur(frame, float(rng.uniform(0.0, 1.2)))
    frame += rng.normal(0, rng.uniform(1.5, 5.0), frame.shape).astype(np.float32)
    return np.clip(frame, 0, 255).astype(np.uint8)


class _Camera:
    """A pinhole camera above the table plane (z = 0), tilted about its x axis."""

    def __init__(self, width: int, height: int, tilt: float) -> None:
        self.focal = 1.1 * max(width, height)
        self.centre = np.array([width / 2, height / 2])
        t = math.radians(tilt)
        # Columns: the camera's x, y (down the image) and viewing axes, in world coordinates.
        self.axes = np.array(
            [[1.0, 0.0, 0.0], [0.0, -math.cos(t), -math.sin(t)], [0.0, math.sin(t), -math.cos(t)]]
        ).T
        self.position = -self.axes[:, 2] * 10.0  # 10 units from the point it looks at

    def ray(self, u: float, v: float) -> np.ndarray:
        """The world direction of pixel ``(u, v)``."""
        local = np.array(
            [(u - self.centre[0]) / self.focal, (v - self.centre[1]) / self.focal, 1.0]
        )
        return np.asarray(self.axes @ local)

    def ground(self, u: float, v: float, z: float) -> np.ndarray:
        """The world point at height ``z`` that shows at pixel ``(u, v)``."""
        ray = self.ray(u, v)
        return np.asarray(self.position + ray * (z - self.position[2]) / ray[2])

    def project(self, points: np.ndarray) -> np.ndarray:
        """World points (N x 3) to pixels (N x 2)."""
        local = (points - self.position) @ self.axes
        return np.asarray(self.centre + self.focal * local[:, :2] / local[:, 2:3])


def _draw(
    frame: np.ndarray, camera: _Camera, cube: Cube, look: Look, rng: np.random.Generator
) -> None:
    """One cube: its shadow, then each face it turns to the camera, the top last."""
    depth = float(np.linalg.norm(camera.ground(cube.u, cube.v, 0.0) - camera.position))
    size = cube.side * depth / camera.focal  # the world side that shows ``side`` pixels
    top = camera.ground(cube.u, cube.v, size)
    base = np.array([top[0], top[1], 0.0])
    turn = math.radians(cube.turn)
    across = np.array([math.cos(turn), math.sin(turn), 0.0]) * size / 2
    along = np.array([-math.sin(turn), math.cos(turn), 0.0]) * size / 2
    up = np.array([0.0, 0.0, size])
    _shadow(frame, camera, base, across, along, size)
    faces = [
        (base + up, across, along, np.array([0.0, 0.0, 1.0]), cube.faces[0]),
        (base + up / 2 + along, across, -up / 2, along / np.linalg.norm(along), cube.faces[1]),
        (base + up / 2 - along, -across, -up / 2, -along / np.linalg.norm(along), cube.faces[2]),
        (base + up / 2 + across, -along, -up / 2, across / np.linalg.norm(across), cube.faces[3]),
        (base + up / 2 - across, along, -up / 2, -across / np.linalg.norm(across), cube.faces[4]),
    ]
    for centre, right, down, normal, name in sorted(faces, key=lambda f: f[3][2]):
        if float(np.dot(normal, camera.position - centre)) <= 0:
            continue  # turned away
        corners = np.array(
            [
                centre - right - down,
                centre + right - down,
                centre + right + down,
                centre - right + down,
            ]
        )
        light = 0.35 + 0.65 * max(0.0, float(np.dot(normal, LIGHT / np.linalg.norm(LIGHT))))
        art = _art(name, look, rng) * light
        if normal[2] > 0.5 and look.glare > 0:
            art = _glare(art, look.glare, rng)
        _paint(frame, art, camera.project(corners))


def _art(name: str, look: Look, rng: np.random.Generator) -> np.ndarray:
    """The face as this set of dice shows it: its colours, the art warped a little, the
    edges rounded darker as a real die's are. A face named by a number is a d6's pips."""
    import cv2

    art = _pips(int(name), look) if name.isdigit() else draw_face(name, look.body, look.ink)
    art = art.astype(np.float32)
    if look.warp > 0:
        grid = np.mgrid[0:FACE_SIZE, 0:FACE_SIZE].astype(np.float32)
        shift = rng.normal(0, 1, (2, 4, 4)).astype(np.float32)
        field = np.stack(
            [cv2.resize(s, (FACE_SIZE, FACE_SIZE), interpolation=cv2.INTER_CUBIC) for s in shift]
        )
        field *= look.warp * FACE_SIZE
        art = cv2.remap(art, grid[1] + field[1], grid[0] + field[0], cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REFLECT)  # fmt: skip
    ramp = np.minimum(np.arange(FACE_SIZE), np.arange(FACE_SIZE)[::-1]) / (FACE_SIZE * 0.08)
    edge = np.clip(np.minimum.outer(ramp, ramp), 0, 1)
    return np.asarray(art * (0.7 + 0.3 * edge[..., None]))


def _pips(count: int, look: Look) -> np.ndarray:
    """A face of a plain d6 (a stray die among the symbol dice), in this set's colours."""
    import cv2

    from tablekit.vision.symbols import PIP_PLACES

    face = np.full((FACE_SIZE, FACE_SIZE, 3), look.body, np.uint8)
    step, radius = round(FACE_SIZE * 0.27), round(FACE_SIZE * 0.09)
    for x, y in PIP_PLACES[count]:
        centre = (FACE_SIZE // 2 + step * x, FACE_SIZE // 2 + step * y)
        cv2.circle(face, centre, radius, look.ink, cv2.FILLED, cv2.LINE_AA)
    return face


def _glare(art: np.ndarray, strength: float, rng: np.random.Generator) -> np.ndarray:
    """A soft bright spot somewhere on a top face, as a lamp leaves on shiny plastic."""
    x, y = rng.uniform(0.2, 0.8, 2) * FACE_SIZE
    spread = rng.uniform(0.08, 0.2) * FACE_SIZE
    ys, xs = np.mgrid[0:FACE_SIZE, 0:FACE_SIZE]
    spot = np.exp(-((xs - x) ** 2 + (ys - y) ** 2) / (2 * spread**2)) * strength
    return np.asarray(art + (255 - art) * spot[..., None])


def _paint(frame: np.ndarray, art: np.ndarray, quad: np.ndarray) -> None:
    """``art`` mapped onto the frame's quadrilateral ``quad`` (corners clockwise from top left),
    warped only within the quadrilateral's box (a whole-frame warp per face is slow)."""
    import cv2

    height, width = frame.shape[:2]
    left, top = np.maximum(np.floor(quad.min(0)).astype(int) - 1, 0)
    right, bottom = np.minimum(np.ceil(quad.max(0)).astype(int) + 1, (width, height))
    if right <= left or bottom <= top:
        return
    square = np.array([[0, 0], [FACE_SIZE, 0], [FACE_SIZE, FACE_SIZE], [0, FACE_SIZE]], np.float32)
    matrix = cv2.getPerspectiveTransform(square, (quad - (left, top)).astype(np.float32))
    size = (int(right - left), int(bottom - top))
    warped = cv2.warpPerspective(art, matrix, size, flags=cv2.INTER_LINEAR)
    ones = np.ones((FACE_SIZE, FACE_SIZE), np.float32)
    mask = cv2.warpPerspective(ones, matrix, size, flags=cv2.INTER_LINEAR)[..., None]
    box = frame[top:bottom, left:right]
    box *= 1 - mask
    box += warped * mask


def _shadow(
    frame: np.ndarray,
    camera: _Camera,
    base: np.ndarray,
    across: np.ndarray,
    along: np.ndarray,
    size: float,
) -> None:
    """A soft dark patch on the table, cast away from the light."""
    import cv2

    away = -LIGHT[:2] / np.linalg.norm(LIGHT[:2]) * size * 0.45
    centre = base + np.array([away[0], away[1], 0.0])
    corners = np.array(
        [centre - across * 1.1 - along * 1.1, centre + across * 1.1 - along * 1.1,
         centre + across * 1.1 + along * 1.1, centre - across * 1.1 + along * 1.1]
    )  # fmt: skip
    mask = np.zeros(frame.shape[:2], np.float32)
    cv2.fillConvexPoly(mask, camera.project(corners).astype(np.int32), 1.0)
    blur = max(3, int(camera.focal * size / 10.0 * 0.15) | 1)
    soft = cv2.GaussianBlur(mask, (blur, blur), 0)
    frame *= 1 - 0.45 * soft[..., None]


def _blur(frame: np.ndarray, sigma: float) -> np.ndarray:
    """A little defocus (none below a tenth of a pixel)."""
    import cv2

    return frame if sigma < 0.1 else np.asarray(cv2.GaussianBlur(frame, (0, 0), sigma))


def lies_on(x: float, y: float, cube: Cube) -> bool:
    """Whether the point ``(x, y)`` of the frame (a reported die's centre) lies on ``cube``:
    within 0.7 of its side from its top face's centre, the scoring rule of the benchmarks."""
    return bool(math.hypot(x - cube.u, y - cube.v) < 0.7 * cube.side)


def random_cubes(
    rng: np.random.Generator,
    width: int,
    height: int,
    count: int,
    faces: tuple[str, ...],
    top: str | None = None,
) -> list[Cube]:
    """Up to ``count`` dice that do not touch, each 4-9% of the frame's long side, with a
    random top face of ``faces`` (or ``top`` on every one: a frame taught as one face)."""
    placed: list[Cube] = []
    for _ in range(count * 20):
        if len(placed) == count:
            break
        side = float(rng.uniform(0.04, 0.09) * max(width, height))
        u, v = rng.uniform(side * 1.5, width - side * 1.5), rng.uniform(side * 1.8, height - side)
        if any(math.hypot(u - c.u, v - c.v) < 1.9 * max(side, c.side) for c in placed):
            continue
        shown = top if top is not None else str(rng.choice(faces))
        others = [str(f) for f in rng.permutation([f for f in faces if f != shown])]
        a, b, c, d = (others * 4)[:4]
        placed.append(Cube(u, v, side, float(rng.uniform(0, 360)), (shown, a, b, c, d)))
    return placed
