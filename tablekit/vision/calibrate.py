"""Calibration for a fixed tray: crop to the tray, and white balance from its empty floor.

The camera applies :func:`prepare` to every frame; the settings screen calls
:func:`white_balance_gains` and :func:`exposure_step` on frames of the empty
tray and saves the result in the ``[camera]`` config table.
"""

from __future__ import annotations

import numpy as np

NO_GAIN = (1.0, 1.0, 1.0)
TARGET_BRIGHTNESS = 150.0
"""Mean grey level (0-255) that calibration aims the empty tray at."""


def prepare(
    frame: np.ndarray, roi: tuple[int, int, int, int], gains: tuple[float, float, float]
) -> np.ndarray:
    """Crop ``frame`` to ``roi`` (x, y, w, h; zero size means whole) and apply BGR gains."""
    x, y, w, h = roi
    if w > 0 and h > 0:
        frame = frame[y : y + h, x : x + w]
    if tuple(gains) == NO_GAIN:
        return frame
    import cv2

    return cv2.multiply(frame, np.array([*gains, 0.0]), dtype=cv2.CV_8U)


def white_balance_gains(empty_tray: np.ndarray) -> tuple[float, float, float]:
    """BGR gains that make the empty tray grey (grey-world on its brighter half)."""
    pixels = empty_tray.reshape(-1, 3).astype(np.float64)
    bright = pixels[pixels.sum(1) >= np.median(pixels.sum(1))]
    means = bright.mean(0)
    gains = means.mean() / np.maximum(means, 1.0)
    return (round(float(gains[0]), 3), round(float(gains[1]), 3), round(float(gains[2]), 3))


def exposure_step(frame: np.ndarray, exposure_us: int) -> int:
    """The next exposure time to try so the tray's mean brightness nears the target."""
    mean = float(frame.mean())
    ratio = float(np.clip(TARGET_BRIGHTNESS / max(mean, 1.0), 0.5, 2.0))
    return max(100, round(exposure_us * ratio))


def tray_roi(empty_tray: np.ndarray, margin: int = 8) -> tuple[int, int, int, int]:
    """The bounding box of the largest bright region (the tray floor), grown by ``margin``.

    Returns the whole frame when nothing stands out.
    """
    import cv2

    grey = cv2.cvtColor(empty_tray, cv2.COLOR_BGR2GRAY)
    _, mask = cv2.threshold(
        cv2.GaussianBlur(grey, (9, 9), 0), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU
    )
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    height, width = grey.shape
    if not contours:
        return (0, 0, width, height)
    x, y, w, h = cv2.boundingRect(max(contours, key=cv2.contourArea))
    if w * h < 0.1 * width * height:
        return (0, 0, width, height)
    x0, y0 = max(x - margin, 0), max(y - margin, 0)
    return (x0, y0, min(x + w + margin, width) - x0, min(y + h + margin, height) - y0)


def calibrate_tray(
    empty_tray: np.ndarray, exposure_us: int
) -> tuple[tuple[int, int, int, int], tuple[float, float, float], int]:
    """Region of interest, white balance gains and next exposure from one empty-tray frame.

    The frame is the camera's raw view (before any crop or gains); the caller
    stores the three values in :class:`tablekit.devices.camera.CameraSettings`.
    """
    x, y, w, h = tray_roi(empty_tray, margin=0)
    floor = empty_tray[y : y + h, x : x + w]
    return tray_roi(empty_tray), white_balance_gains(floor), exposure_step(floor, exposure_us)
