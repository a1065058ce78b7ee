"""The camera thread: the screen never waits, only the newest shot is kept, failures say why."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from waiting import PATIENCE, until

from tablekit.devices.camera import Camera, CameraStatus
from tablekit.devices.feed import OPENING, CameraFeed
from tablekit.local.camera_settings import CameraSettings


class CountingCamera(Camera):
    """Frames whose every pixel is the frame's number; fails after ``fail_after`` frames."""

    def __init__(self, fail_after: int | None = None) -> None:
        super().__init__(CameraSettings(), CameraStatus(True, "test camera"))
        self.grabbed = 0
        self.fail_after = fail_after
        self.released = threading.Event()

    def _grab(self) -> np.ndarray:
        if self.fail_after is not None and self.grabbed >= self.fail_after:
            raise OSError("unplugged")
        self.grabbed += 1
        return np.full((4, 4, 3), self.grabbed, np.uint8)

    def _release(self) -> None:
        self.released.set()


def _wait(condition: Callable[[], Any]) -> None:
    assert until(condition), "the camera thread did not get there"


@pytest.fixture
def feeds() -> Any:
    """Feeds made by a test are closed after it, whatever happens."""
    made: list[CameraFeed] = []
    yield made
    for feed in made:
        feed.close()


def test_a_slow_camera_does_not_hold_up_the_caller(feeds: list[CameraFeed]) -> None:
    may_open = threading.Event()
    camera = CountingCamera()

    def opener() -> Camera:
        may_open.wait(PATIENCE)  # until the test lets it open
        return camera

    feeds.append(feed := CameraFeed(opener, 0.001))
    assert feed.opening and feed.status is OPENING and feed.latest() is None
    may_open.set()
    _wait(lambda: feed.latest() is not None and feed.latest().number >= 3)
    shot = feed.latest()
    assert feed.status.ok and not feed.opening
    assert int(shot.frame[0, 0, 0]) == shot.number


def test_restart_makes_a_new_processor_and_drops_the_old_results(
    feeds: list[CameraFeed],
) -> None:
    made: list[list[int]] = []

    def make_processor() -> Callable[[np.ndarray], int]:
        seen: list[int] = []
        made.append(seen)
        return lambda frame: seen.append(int(frame[0, 0, 0])) or len(made)

    feeds.append(feed := CameraFeed(CountingCamera, 0.001, make_processor))
    _wait(lambda: feed.latest() is not None)
    assert feed.latest().result == 1
    feed.restart()
    shot = feed.latest()
    assert shot is None or shot.result == 2
    _wait(lambda: feed.latest() is not None and feed.latest().result == 2)
    assert len(made) == 2
    assert made[1] and min(made[1]) > max(made[0]) - 1


def test_an_unplugged_camera_stops_the_feed_and_says_why(feeds: list[CameraFeed]) -> None:
    camera = CountingCamera(fail_after=2)
    feeds.append(feed := CameraFeed(lambda: camera, 0.001))
    _wait(lambda: not feed.opening and not feed.status.ok)
    assert "unplugged" in feed.status.message
    assert camera.released.is_set()
    assert feed.latest() is not None and feed.latest().number == 2


def test_a_failing_reader_is_reported_and_the_camera_let_go(feeds: list[CameraFeed]) -> None:
    camera = CountingCamera()

    def broken(frame: np.ndarray) -> None:
        raise ValueError("bad weights")

    feeds.append(feed := CameraFeed(lambda: camera, 0.001, lambda: broken))
    _wait(lambda: not feed.opening and not feed.status.ok)
    assert feed.status.message == "The dice reader failed: bad weights"
    assert camera.released.is_set()


def test_close_lets_the_camera_go(feeds: list[CameraFeed]) -> None:
    camera = CountingCamera()
    feeds.append(feed := CameraFeed(lambda: camera, 0.001))
    _wait(lambda: feed.latest() is not None)
    feed.close()
    assert camera.released.is_set()
    assert feed.status == CameraStatus(False, "The camera is closed.")
    feed.close()


def test_an_opener_that_raises_is_reported_not_left_opening(feeds: list[CameraFeed]) -> None:
    def opener() -> Camera:
        raise OSError("no such device")

    feeds.append(feed := CameraFeed(opener, 0.001))
    _wait(lambda: not feed.opening)
    assert feed.status == CameraStatus(False, "Camera unavailable: no such device")


def test_a_paused_feed_grabs_nothing_until_restarted(feeds: list[CameraFeed]) -> None:
    camera = CountingCamera()
    feeds.append(feed := CameraFeed(lambda: camera, 0.001))
    _wait(lambda: feed.latest() is not None)
    feed.pause()
    grabbed = camera.grabbed
    time.sleep(0.1)  # a hundred grab intervals
    assert camera.grabbed <= grabbed + 1  # at most the one already under way
    feed.restart()
    _wait(lambda: camera.grabbed > grabbed and feed.latest() is not None)
