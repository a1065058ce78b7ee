"""The Raspberry Pi camera through picamera2 (from apt, seen by a ``--system-site-packages`` venv).

picamera2 is imported only here and only when this backend is opened; it is
never a pip dependency.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablekit.devices.camera import Camera, CameraStatus
from tablekit.local.camera_settings import CameraSettings

if TYPE_CHECKING:
    import numpy as np


class PiCamera(Camera):
    """A running Picamera2 delivering BGR frames of the configured size."""

    def __init__(self, settings: CameraSettings, camera: Any) -> None:
        super().__init__(settings, CameraStatus.say(True, "Raspberry Pi camera"))
        self._camera = camera

    @classmethod
    def open(cls, settings: CameraSettings) -> Camera:
        """Start the camera with fixed exposure and gain when the calibration set them."""
        try:
            from picamera2 import Picamera2
        except ImportError as error:
            raise OSError("picamera2 is not installed (apt install python3-picamera2)") from error
        camera = Picamera2()
        size = (settings.width, settings.height)
        camera.configure(camera.create_video_configuration(main={"size": size, "format": "RGB888"}))
        camera.set_controls(exposure_controls(settings))
        camera.start()
        return cls(settings, camera)

    def _grab(self) -> np.ndarray | None:
        frame: np.ndarray = self._camera.capture_array()
        return frame

    def _release(self) -> None:
        self._camera.stop()
        self._camera.close()


def exposure_controls(settings: CameraSettings) -> dict[str, Any]:
    """libcamera controls for the calibrated exposure; empty means fully automatic."""
    controls: dict[str, Any] = {}
    if settings.exposure_us:
        controls.update(AeEnable=False, ExposureTime=settings.exposure_us)
    if settings.analogue_gain:
        controls["AnalogueGain"] = settings.analogue_gain
    return controls
