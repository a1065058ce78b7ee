"""The event-driven loop: devices wake it, and it sleeps only as long as nothing is due."""

from __future__ import annotations

import threading
from typing import Any

import pygame
import pytest
from waiting import until

from tablekit.devices.camera import Camera, CameraStatus
from tablekit.devices.feed import CameraFeed
from tablekit.devices.pads import PadInbox
from tablekit.local.camera_settings import CameraSettings
from tablekit.local.notify import ALIVE_EVERY
from tablekit.rules.pads import PadPressed
from tablekit.ui import wake as wake_module
from tablekit.ui.app import CHAIN_POLL
from tablekit.ui.wake import WAKE, Sleeper, wake


class OneFrame(Camera):
    """A camera that delivers a single black frame, then nothing more."""

    def __init__(self) -> None:
        super().__init__(CameraSettings(), CameraStatus(True, "test camera"))

    def _grab(self) -> Any:
        import numpy as np

        return np.zeros((2, 2, 3), np.uint8)

    def _release(self) -> None:
        pass


def test_a_pad_posted_from_any_thread_wakes_the_loop() -> None:
    woken: list[str] = []
    inbox = PadInbox(wake=lambda: woken.append(threading.current_thread().name))
    worker = threading.Thread(target=inbox.post, args=(PadPressed("gm", "attack"),), name="pad")
    worker.start()
    worker.join()
    assert woken == ["pad"] and inbox.drain() == [PadPressed("gm", "attack")]


def test_a_full_inbox_wakes_nobody() -> None:
    woken: list[bool] = []
    inbox = PadInbox(limit=1, wake=lambda: woken.append(True))
    assert inbox.post(PadPressed("gm", "attack"))
    assert not inbox.post(PadPressed("gm", "defend"))
    assert woken == [True]


def test_the_camera_thread_wakes_the_loop_for_its_status_and_each_shot() -> None:
    woken = threading.Event()
    feed = CameraFeed(OneFrame, 0.001, wake=woken.set)
    try:
        assert until(lambda: feed.latest() is not None and woken.is_set())
    finally:
        feed.close()


def test_a_wake_is_an_event_the_sleep_returns_for(shut_pygame: None) -> None:
    pygame.display.init()
    pygame.display.set_mode((10, 10))
    pygame.event.clear()
    threading.Thread(target=wake).start()
    taken = Sleeper().sleep(60.0)  # would hang the test for a minute if no wake came
    assert WAKE in [event.type for event in taken + pygame.event.get()]


def test_without_sdls_own_wait_a_sleep_of_nothing_returns_at_once(
    shut_pygame: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where SDL's wait is not found, pygame's event.wait stands in; its timeout 0 means for
    ever, so a sleep of 0 s (a frame already due) looks at the queue and goes on."""
    monkeypatch.setattr(wake_module, "sdl_wait", lambda: None)
    pygame.display.init()
    pygame.display.set_mode((10, 10))
    pygame.event.clear()
    slept: list[list[pygame.event.Event]] = []
    sleeper = threading.Thread(target=lambda: slept.append(Sleeper().sleep(0.0)), daemon=True)
    sleeper.start()
    sleeper.join(60)  # the old wait never came back
    assert slept == [[]]


def test_a_wake_after_the_display_is_shut_is_ignored() -> None:
    pygame.display.quit()
    wake()


def test_an_idle_app_sleeps_until_the_watchdog_is_due(make_app: Any) -> None:
    app = make_app()
    app.step(0.0)
    app.chain_check = None
    assert app.next_frame_in(drew=False) == ALIVE_EVERY


def test_a_frame_that_drew_asks_for_the_next_at_the_frame_rate(make_app: Any) -> None:
    app = make_app()
    assert app.next_frame_in(drew=True) == 1 / app.settings.display.fps


def test_a_notice_is_taken_away_on_time(make_app: Any) -> None:
    app = make_app()
    app.step(0.0)
    app.notice("short")
    app.notice_left = 0.3
    app.step(0.0)
    assert app.next_frame_in(drew=False) == 0.3


def test_the_chain_walk_is_looked_at_while_it_runs(make_app: Any) -> None:
    app = make_app()
    app.step(0.0)
    app.chain_check = object()
    assert app.next_frame_in(drew=False) == CHAIN_POLL
    app.chain_check = None


def test_a_wake_reaches_no_scene(make_app: Any) -> None:
    app = make_app()
    seen: list[int] = []
    app.scene.handle = lambda event: seen.append(event.type)
    app.handle(pygame.event.Event(WAKE))
    assert seen == []
