"""Calibration for a fixed tray: crop, white balance and exposure from the empty tray."""

from __future__ import annotations

import numpy as np

from tablekit.vision.calibrate import (
    calibrate_tray,
    exposure_step,
    prepare,
    tray_roi,
    white_balance_gains,
)


def _empty_tray(tint: tuple[int, int, int] = (120, 150, 190)) -> np.ndarray:
    """A dark table with a bright, tinted tray floor at x 100-499, y 60-379."""
    frame = np.full((480, 640, 3), 25, np.uint8)
    frame[60:380, 100:500] = tint
    return frame


def test_the_tray_floor_becomes_the_region_of_interest() -> None:
    x, y, w, h = tray_roi(_empty_tray(), margin=0)
    assert (x, y, w, h) == (100, 60, 400, 320)


def test_a_featureless_frame_keeps_the_whole_view() -> None:
    assert tray_roi(np.full((120, 160, 3), 90, np.uint8)) == (0, 0, 160, 120)


def test_gains_make_the_tinted_floor_grey() -> None:
    floor = _empty_tray()[60:380, 100:500]
    balanced = prepare(floor, (0, 0, 0, 0), white_balance_gains(floor))
    b, g, r = balanced.reshape(-1, 3).mean(0)
    assert max(b, g, r) - min(b, g, r) < 2


def test_prepare_crops_before_it_balances() -> None:
    frame = _empty_tray()
    out = prepare(frame, (100, 60, 10, 5), (1.0, 1.0, 1.0))
    assert out.shape == (5, 10, 3)
    assert out[0, 0].tolist() == [120, 150, 190]


def test_exposure_moves_toward_the_target_and_is_bounded() -> None:
    dark = np.full((10, 10, 3), 50, np.uint8)
    bright = np.full((10, 10, 3), 250, np.uint8)
    assert exposure_step(dark, 10_000) == 20_000
    assert 5_000 <= exposure_step(bright, 10_000) < 10_000


def test_calibrating_an_empty_tray_gives_all_three_values() -> None:
    roi, gains, exposure = calibrate_tray(_empty_tray((150, 150, 150)), 8_000)
    assert roi[2] >= 400 and roi[3] >= 320
    assert gains == (1.0, 1.0, 1.0)
    assert exposure == 8_000
