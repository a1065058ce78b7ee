"""The camera seam: settings round-trip, the factory never raises, failures say why."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import numpy as np
import pytest

from tablekit.devices.camera import Camera, CameraStatus
from tablekit.devices.camera_config import save_camera_settings
from tablekit.devices.cameras import open_camera
from tablekit.local.camera_settings import CameraSettings


def test_settings_round_trip_through_a_toml_table() -> None:
    settings = CameraSettings(
        backend="replay",
        replay_path='tray ä/"q"',
        roi=(1, 2, 3, 4),
        white_balance=(0.9, 1.0, 1.2),
        replay_loop=False,
    )
    table = {k: list(v) if isinstance(v, tuple) else v for k, v in settings.to_mapping().items()}
    assert CameraSettings.from_mapping(table | {"unknown": 1}) == settings


def test_settings_fields_are_plain_toml_types() -> None:
    for value in CameraSettings().to_mapping().values():
        items = value if isinstance(value, tuple) else (value,)
        assert all(isinstance(v, str | int | float | bool) for v in items)


def test_save_rewrites_only_the_camera_table(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(
        '# mine\n[ui]\nlanguage = "da"\n\n[camera]\nbackend = "opencv"\n[buttons]\nattack = 17\n'
    )
    settings = CameraSettings(backend="picamera2", exposure_us=8000, roi=(10, 20, 300, 200))
    save_camera_settings(config, settings)
    text = config.read_text()
    parsed = tomllib.loads(text)
    assert "# mine" in text
    assert parsed["ui"] == {"language": "da"}
    assert parsed["buttons"] == {"attack": 17}
    assert CameraSettings.from_mapping(parsed["camera"]) == settings
    assert list(tmp_path.iterdir()) == [config]


def test_save_creates_a_missing_file(tmp_path: Path) -> None:
    config = tmp_path / "new" / "config.toml"
    save_camera_settings(config, CameraSettings())
    assert CameraSettings.from_mapping(tomllib.loads(config.read_text())["camera"]) == (
        CameraSettings()
    )


def test_no_backend_configured_falls_back_to_manual_entry() -> None:
    camera = open_camera(CameraSettings())
    assert not camera.status.ok
    assert "by hand" in camera.status.message
    assert camera.read() is None


@pytest.mark.parametrize("backend", ["opencv", "picamera2", "replay", "kinect"])
def test_a_missing_device_never_raises(
    backend: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)
    settings = CameraSettings(backend=backend, device=99, replay_path=str(tmp_path / "nope"))
    camera = open_camera(settings)
    assert not camera.status.ok
    assert camera.status.message
    assert camera.read() is None
    camera.close()


class _Unplugging(Camera):
    """Gives two frames, then fails the way a pulled USB cable does."""

    def __init__(self) -> None:
        super().__init__(CameraSettings(roi=(1, 1, 4, 3)), CameraStatus(True, "fake"))
        self.grabs = 0
        self.released = False

    def _grab(self) -> np.ndarray:
        self.grabs += 1
        if self.grabs > 2:
            raise OSError("device disconnected")
        return np.full((10, 10, 3), self.grabs, np.uint8)

    def _release(self) -> None:
        self.released = True


def test_unplugging_stops_frames_and_says_why() -> None:
    camera = _Unplugging()
    first = camera.read()
    assert first is not None and first.shape == (3, 4, 3)
    assert camera.read() is not None
    assert camera.read() is None
    assert not camera.status.ok
    assert "device disconnected" in camera.status.message
    assert camera.released
    assert camera.read() is None
    assert camera.grabs == 3


def test_importing_the_camera_seam_and_the_dice_command_loads_no_cv2_or_numpy() -> None:
    import subprocess

    probe = (
        "import sys, tablekit, tablekit.devices.camera, tablekit.devices.cameras, "
        "tablekit.devices.camera_config, tablekit.cli.dice\n"
        "print(','.join(m for m in ('cv2', 'numpy', 'picamera2') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
