"""A camera that replays a folder of images or a video file: for tests, demos and benchmarks."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablekit.devices.camera import Camera, CameraStatus
from tablekit.local.camera_settings import CameraSettings
from tablekit.vision.framing import WORK_SIDE
from tablekit.vision.imagefile import ImageRefused, load_image, max_pixels

if TYPE_CHECKING:
    import numpy as np

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp"}


class ReplayCamera(Camera):
    """Frames from files in name order (or a video), looping if the settings say so.

    Frames are paced at ``replay_fps`` when a clock is given; tests pass
    ``clock=None`` to get one frame per :meth:`read`.
    """

    def __init__(self, settings: CameraSettings, source: _Source, clock: Any = time.monotonic):
        replaying = CameraStatus.say(True, "Replaying {path}", path=settings.replay_path)
        super().__init__(settings, replaying)
        self._source = source
        self._clock = clock
        self._next_at = 0.0
        self._last: np.ndarray | None = None

    @classmethod
    def open(cls, settings: CameraSettings, clock: Any = time.monotonic) -> ReplayCamera:
        """Open the folder or video named by ``replay_path``; raise if it has no frames."""
        path = Path(settings.replay_path).expanduser()
        if path.is_dir():
            files = sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            if not files:
                raise OSError(f"no images in {path}")
            limit = max_pixels(settings.max_megapixels)
            return cls(settings, _Images(files, settings.replay_loop, limit), clock)
        if path.is_file():
            return cls(settings, _Video(path, settings.replay_loop), clock)
        raise OSError(f"nothing to replay at {path}")

    def _grab(self) -> np.ndarray | None:
        if self._clock is not None:
            now = self._clock()
            if now < self._next_at and self._last is not None:
                return self._last
            self._next_at = now + 1.0 / max(self.settings.replay_fps, 0.1)
        frame = self._source.next()
        if frame is None:
            self.status = CameraStatus.say(False, "The replay has ended.")
            return None
        self._last = frame
        return frame

    def _release(self) -> None:
        self._source.close()


class _Source:
    def next(self) -> np.ndarray | None:
        raise NotImplementedError

    def close(self) -> None:
        return None


class _Images(_Source):
    """Image files in order; ``None`` after the last unless looping.

    Each file is checked from its header first (:func:`load_image`): one with
    more than ``limit`` pixels, or one that is no image, stops the replay with
    a sentence naming it. A JPEG cut short is replayed as far as it decodes.
    """

    def __init__(self, files: list[Path], loop: bool, limit: int = max_pixels()) -> None:
        self._files = files
        self._loop = loop
        self._limit = limit
        self._index = 0

    def next(self) -> np.ndarray | None:
        if self._index >= len(self._files):
            if not self._loop:
                return None
            self._index = 0
        path = self._files[self._index]
        self._index += 1
        try:
            # no reader works above WORK_SIDE: a large JPEG is decoded already shrunk to it
            return load_image(path, limit=self._limit, work_side=WORK_SIDE).frame
        except ImageRefused as error:
            raise OSError(f"cannot read {path.name}: {error}") from None
        except OSError as error:
            raise OSError(f"cannot read {path.name}: {error.strerror or error}") from None


class _Video(_Source):
    """A video file through ``VideoCapture``, rewound at the end when looping."""

    def __init__(self, path: Path, loop: bool) -> None:
        import cv2

        self._capture = cv2.VideoCapture(str(path))
        if not self._capture.isOpened():
            raise OSError(f"cannot open video {path.name}")
        self._loop = loop

    def next(self) -> np.ndarray | None:
        import cv2

        ok, frame = self._capture.read()
        if not ok and self._loop:
            self._capture.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, frame = self._capture.read()
        return frame if ok else None

    def close(self) -> None:
        self._capture.release()
