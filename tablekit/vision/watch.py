"""Watch a tray frame by frame and give one voted reading once it has settled.

This is the whole "read when still" rule in one place: frames of a moving
tray are only compared, the first ``votes`` frames of a settled tray are read,
and their readings are voted into one. Motion before the vote is complete
starts the count again. After the vote the watch just repeats its answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from tablekit.vision.reading import Reading
from tablekit.vision.settle import SettleDetector, TrayState
from tablekit.vision.vote import vote

VOTES = 3
"""Frames of a settled tray that are read and voted over."""


@dataclass
class TrayWatch:
    """Push frames in order; :meth:`push` answers ``None`` until the voted reading is ready."""

    reader: Callable[[np.ndarray], Reading]
    votes: int = VOTES
    settle: SettleDetector = field(default_factory=SettleDetector)
    _readings: list[Reading] = field(default_factory=list)
    _answer: Reading | None = None

    def push(self, frame: np.ndarray) -> Reading | None:
        """Take the next frame; the voted reading once the tray has settled, else ``None``."""
        if self._answer is not None:
            return self._answer
        if self.settle.push(frame) is not TrayState.SETTLED:
            self._readings.clear()
            return None
        self._readings.append(self.reader(frame))
        if len(self._readings) >= self.votes:
            self._answer = vote(self._readings)
        return self._answer
