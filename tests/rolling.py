"""Synthetic frames of a die rolling across a tray and coming to rest."""

from __future__ import annotations

import cv2
import numpy as np


def tray_with_die(x: int, y: int, angle: float, noise_seed: int) -> np.ndarray:
    """A grey tray with camera noise and a white die (with pips) at ``(x, y)``."""
    rng = np.random.default_rng(noise_seed)
    frame = np.clip(rng.normal(120, 3, (240, 320, 3)), 0, 255).astype(np.uint8)
    box = cv2.boxPoints(((x, y), (30, 30), angle)).astype(np.int32)
    cv2.fillConvexPoly(frame, box, (235, 235, 235))
    cv2.circle(frame, (x, y), 4, (20, 20, 20), -1)
    return frame


def rolling_sequence() -> list[np.ndarray]:
    """Eight frames of a die crossing the tray, then eight frames of it lying still."""
    path = [(40 + 25 * i, 60 + 12 * i, 37.0 * i) for i in range(8)]
    path += [path[-1]] * 8
    return [tray_with_die(x, y, a, seed) for seed, (x, y, a) in enumerate(path)]
