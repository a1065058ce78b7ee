"""The camera factory: open the backend the settings name, and never raise.

It lives apart from :mod:`tablekit.devices.camera` (settings, status and the
:class:`~tablekit.devices.camera.Camera` interface) because it imports every
backend, and every backend imports that interface. Each backend is imported
only when it is chosen, so a laptop without picamera2, or a Pi without a
webcam, still runs the app.
"""

from __future__ import annotations

from collections.abc import Callable

from tablekit.devices.camera import Camera, CameraStatus, NoCamera
from tablekit.local.camera_settings import BACKENDS, CameraSettings


def open_camera(settings: CameraSettings) -> Camera:
    """Open the configured backend; on any failure return a :class:`NoCamera` that says why."""
    if settings.backend == "none":
        why = "No camera is configured; enter rolls by hand."
        return NoCamera(settings, CameraStatus.say(False, why))
    if settings.backend not in BACKENDS:
        unknown = CameraStatus.say(False, "Unknown camera kind {kind!r}.", kind=settings.backend)
        return NoCamera(settings, unknown)
    try:
        return _BACKEND_OPENERS[settings.backend](settings)
    except Exception as error:  # a missing camera must never stop the app
        return NoCamera(
            settings, CameraStatus.say(False, "Camera unavailable: {error}", error=error)
        )


def _open_opencv(settings: CameraSettings) -> Camera:
    from tablekit.devices.camera_opencv import OpenCVCamera

    return OpenCVCamera.open(settings)


def _open_picamera2(settings: CameraSettings) -> Camera:
    from tablekit.devices.camera_picamera2 import PiCamera

    return PiCamera.open(settings)


def _open_replay(settings: CameraSettings) -> Camera:
    from tablekit.devices.camera_replay import ReplayCamera

    return ReplayCamera.open(settings)


_BACKEND_OPENERS: dict[str, Callable[[CameraSettings], Camera]] = {
    "opencv": _open_opencv,
    "picamera2": _open_picamera2,
    "replay": _open_replay,
}
