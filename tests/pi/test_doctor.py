"""Start-up checks (issue 15, Build 3): each finds the problem a fresh Pi really has and says
what to do; ``tablekit doctor`` prints them; the app shows the failed ones first, never black.

The Pi's /dev and /sys are built in a temporary folder, laid out as on a Pi 5.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame
import pytest

from tablekit.cli import doctor as cli_doctor
from tablekit.cli import main
from tablekit.devices import doctor, drm
from tablekit.local.camera_settings import CameraSettings
from tablekit.local.config import Buttons, Config, PadWiring
from tablekit.ui import app as app_module
from tablekit.ui.touch import TAP


def touch(path: Path, text: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.fixture
def pi5(tmp_path: Path) -> Path:
    """A Pi 5's files: card0 is the GPU (no outputs), card1 drives HDMI; touch and GPIO."""
    root = tmp_path / "pi"
    touch(root / "dev/dri/card0")
    touch(root / "dev/dri/card1")
    touch(root / "sys/class/drm/card1-HDMI-A-1/status", "connected\n")
    touch(root / "sys/class/drm/card1-HDMI-A-2/status", "disconnected\n")
    touch(root / "dev/input/event0")
    touch(root / "dev/input/event1")
    touch(root / "dev/gpiochip4")
    touch(root / "sys/bus/gpio/devices/gpiochip4/label", "pinctrl-rp1\n")
    touch(root / "sys/bus/gpio/devices/gpiochip4/ngpio", "54\n")
    touch(root / "dev/gpiochip0")
    touch(root / "sys/bus/gpio/devices/gpiochip0/label", "gpio-brcmstb@107d508500\n")
    return root


def test_on_a_pi_5_the_card_with_the_screen_is_chosen(pi5: Path) -> None:
    environ = {"SDL_VIDEODRIVER": "kmsdrm"}
    assert drm.choose_card(environ, pi5) == 1
    assert environ["SDL_KMSDRM_DEVICE_INDEX"] == "1"
    check = doctor.check_card("kmsdrm", environ, pi5)
    assert check.ok and check.text == "card1 drives HDMI-A-1."


def test_a_card_chosen_by_hand_without_a_screen_is_a_problem(pi5: Path) -> None:
    check = doctor.check_card("kmsdrm", {"SDL_KMSDRM_DEVICE_INDEX": "0"}, pi5)
    assert not check.ok and "card0 has no screen" in check.text


def test_a_choice_already_made_is_kept(pi5: Path) -> None:
    environ = {"SDL_VIDEODRIVER": "kmsdrm", "SDL_KMSDRM_DEVICE_INDEX": "0"}
    assert drm.choose_card(environ, pi5) is None
    assert environ["SDL_KMSDRM_DEVICE_INDEX"] == "0"
    assert drm.choose_card({"SDL_VIDEODRIVER": "wayland"}, pi5) is None


def test_no_screen_at_all(tmp_path: Path) -> None:
    assert not doctor.check_display("kmsdrm", {}, tmp_path).ok
    assert "dtoverlay=vc4-kms-v3d" in doctor.check_display("kmsdrm", {}, tmp_path).text
    assert not doctor.check_card("kmsdrm", {}, tmp_path).ok


def test_the_console_driver_is_the_default_without_a_desktop() -> None:
    assert drm.video_driver({}) == "kmsdrm"
    assert drm.video_driver({"WAYLAND_DISPLAY": "wayland-0"}) == "wayland"
    assert drm.video_driver({"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}) == "dummy"
    assert not doctor.check_display("wayland", {}, Path("/")).ok


def test_input_devices_must_be_readable(pi5: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert doctor.check_input("kmsdrm", pi5).text == "2 of 2 input devices readable."
    monkeypatch.setattr(doctor.os, "access", lambda path, mode: "input" not in str(path))
    check = doctor.check_input("kmsdrm", pi5)
    assert not check.ok and "input group" in check.text
    assert doctor.check_input("wayland", pi5).ok  # the desktop session reads them


def test_no_input_devices(tmp_path: Path) -> None:
    check = doctor.check_input("kmsdrm", tmp_path)
    assert not check.ok and "/dev/input/event*" in check.text


def test_the_configured_pins_are_on_the_header_chip(pi5: Path) -> None:
    check = doctor.check_pads(Buttons(backend="gpio"), pi5)
    assert check.ok and check.text == "20 GPIO pins on gpiochip4 (pinctrl-rp1)."
    touch(pi5 / "sys/bus/gpio/devices/gpiochip4/ngpio", "20\n")
    check = doctor.check_pads(Buttons(backend="gpio"), pi5)
    assert not check.ok and "GPIO [20, 21, 22, 23, 24, 25, 27] not on gpiochip4" in check.text


def test_gpio_on_a_desktop_says_to_use_other_pads(tmp_path: Path) -> None:
    check = doctor.check_pads(Buttons(backend="gpio"), tmp_path)
    assert not check.ok and "screen's pads" in check.text


def test_gpio_chip_without_the_group(pi5: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(doctor.os, "access", lambda path, mode: "gpiochip" not in str(path))
    check = doctor.check_pads(Buttons(backend="gpio"), pi5)
    assert not check.ok and "gpio group" in check.text


def test_serial_pads_need_their_ports(pi5: Path) -> None:
    port = "/dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_e661-if00"
    buttons = Buttons(backend="serial", opponents=PadWiring(port=port))
    check = doctor.check_pads(buttons, pi5)
    assert not check.ok and "Pad opponents: no device at" in check.text
    touch(pi5 / port.lstrip("/"))
    check = doctor.check_pads(buttons, pi5)
    assert not check.ok and "Pad patrol" in check.text and "buttons.patrol.port" in check.text


def test_the_camera_is_found_or_its_fix_is_named(pi5: Path, tmp_path: Path) -> None:
    def settings(**camera: Any) -> Config:
        return Config(camera=CameraSettings(**camera))

    assert doctor.check_camera(settings(), pi5).ok
    webcam = doctor.check_camera(settings(backend="opencv", device=2), pi5)
    assert not webcam.ok and "/dev/video2" in webcam.text
    touch(pi5 / "dev/video2")
    assert doctor.check_camera(settings(backend="opencv", device=2), pi5).ok
    assert not doctor.check_camera(settings(backend="replay", replay_path="/nowhere"), pi5).ok
    assert doctor.check_camera(settings(backend="replay", replay_path=str(tmp_path)), pi5).ok
    picamera = doctor.check_camera(settings(backend="picamera2"), pi5)
    assert not picamera.ok and "python3-picamera2" in picamera.text  # not on this machine


def bad_config() -> Path:
    path = Path(os.environ["TABLEKIT_CONFIG_DIR"]) / "config.toml"
    touch(path, "[display]\nrotate = 45\n")
    return path


def test_a_bad_config_is_a_problem_and_the_defaults_are_used() -> None:
    path = bad_config()
    settings, check = cli_doctor.check_config()
    assert settings == Config()
    assert not check.ok and str(path) in check.text and "display.rotate" in check.text


def test_doctor_prints_one_line_per_check_and_exits_0_when_all_are_ok(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["doctor"]) == 0  # SDL's dummy driver, no pads, no camera
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines] == [
        ["ok", name]
        for name in (
            "config",
            "display",
            "card",
            "input",
            "pads",
            "camera",
            "journal",
            "kiosk",
            "owner",
            "groups",
            "assets",
        )
    ]


def test_doctor_exits_1_and_says_what_to_do(capsys: pytest.CaptureFixture[str]) -> None:
    bad_config()
    assert main(["doctor"]) == 1
    [problem] = [line for line in capsys.readouterr().out.splitlines() if "PROBLEM" in line]
    assert "config.toml: display.rotate" in problem and "defaults are used" in problem


def test_the_app_starts_on_the_problems_with_a_bad_config_and_plays_on_with_a_tap(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """From an empty data folder, a bad config: the first screen names it, Play on goes Home."""
    bad_config()
    seen: dict[str, Any] = {}

    def first_frames(app: app_module.App) -> int:
        app.step(0.0)
        seen["first"] = app.scene.name
        [play_on] = app.scene.buttons()
        pygame.event.post(pygame.event.Event(TAP, pos=play_on.rect.center))
        app.scene.handle(pygame.event.Event(TAP, pos=play_on.rect.center))
        seen["then"] = app.scene.name
        app.close()
        return 0

    monkeypatch.setattr(app_module.App, "run", first_frames)
    assert main(["run"]) == 0
    assert seen == {"first": "startup", "then": "home"}
    assert "start-up check: PROBLEM  config" in capsys.readouterr().err


def test_with_every_check_ok_the_app_starts_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []

    def first_frame(app: app_module.App) -> int:
        seen.append(app.scene.name)
        app.close()
        return 0

    monkeypatch.setattr(app_module.App, "run", first_frame)
    assert main(["run"]) == 0
    assert seen == ["home"]


def test_many_problems_take_more_pages_at_full_size_never_smaller_text(journal: Any) -> None:
    from tablekit.local.config import Interface
    from tablekit.ui.scenes.startup import StartupScene

    app = app_module.App(Config(ui=Interface(language="en")), journal, (800, 480))
    try:
        problems = [
            doctor.Check.say(False, "No device at {port!r}.", "pads", port="/x" * 60),
            *[doctor.check_input("kmsdrm", Path("/nonexistent")) for _ in range(4)],
        ]
        startup = app.scene_named("startup")
        assert isinstance(startup, StartupScene)
        startup.show(problems, then="home")
        app.goto("startup")
        shown: list[doctor.Check] = []
        for _ in range(startup._pages()):
            app.draw()
            shown += [check for check, _ in startup._paged()[startup.page]]
            [more] = [b for b in startup.buttons() if b.label.startswith("More")]
            startup.handle(pygame.event.Event(TAP, pos=more.rect.center))
        assert startup.page == 0 and startup._pages() > 1
        assert shown == problems
        for page in startup._paged():
            assert sum(height for _, height in page) <= app.layout.content().height
    finally:
        app.close()


def test_a_journal_this_account_cannot_open_says_how_to_check_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kiosk's journal is 0640 (UMask=0027): pi, not in its group, cannot read it.

    The tests run as root, who may read anything, so the account's answer is stood in for.
    """
    journal = tmp_path / "journal.sqlite3"
    journal.write_bytes(b"")
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != journal)
    check = cli_doctor.check_journal(journal)
    assert not check.ok and "sudo" in check.text
