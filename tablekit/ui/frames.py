"""Camera frames on screen: a BGR numpy frame turned into a scaled pygame image."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    import numpy as np


def frame_image(frame: np.ndarray, scale: float) -> pygame.Surface:
    """``frame`` resized by ``scale`` as a display-ready image (cv2 is imported only here)."""
    import cv2

    height, width = frame.shape[:2]
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    rgb = cv2.cvtColor(cv2.resize(frame, size, interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2RGB)
    return pygame.image.frombuffer(rgb.tobytes(), size, "RGB").convert()
