"""Teaching dice and calibrating the tray from the touchscreen, with a replayed camera."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pygame
import pytest
from waiting import until

from tablekit.local import paths
from tablekit.local.camera_settings import CameraSettings
from tablekit.local.config import Config, replace
from tablekit.local.dice_kits import reader_for
from tablekit.local.paths import dice_dir
from tablekit.ui.scenes.teach import TeachScene
from tablekit.ui.touch import TAP
from tablekit.vision.synthetic import PlacedDie, render, tray


def _replay(folder: Path, kind: str = "taught:green") -> CameraSettings:
    return CameraSettings(backend="replay", replay_path=str(folder), dice_kind=kind)


def _scene(make_app: Any, camera: CameraSettings, size: tuple[int, int] = (800, 480)) -> Any:
    app = make_app(size, replace(Config(), camera=camera))
    app.goto("teach")
    scene = app.scene
    assert isinstance(scene, TeachScene)
    _first_frame(scene)
    return scene


def _first_frame(scene: TeachScene) -> None:
    """Run the scene until the camera thread has delivered a new frame (or failed)."""
    seen = scene._seen

    def arrived() -> bool:
        failed = scene.feed and not scene.feed.opening and not scene.feed.status.ok
        return scene._seen != seen or bool(failed)

    until(arrived, lambda: scene.update(0.01))


def _calibrated(scene: TeachScene) -> None:
    until(lambda: not scene.calibrating, lambda: scene.update(0.01))


def _tap(scene: TeachScene, label: str) -> None:
    button = next(b for b in scene.buttons() if b.label == label)
    assert min(button.rect.size) >= 48
    scene.handle(pygame.event.Event(TAP, pos=button.rect.center))


@pytest.fixture
def one_die(tmp_path: Path) -> Path:
    """A replay folder showing one bow die in the middle of the tray."""
    folder = tmp_path / "one-die"
    folder.mkdir()
    cv2.imwrite(str(folder / "die.png"), render([PlacedDie(320, 240, 60, 12.0, "bow")], seed=3))
    return folder


def test_capture_teaches_the_chosen_face_into_the_kit_the_reader_loads(
    make_app: Any, one_die: Path
) -> None:
    scene = _scene(make_app, _replay(one_die))
    assert scene.kit_name == "green"
    capture = next(b for b in scene.buttons() if b.label == "Capture face")
    assert not capture.enabled
    _tap(scene, "bow")
    _tap(scene, "Capture face")
    assert (dice_dir() / "green.npz").exists()
    assert scene.found is not None
    assert "bow" in scene.message
    reader_for("taught:green")(render([PlacedDie(200, 200, 60, 0.0, "bow")], seed=4))


def test_mouse_guard_dice_are_chosen_on_screen_and_taught_as_snakes_swords_and_axes(
    make_app: Any, one_die: Path
) -> None:
    scene = _scene(make_app, _replay(one_die, kind="d6"))
    assert [b.label for b in scene._kind_row()] == ["Mice & Mystics", "Mouse Guard"]
    assert scene.kind == "mm-action"
    _tap(scene, "Mouse Guard")
    assert [b.label for b in scene._picker()] == ["snake", "sword", "axe"]
    _tap(scene, "axe")
    _tap(scene, "Capture face")
    assert (dice_dir() / "mouse-guard.npz").exists()
    assert scene.app.settings.camera.dice_kind == "d6"
    frame = render([PlacedDie(300, 260, 60, 20.0, "bow")], seed=5)
    reading = reader_for("taught:mouse-guard")(frame)
    assert [d.value for d in reading.dice] == ["axe"]


def test_capture_without_a_die_says_what_to_do(make_app: Any, tmp_path: Path) -> None:
    cv2.imwrite(str(tmp_path / "empty.png"), tray(seed=2))
    scene = _scene(make_app, _replay(tmp_path))
    _tap(scene, scene._picker()[0].label)
    _tap(scene, "Capture face")
    assert not (dice_dir() / "green.npz").exists()
    assert "No die found" in scene.message


def test_calibrate_saves_the_camera_table_and_the_app_uses_it(
    make_app: Any, tmp_path: Path
) -> None:
    frame = np.full((480, 640, 3), (40, 40, 40), np.uint8)
    frame[60:420, 100:560] = (150, 170, 190)
    cv2.imwrite(str(tmp_path / "empty-tray.png"), frame)
    scene = _scene(make_app, _replay(tmp_path, kind="d6"))
    _tap(scene, "Calibrate")
    assert scene.calibrating and scene.message == "Calibrating: keep the tray empty..."
    _calibrated(scene)
    saved = tomllib.loads(paths.config_file().read_text())["camera"]
    x, y, w, h = saved["roi"]
    assert abs(x - 100) <= 10 and abs(y - 60) <= 10 and abs(w - 460) <= 20 and abs(h - 360) <= 20
    blue, _, red = saved["white_balance"]
    assert blue > 1.0 > red
    assert scene.app.settings.camera.roi == tuple(saved["roi"])
    assert scene.app.settings.camera.dice_kind == "d6"
    assert "calibrated" in scene.message
    _first_frame(scene)
    assert scene.frame is not None and scene.frame.shape[:2] == (h, w)


def test_settings_camera_button_leads_to_teaching(make_app: Any, one_die: Path) -> None:
    app = make_app((800, 480), replace(Config(), camera=_replay(one_die)))
    app.goto("settings")
    [button] = [b for b in app.scene.buttons() if b.label == "Dice camera…"]
    assert min(button.rect.size) >= 48
    app.scene.handle(pygame.event.Event(TAP, pos=button.rect.center))
    assert app.scene.name == "teach"
    _tap(app.scene, "Back")
    assert app.scene.name == "settings"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 480), (720, 1280), (1920, 1080)])
def test_every_button_fits_on_screen_without_overlap(
    make_app: Any, one_die: Path, size: tuple[int, int]
) -> None:
    scene = _scene(make_app, _replay(one_die), size)
    scene.draw(scene.app.screen)
    rects = [b.rect for b in scene.buttons()]
    screen = scene.app.screen.get_rect()
    assert all(screen.contains(r) and min(r.size) >= 48 for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_a_damaged_kit_is_started_afresh_by_the_next_capture(make_app: Any, one_die: Path) -> None:
    dice_dir().mkdir(parents=True, exist_ok=True)
    (dice_dir() / "green.npz").write_bytes(b"not a kit")
    scene = _scene(make_app, _replay(one_die))
    _tap(scene, "bow")
    _tap(scene, "Capture face")
    assert scene.message == "Taught bow: 1 of 6 faces"
    assert len(scene._picker()) == 6  # the other faces can still be taught
    frame = render([PlacedDie(200, 200, 60, 0.0, "bow")], seed=4)
    assert [d.value for d in reader_for("taught:green")(frame).dice] == ["bow"]


def test_calibrating_without_a_camera_picture_says_so_and_saves_nothing(
    make_app: Any, one_die: Path
) -> None:
    scene = _scene(make_app, _replay(one_die))
    for image in one_die.iterdir():
        image.unlink()  # the camera is gone by the time Calibrate is tapped
    _tap(scene, "Calibrate")
    _calibrated(scene)
    assert scene.message == "No camera picture to calibrate with."
    assert not paths.config_file().exists()
