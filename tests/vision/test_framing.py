"""How frames and dice are prepared for the models."""

from __future__ import annotations

import numpy as np

from tablekit.vision import framing


def test_letterbox_keeps_the_aspect_and_pads_grey() -> None:
    frame = np.full((480, 640, 3), 200, np.uint8)
    square, scale = framing.letterbox(frame)
    assert square.shape == (framing.DETECT_SIZE, framing.DETECT_SIZE, 3)
    assert scale == framing.DETECT_SIZE / 640
    assert square[0, 0, 0] == 200
    assert square[-1, 0, 0] == framing.PAD_GREY


def test_die_crop_is_centred_on_the_die() -> None:
    frame = np.zeros((100, 100, 3), np.uint8)
    frame[40:60, 30:50] = 255
    crop = framing.die_crop(frame, 40, 50, 40)
    assert crop.shape == (framing.CROP_SIZE, framing.CROP_SIZE, 3)
    middle = framing.CROP_SIZE // 2
    assert crop[middle, middle, 0] == 255
    assert crop[2, 2, 0] == 0


def test_a_one_is_never_cropped_tighter_than_a_die() -> None:
    pip_only = framing.crop_side(8, 8, 640)
    assert pip_only >= framing.CROP_SCALE * framing.MIN_DIE * 640
    assert framing.crop_side(8, 40, 640) == framing.CROP_SCALE * 32
