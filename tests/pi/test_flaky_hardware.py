"""Missing and flaky hardware through the whole app (issue 15, Build 6): for each case a status
the table sees, a fallback that keeps the game going, and a reconnect without a restart.

* a serial pad unplugged mid-game and plugged back in (a pty stands in for the Pico);
* GPIO unavailable, as on a desktop;
* the camera unplugged (its replay runs dry), busy, then back for the next roll.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from fakegame import LISTING
from waiting import until

from tablekit.devices import cameras
from tablekit.devices.pad_backends import PadBackends, start_pads
from tablekit.devices.pads import PadInbox
from tablekit.devices.pads_serial import SerialPad
from tablekit.local.camera_settings import CameraSettings
from tablekit.local.config import Buttons, Config, Interface, replace
from tablekit.session import Journal
from tablekit.ui import theme
from tablekit.ui.app import App
from tablekit.ui.scenes import camera as camera_scene
from tablekit.ui.scenes.camera import CameraScene

FRAMES = Path(__file__).parents[1] / "vision" / "frames"


class Pico:
    """The device end of a pty behind a stable /dev/serial/by-id-like link."""

    def __init__(self, link: Path) -> None:
        self.master, self.slave = os.openpty()
        os.set_blocking(self.master, False)
        link.unlink(missing_ok=True)
        link.symlink_to(os.ttyname(self.slave))
        self.heard = b""

    def greet(self) -> bool:
        def asked() -> bool:
            with contextlib.suppress(BlockingIOError):
                self.heard += os.read(self.master, 4096)
            return b"HELLO?" in self.heard

        if not until(asked):
            return False
        self.say("HELLO opponents 1")
        return True

    def say(self, line: str) -> None:
        os.write(self.master, f"{line}\n".encode())

    def unplug(self) -> None:
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)


@pytest.fixture
def made(journal: Journal) -> Iterator[list[App]]:
    apps: list[App] = []
    yield apps
    for app in apps:
        app.scene.exit()
        app.close()
    theme.font.cache_clear()


def counter_app(made: list[App], journal: Journal, settings: Config, pads: Any) -> App:
    """The counter game (it uses pads), its texts in English."""
    settings = replace(settings, ui=Interface(language="en"))
    app = App(settings, journal, (800, 480), games={LISTING.name: LISTING}, pads=pads)
    made.append(app)
    app.start(LISTING.name)
    return app


def presses(app: App) -> list[str]:
    assert app.session is not None
    return [note.text for note in app.session.state.notes]


def run_until(app: App, done: Any) -> bool:
    return until(lambda: (app.step(0.05), done())[1])


def test_a_serial_pad_unplugged_and_back_while_the_game_goes_on(
    made: list[App], journal: Journal, tmp_path: Path
) -> None:
    link = tmp_path / "usb-MicroPython_Board_in_FS_mode_e661-if00"
    pico = Pico(link)

    def serial(settings: Buttons, inbox: PadInbox) -> PadBackends:
        pad = SerialPad("opponents", str(link), inbox, first_wait=0.02, longest_wait=0.1)
        return PadBackends({"opponents": pad})

    app = counter_app(made, journal, Config(buttons=Buttons(backend="serial")), serial)
    assert pico.greet()
    assert run_until(
        app, lambda: app.pad_status.get("opponents") and app.pad_status["opponents"].connected
    )
    pico.say("PRESS attack")
    assert run_until(app, lambda: presses(app) == ["attack"])

    pico.unplug()  # status: told once on screen, remembered for Settings
    assert run_until(app, lambda: not app.pad_status["opponents"].connected)
    assert app.notice_text == "GM's pad is not connected"
    # fallback: the keyboard's pad keys (and the on-screen pad) go on scripting
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0))
    assert run_until(app, lambda: presses(app) == ["attack", "defend"])

    again = Pico(link)  # plugged back in: reconnected, no restart
    try:
        assert again.greet()
        assert run_until(app, lambda: app.pad_status["opponents"].connected)
        again.say("PRESS feint")
        assert run_until(app, lambda: presses(app) == ["attack", "defend", "feint"])
    finally:
        again.unplug()


def test_no_gpio_on_a_desktop_is_said_and_the_screen_pad_plays(
    made: list[App], journal: Journal, no_gpio: None
) -> None:
    app = counter_app(made, journal, Config(buttons=Buttons(backend="gpio")), start_pads)
    app.step(0.0)
    assert {pad: s.connected for pad, s in app.pad_status.items()} == {
        "opponents": False,
        "patrol": False,
    }
    assert app.pad_status["opponents"].detail.startswith("No GPIO pins here")
    assert "is not connected" in app.notice_text
    [defend] = [b for b in app.scene.buttons() if b.label == "Defend"]  # the on-screen pad
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=defend.rect.center, button=1))
    app.step(0.0)
    app.step(0.0)
    assert presses(app) == ["defend"]


@pytest.fixture
def quick_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(camera_scene, "FRAME_INTERVAL", 0.01)


def roll(app: App) -> CameraScene:
    """Ask for a roll on the tray and run the frames until it is read or goes by hand."""
    tray = app.scene_named("camera")
    assert isinstance(tray, CameraScene)
    tray.request("mm-action", lambda faces: True, return_to=app.scene.name)
    app.goto("camera")
    assert run_until(app, lambda: tray.reading is not None)
    return tray


def test_the_camera_unplugged_then_back_for_the_next_roll(
    made: list[App], journal: Journal, tmp_path: Path, quick_frames: None
) -> None:
    folder = tmp_path / "camera"
    folder.mkdir()  # no frames: the camera is not there
    camera = CameraSettings(backend="replay", replay_path=str(folder))
    app = counter_app(made, journal, replace(Config(), camera=camera), start_pads)

    tray = roll(app)
    assert tray.manual and "no" in tray.reason.lower()  # said on the tray, picker offered
    tray.leave()

    shutil.copy(FRAMES / "mm_action_101.jpg", folder / "tray.jpg")  # plugged back in
    tray = roll(app)
    assert not tray.manual and tray.reading is not None and len(tray.reading.dice) > 0
    tray.leave()


def test_a_busy_camera_falls_back_to_entry_by_hand_and_is_tried_again_next_roll(
    made: list[App],
    journal: Journal,
    tmp_path: Path,
    quick_frames: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shutil.copy(FRAMES / "mm_action_101.jpg", tmp_path / "tray.jpg")
    replay = cameras._BACKEND_OPENERS["replay"]
    tries: list[int] = []

    def busy_once(settings: CameraSettings) -> Any:
        tries.append(1)
        if len(tries) == 1:
            raise OSError("Device or resource busy")
        return replay(replace(settings, replay_path=str(tmp_path)))

    monkeypatch.setitem(cameras._BACKEND_OPENERS, "opencv", busy_once)
    app = counter_app(
        made, journal, replace(Config(), camera=CameraSettings(backend="opencv")), start_pads
    )
    tray = roll(app)
    assert tray.manual and "busy" in tray.reason
    [one] = [b for b in tray.buttons() if b.label == "bow"]
    tray.handle(pygame.event.Event(camera_scene.TAP, pos=one.rect.center))
    assert tray.values() == ["bow"]  # the roll goes on by hand
    tray.leave()
    tray = roll(app)
    assert not tray.manual and tray.reading is not None and len(tries) == 2
    tray.leave()
