"""Settle detection: read the tray only once nothing has moved for a few frames.

Each frame is shrunk to a small grey thumbnail; a frame is still when almost
no thumbnail pixel changed since the previous one. The tray is settled after
``still_frames`` still frames in a row, and stays settled until motion returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

import numpy as np

THUMB_WIDTH = 96


class TrayState(Enum):
    """What the tray is doing now."""

    MOVING = "moving"
    SETTLING = "settling"
    SETTLED = "settled"


@dataclass
class SettleDetector:
    """Feed frames with :meth:`push`; it answers the tray's state after each.

    ``change_level`` is the grey-level change (0-255) that counts a thumbnail
    pixel as changed; ``moving_fraction`` the share of changed pixels that
    makes a frame "moving" (a die is a few percent of the tray).
    """

    still_frames: int = 4
    change_level: int = 18
    moving_fraction: float = 0.002
    _previous: np.ndarray | None = field(default=None, repr=False)
    _still: int = 0

    def push(self, frame: np.ndarray) -> TrayState:
        """Compare with the last frame and return the tray's state."""
        thumb = _thumbnail(frame)
        if self._previous is None or self._previous.shape != thumb.shape:
            self._still = 0
        else:
            changed = np.abs(thumb.astype(np.int16) - self._previous) > self.change_level
            self._still = self._still + 1 if changed.mean() <= self.moving_fraction else 0
        self._previous = thumb
        return self.state

    @property
    def state(self) -> TrayState:
        """The state after the last pushed frame."""
        if self._still >= self.still_frames:
            return TrayState.SETTLED
        return TrayState.SETTLING if self._still else TrayState.MOVING

    def reset(self) -> None:
        """Forget the past, e.g. when a new roll is asked for."""
        self._previous = None
        self._still = 0


def _thumbnail(frame: np.ndarray) -> np.ndarray:
    """A blurred grey thumbnail, small enough to compare in well under a millisecond."""
    import cv2

    height, width = frame.shape[:2]
    size = (THUMB_WIDTH, max(1, round(height * THUMB_WIDTH / width)))
    grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    small = cv2.resize(grey, size, interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(small, (3, 3), 0).astype(np.int16)
