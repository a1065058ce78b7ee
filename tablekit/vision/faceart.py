"""Face art for symbol dice, drawn from plain shapes for this project (no copied game art).

The Mice and Mystics action die has six faces named as the rules name them
(:class:`tablekit.rules.mice_mystics.dice.Face`).
The art is the reader's shipped reference view for ``--kind mm-action`` and
the source of the synthetic test frames; ``python -m tablekit.vision.faceart
DIR`` writes it as PNG files (``tablekit/assets/dice/mm-action/`` holds the shipped set).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from tablekit.rules.mice_mystics.dice import Face

MM_ACTION_FACES: tuple[str, ...] = tuple(face.value for face in Face)
"""The action die's face names, in the rules' order."""

FACE_SIZE = 128
BODY = (38, 92, 176)
"""BGR of the die body: a russet orange."""
INK = (214, 238, 250)
"""BGR of the symbols: cream."""

Point = tuple[float, float]
Colour = tuple[int, int, int]
"""A BGR colour."""


def draw_face(name: str, body: Colour = BODY, ink: Colour = INK) -> np.ndarray:
    """The face ``name`` as a FACE_SIZE square BGR image: symbols on a plain body."""
    face = np.full((FACE_SIZE, FACE_SIZE, 3), body, np.uint8)
    for part in name.split("_"):
        PARTS[part](face, _place(name, part), ink, body)
    return face


def _place(name: str, part: str) -> tuple[Point, float]:
    """Where a symbol sits on the face and how large, given the symbols beside it."""
    layouts: dict[str, dict[str, tuple[Point, float]]] = {
        "sword_star": {"sword": ((0.42, 0.55), 0.8), "star": ((0.75, 0.25), 0.3)},
        "bow_star": {"bow": ((0.42, 0.55), 0.8), "star": ((0.75, 0.25), 0.3)},
        "sword_shield": {"sword": ((0.36, 0.5), 0.8), "shield": ((0.66, 0.55), 0.5)},
        "sword_shield_star": {
            "sword": ((0.3, 0.55), 0.75),
            "shield": ((0.62, 0.62), 0.45),
            "star": ((0.76, 0.22), 0.28),
        },
    }
    (x, y), size = layouts.get(name, {}).get(part, ((0.5, 0.5), 0.8))
    return (x * FACE_SIZE, y * FACE_SIZE), size * FACE_SIZE


def _pts(points: list[Point]) -> np.ndarray:
    return np.array(points, np.float32).round().astype(np.int32)


def draw_sword(face: np.ndarray, at: tuple[Point, float], ink: Colour, body: Colour) -> None:
    """A straight sword pointing up and slightly right: blade, cross-guard, grip, pommel."""
    import cv2

    (cx, cy), size = at
    unit = size / 10
    blade = [
        (cx - 0.5 * unit, cy + 1.5 * unit),
        (cx - 0.5 * unit, cy - 3.8 * unit),
        (cx, cy - 4.8 * unit),
        (cx + 0.5 * unit, cy - 3.8 * unit),
        (cx + 0.5 * unit, cy + 1.5 * unit),
    ]
    cv2.fillPoly(face, [_pts(blade)], ink, cv2.LINE_AA)
    guard = (_ipt(cx - 1.8 * unit, cy + 1.5 * unit), _ipt(cx + 1.8 * unit, cy + 2.1 * unit))
    grip = (_ipt(cx - 0.3 * unit, cy + 2.1 * unit), _ipt(cx + 0.3 * unit, cy + 3.8 * unit))
    for corner, opposite in (guard, grip):
        cv2.rectangle(face, corner, opposite, ink, -1, cv2.LINE_AA)
    cv2.circle(face, _ipt(cx, cy + 4.3 * unit), round(0.6 * unit), ink, -1, cv2.LINE_AA)


def draw_bow(face: np.ndarray, at: tuple[Point, float], ink: Colour, body: Colour) -> None:
    """A drawn bow: a thick arc, its string, and an arrow across it."""
    import cv2

    (cx, cy), size = at
    unit = size / 10
    centre, axes = _ipt(cx - 1.5 * unit, cy), (round(3.5 * unit), round(4.5 * unit))
    cv2.ellipse(face, centre, axes, 0, -80, 80, ink, max(2, round(0.8 * unit)), cv2.LINE_AA)
    top, bottom = (cx - 0.9 * unit, cy - 4.4 * unit), (cx - 0.9 * unit, cy + 4.4 * unit)
    cv2.line(face, _ipt(*top), _ipt(*bottom), ink, max(1, round(0.25 * unit)), cv2.LINE_AA)
    cv2.line(
        face,
        _ipt(cx - 2.5 * unit, cy),
        _ipt(cx + 3.2 * unit, cy),
        ink,
        max(1, round(0.35 * unit)),
        cv2.LINE_AA,
    )
    head = [
        (cx + 4.2 * unit, cy),
        (cx + 2.8 * unit, cy - 0.9 * unit),
        (cx + 2.8 * unit, cy + 0.9 * unit),
    ]
    cv2.fillPoly(face, [_pts(head)], ink, cv2.LINE_AA)
    for dy in (-0.7, 0.7):
        cv2.line(
            face,
            _ipt(cx - 2.5 * unit, cy),
            _ipt(cx - 3.4 * unit, cy + dy * unit),
            ink,
            max(1, round(0.3 * unit)),
            cv2.LINE_AA,
        )


def draw_shield(face: np.ndarray, at: tuple[Point, float], ink: Colour, body: Colour) -> None:
    """A heater shield with a band across it."""
    import cv2

    (cx, cy), size = at
    unit = size / 10
    outline = [
        (cx - 4 * unit, cy - 4 * unit),
        (cx + 4 * unit, cy - 4 * unit),
        (cx + 4 * unit, cy),
        (cx + 2.5 * unit, cy + 3 * unit),
        (cx, cy + 4.8 * unit),
        (cx - 2.5 * unit, cy + 3 * unit),
        (cx - 4 * unit, cy),
    ]
    cv2.fillPoly(face, [_pts(outline)], ink, cv2.LINE_AA)
    cv2.line(
        face,
        _ipt(cx, cy - 3 * unit),
        _ipt(cx, cy + 3.2 * unit),
        body,
        max(1, round(0.8 * unit)),
        cv2.LINE_AA,
    )


def draw_cheese(face: np.ndarray, at: tuple[Point, float], ink: Colour, body: Colour) -> None:
    """A wedge of cheese with three holes."""
    import cv2

    (cx, cy), size = at
    unit = size / 10
    wedge = [
        (cx - 4.5 * unit, cy + 3 * unit),
        (cx + 4.5 * unit, cy + 3 * unit),
        (cx + 4.5 * unit, cy - 1 * unit),
        (cx - 4.5 * unit, cy - 3.5 * unit),
    ]
    cv2.fillPoly(face, [_pts(wedge)], ink, cv2.LINE_AA)
    for hx, hy, r in ((-2.2, 0.6, 0.9), (1.2, 1.4, 1.1), (2.6, -0.2, 0.6)):
        cv2.circle(
            face, _ipt(cx + hx * unit, cy + hy * unit), round(r * unit), body, -1, cv2.LINE_AA
        )


def draw_star(face: np.ndarray, at: tuple[Point, float], ink: Colour, body: Colour) -> None:
    """A five-pointed star."""
    import cv2

    (cx, cy), size = at
    points = []
    for i in range(10):
        radius = size / 2 if i % 2 == 0 else size / 5
        turn = -np.pi / 2 + i * np.pi / 5
        points.append((cx + radius * np.cos(turn), cy + radius * np.sin(turn)))
    cv2.fillPoly(face, [_pts(points)], ink, cv2.LINE_AA)


def _ipt(x: float, y: float) -> tuple[int, int]:
    return round(x), round(y)


PARTS: dict[str, Callable[[np.ndarray, tuple[Point, float], Colour, Colour], None]] = {
    "sword": draw_sword,
    "bow": draw_bow,
    "shield": draw_shield,
    "cheese": draw_cheese,
    "star": draw_star,
}


def write_art(folder: Path) -> list[Path]:
    """Write every Mice and Mystics action face as ``folder/NAME.png``."""
    import cv2

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in MM_ACTION_FACES:
        path = folder / f"{name}.png"
        cv2.imwrite(str(path), draw_face(name))
        paths.append(path)
    return paths


if __name__ == "__main__":
    default = "tablekit/assets/dice/mm-action"
    for written in write_art(Path(sys.argv[1] if len(sys.argv) > 1 else default)):
        print(written)
