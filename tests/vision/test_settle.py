"""Settle detection on a synthetic sequence of a die rolling, bouncing and stopping."""

from __future__ import annotations

import cv2
import numpy as np

from tablekit.vision.settle import SettleDetector, TrayState


def _tray_with_die(x: int, y: int, angle: float, noise_seed: int) -> np.ndarray:
    """A grey tray with camera noise and a white die (with pips) at ``(x, y)``."""
    rng = np.random.default_rng(noise_seed)
    frame = np.clip(rng.normal(120, 3, (240, 320, 3)), 0, 255).astype(np.uint8)
    box = cv2.boxPoints(((x, y), (30, 30), angle)).astype(np.int32)
    cv2.fillConvexPoly(frame, box, (235, 235, 235))
    cv2.circle(frame, (x, y), 4, (20, 20, 20), -1)
    return frame


def _rolling_sequence() -> list[np.ndarray]:
    """Eight frames of a die crossing the tray, then eight frames of it lying still."""
    path = [(40 + 25 * i, 60 + 12 * i, 37.0 * i) for i in range(8)]
    path += [path[-1]] * 8
    return [_tray_with_die(x, y, a, seed) for seed, (x, y, a) in enumerate(path)]


def test_a_rolling_die_settles_only_after_enough_still_frames() -> None:
    detector = SettleDetector(still_frames=4)
    states = [detector.push(frame) for frame in _rolling_sequence()]
    assert states[:8] == [TrayState.MOVING] * 8
    assert states[8:11] == [TrayState.SETTLING] * 3
    assert states[11:] == [TrayState.SETTLED] * 5


def test_a_nudge_unsettles_the_tray() -> None:
    detector = SettleDetector(still_frames=2)
    still = _tray_with_die(100, 100, 0, 1)
    for seed in range(3):
        detector.push(_tray_with_die(100, 100, 0, seed))
    assert detector.state is TrayState.SETTLED
    assert detector.push(_tray_with_die(112, 100, 10, 9)) is TrayState.MOVING
    detector.reset()
    assert detector.push(still) is TrayState.MOVING


def test_camera_noise_alone_is_not_motion() -> None:
    detector = SettleDetector(still_frames=3)
    states = [detector.push(_tray_with_die(160, 120, 20, seed)) for seed in range(5)]
    assert states[-1] is TrayState.SETTLED
