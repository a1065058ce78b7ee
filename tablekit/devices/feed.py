"""The camera on its own thread, so the touchscreen never waits for it.

Opening a camera can take a second, a grab blocks until the sensor delivers,
and reading dice takes a few milliseconds on a laptop and several times that
on a Pi. A :class:`CameraFeed` does all of that on one worker thread and keeps
only the newest result; it calls ``wake`` (the app loop's wake-up) whenever a
shot or its status changes, and the screen then takes :meth:`CameraFeed.latest`
and never blocks. The camera is opened, read and closed on the worker
alone, so no backend is ever touched from two threads.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tablekit.devices.camera import Camera, CameraStatus

if TYPE_CHECKING:
    import numpy as np

Processor = Callable[["np.ndarray"], Any]
"""Work done on each frame on the worker thread (e.g. settle detection and reading)."""

OPENING = CameraStatus.say(False, "Opening the camera...")


@dataclass(frozen=True)
class Shot:
    """One delivered frame: its number (from 1), the frame, and what the processor made of it."""

    number: int
    frame: np.ndarray
    result: Any


class CameraFeed:
    """Open a camera, grab a frame every ``interval`` seconds, process it, keep the newest.

    ``make_processor`` is called on the worker to make a fresh processor; after
    :meth:`restart` a new one is made, and no result of the old one is delivered.
    """

    def __init__(
        self,
        opener: Callable[[], Camera],
        interval: float,
        make_processor: Callable[[], Processor] | None = None,
        wake: Callable[[], None] = lambda: None,
    ) -> None:
        self._opener = opener
        self._wake = wake
        self._interval = interval
        self._make_processor = make_processor
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._paused = threading.Event()
        self._status = OPENING
        self._latest: Shot | None = None
        self._epoch = 0
        self._thread = threading.Thread(target=self._run, name="camera", daemon=True)
        self._thread.start()

    @property
    def status(self) -> CameraStatus:
        """``OPENING`` until the camera answers, then the camera's own status."""
        with self._lock:
            return self._status

    @property
    def opening(self) -> bool:
        """Whether the camera is still being opened."""
        return self.status is OPENING

    def latest(self) -> Shot | None:
        """The newest shot since the last :meth:`restart`, or ``None``."""
        with self._lock:
            return self._latest

    def restart(self) -> None:
        """Forget the shots so far and start the processing afresh (a new roll)."""
        with self._lock:
            self._epoch += 1
            self._latest = None
        self._paused.clear()

    def pause(self) -> None:
        """Stop grabbing until :meth:`restart` (the roll is read; the camera keeps its place)."""
        self._paused.set()

    def close(self, timeout: float = 5.0) -> None:
        """Stop the worker and let the camera go; safe to call twice."""
        self._stop.set()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def _run(self) -> None:
        try:
            camera = self._opener()
        except Exception as error:  # an opener should say why itself; never leave "opening"
            self._set_status(CameraStatus.say(False, "Camera unavailable: {error}", error=error))
            return
        self._set_status(camera.status)
        failure = None
        try:
            self._loop(camera)
        except Exception as error:  # a failing reader must not leave the screen waiting
            failure = CameraStatus.say(False, "The dice reader failed: {error}", error=error)
        finally:
            camera.close()
        self._set_status(failure or camera.status)

    def _loop(self, camera: Camera) -> None:
        epoch, processor, number = -1, None, 0
        while not self._stop.is_set() and camera.status.ok:
            if self._paused.is_set():
                self._stop.wait(self._interval)
                continue
            with self._lock:
                if epoch != self._epoch:
                    epoch = self._epoch
                    processor = self._make_processor() if self._make_processor else None
            frame = camera.read()
            self._set_status(camera.status)
            if frame is not None:
                result = processor(frame) if processor else None
                number += 1
                with self._lock:
                    if epoch == self._epoch:
                        self._latest = Shot(number, frame, result)
                self._wake()
            self._stop.wait(self._interval)

    def _set_status(self, status: CameraStatus) -> None:
        with self._lock:
            changed = self._status is OPENING or self._status != status
            self._status = status
        if changed:
            self._wake()
