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


class Pace:
    """Says when the next camera frame is due, so a scene reads at a steady, cheap rate."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.waited = 0.0

    def due(self, dt: float) -> bool:
        """Count ``dt`` seconds; True once ``interval`` has passed (and start again)."""
        self.waited += dt
        if self.waited < self.interval:
            return False
        self.waited = 0.0
        return True
