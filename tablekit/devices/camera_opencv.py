"""USB webcams through OpenCV's ``VideoCapture``: the desktop and laptop backend."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablekit.devices.camera import Camera, CameraStatus
from tablekit.local.camera_settings import CameraSettings

if TYPE_CHECKING:
    import cv2
    import numpy as np


class OpenCVCamera(Camera):
    """A webcam by device index; a failed grab means it was unplugged."""

    def __init__(self, settings: CameraSettings, capture: cv2.VideoCapture) -> None:
        super().__init__(
            settings, CameraStatus.say(True, "Webcam {device}", device=settings.device)
        )
        self._capture = capture

    @classmethod
    def open(cls, settings: CameraSettings) -> Camera:
        """Open the webcam and apply size and exposure; raise if it is not there."""
        import cv2

        capture = cv2.VideoCapture(settings.device)
        if not capture.isOpened():
            capture.release()
            raise OSError(f"no webcam at index {settings.device}")
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, settings.width)
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, settings.height)
        if settings.exposure_us:
            capture.set(cv2.CAP_PROP_AUTO_EXPOSURE, 1)
            capture.set(cv2.CAP_PROP_EXPOSURE, settings.exposure_us / 100)
        return cls(settings, capture)

    def _grab(self) -> np.ndarray | None:
        ok, frame = self._capture.read()
        if not ok:
            raise OSError("the webcam gave no frame (unplugged?)")
        return frame

    def _release(self) -> None:
        self._capture.release()
