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


def fit(frame: np.ndarray, view: pygame.Rect) -> tuple[float, int, int]:
    """Scale and top-left corner that fit ``frame`` into ``view``, centred."""
    height, width = frame.shape[:2]
    scale = min(view.width / width, view.height / height)
    return (
        scale,
        view.x + (view.width - round(width * scale)) // 2,
        view.y + (view.height - round(height * scale)) // 2,
    )


class FrameImage:
    """The shown frame as an image, converted once per frame and scale (not once per draw)."""

    def __init__(self) -> None:
        self._frame: np.ndarray | None = None
        self._scale = 0.0
        self._image: pygame.Surface | None = None

    def of(self, frame: np.ndarray, scale: float) -> pygame.Surface:
        """``frame`` at ``scale``, made again only when either has changed."""
        if self._image is None or frame is not self._frame or scale != self._scale:
            self._frame, self._scale, self._image = frame, scale, frame_image(frame, scale)
        return self._image
