"""The camera seam: settings from config, one interface, and the stand-in for no camera.

Backends live one per module (``camera_opencv``, ``camera_picamera2``,
``camera_replay``) and import their library only when opened, so a laptop
without picamera2, or a Pi without a webcam, still runs the app;
:func:`tablekit.devices.cameras.open_camera` chooses and opens one. A camera that
is missing, unplugged or fails later reports why in :attr:`Camera.status` and
returns no frames; the roll then falls back to manual entry.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tablekit.local.camera_settings import CameraSettings

if TYPE_CHECKING:
    import numpy as np


@dataclass(frozen=True)
class CameraStatus:
    """Whether frames are coming, and if not, a sentence for the settings screen.

    ``message`` is English. Made by :meth:`say`, the status also keeps the
    sentence as a template with its values, so a screen can show it in the
    table's language (the values, such as a driver's own error, stay as they are).
    """

    ok: bool
    message: str
    template: str = field(default="", compare=False)
    params: Mapping[str, object] = field(default_factory=dict, compare=False)

    @classmethod
    def say(cls, ok: bool, template: str, **params: object) -> CameraStatus:
        """A status from an English template with ``{name}`` placeholders and their values."""
        return cls(ok, template.format(**params), template, params)


class Camera:
    """A source of calibrated BGR frames. Subclasses implement :meth:`_grab` and :meth:`_release`.

    :meth:`read` returns ``None`` instead of raising when the device fails; the
    first failure is kept in :attr:`status` and the camera stops trying.
    """

    def __init__(self, settings: CameraSettings, status: CameraStatus) -> None:
        self.settings = settings
        self.status = status

    def read(self) -> np.ndarray | None:
        """The next frame, cropped to the tray and white balanced, or ``None``."""
        if not self.status.ok:
            return None
        try:
            frame = self._grab()
        except Exception as error:  # any driver error means unplugged
            self._fail(CameraStatus.say(False, "The camera stopped: {error}", error=error))
            return None
        if frame is None:
            return None
        from tablekit.vision.calibrate import prepare

        return prepare(frame, self.settings.roi, self.settings.white_balance)

    def close(self) -> None:
        """Let the device go; safe to call twice."""
        try:
            self._release()
        finally:
            if self.status.ok:
                self.status = CameraStatus.say(False, "The camera is closed.")

    def _fail(self, status: CameraStatus) -> None:
        """Remember why frames stopped and release the device."""
        self.status = status
        with contextlib.suppress(Exception):
            self._release()

    def _grab(self) -> np.ndarray | None:
        return None

    def _release(self) -> None:
        return None


class NoCamera(Camera):
    """The stand-in when no camera is configured or it could not be opened."""
