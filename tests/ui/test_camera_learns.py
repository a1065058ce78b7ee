"""A roll confirmed or corrected on the camera screen teaches the d6 reader its table
(issue 24): the frame and its accepted dice go to the store ``tablekit dice learn`` fills."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from waiting import until

from tablekit.local import dice_learned
from tablekit.local.camera_settings import CameraSettings
from tablekit.local.config import Config, replace
from tablekit.ui.scenes import camera as camera_scene
from tablekit.ui.scenes.camera import CameraScene

TRAY = Path(__file__).parents[1] / "vision" / "frames" / "tray_IMG_20191208_112447.jpg"


@pytest.fixture(autouse=True)
def quick_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(camera_scene, "FRAME_INTERVAL", 0.01)


def _settled(make_app: Any, tmp_path: Path, kind: str = "d6") -> CameraScene:
    shutil.copy(TRAY, tmp_path / "tray.jpg")
    camera = CameraSettings(backend="replay", replay_path=str(tmp_path))
    app = make_app((800, 480), replace(Config(), camera=camera))
    scene = CameraScene(app)
    scene.request(kind, lambda faces: None)
    app.scene = scene
    scene.enter()
    until(lambda: scene.reading is not None, lambda: scene.update(0.01))
    return scene


def _kept() -> list[int]:
    """The faces (1-6) of the dice kept in the d6 store, sorted; empty if there is none."""
    path = dice_learned.learned_file("d6")
    if not path.exists():
        return []
    examples = dice_learned.load(path)[0]
    return sorted(int(f) + 1 for f in examples.faces if f != 6)


def test_a_corrected_roll_is_kept_with_the_corrected_face(make_app: Any, tmp_path: Path) -> None:
    scene = _settled(make_app, tmp_path)
    assert scene.reading is not None and scene.reading.dice
    read = [int(d.value) for d in scene.reading.dice]
    scene.selected = 0
    corrected = 6 if read[0] != 6 else 5
    scene.set_face(corrected)
    scene.confirm()
    assert scene.learning is not None
    scene.learning.join(timeout=30)
    assert _kept() == sorted([corrected, *read[1:]])


def test_a_roll_with_a_die_added_by_hand_teaches_nothing(make_app: Any, tmp_path: Path) -> None:
    """The added die has no box: the frame would teach its own die as "not a die"."""
    scene = _settled(make_app, tmp_path)
    scene.add_die()
    scene.set_face(3)
    scene.confirm()
    if scene.learning is not None:
        scene.learning.join(timeout=30)
    assert _kept() == []


def test_symbol_dice_do_not_learn_yet(make_app: Any, tmp_path: Path) -> None:
    scene = _settled(make_app, tmp_path, kind="mm-action")
    scene.confirm()
    assert scene.learning is None
    assert not dice_learned.learned_file("mm-action").exists()
