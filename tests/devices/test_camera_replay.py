"""The replay camera: a folder of images or a video, in order, looping or ending."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tablekit.devices.camera_replay import ReplayCamera
from tablekit.devices.cameras import open_camera
from tablekit.local.camera_settings import CameraSettings


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"frame_{i}.png"), np.full((8, 12, 3), 40 * (i + 1), np.uint8))
    (tmp_path / "notes.txt").write_text("not a frame")
    return tmp_path


def test_replays_images_in_name_order_and_loops(folder: Path) -> None:
    camera = ReplayCamera.open(
        CameraSettings(backend="replay", replay_path=str(folder)), clock=None
    )
    levels = [int(camera.read()[0, 0, 0]) for _ in range(4)]
    assert levels == [40, 80, 120, 40]


def test_a_replay_without_loop_ends_and_says_so(folder: Path) -> None:
    settings = CameraSettings(backend="replay", replay_path=str(folder), replay_loop=False)
    camera = ReplayCamera.open(settings, clock=None)
    assert [camera.read() is not None for _ in range(4)] == [True, True, True, False]
    assert not camera.status.ok
    assert "ended" in camera.status.message


def test_replay_paces_frames_by_its_clock(folder: Path) -> None:
    now = [0.0]
    settings = CameraSettings(backend="replay", replay_path=str(folder), replay_fps=2.0)
    camera = ReplayCamera.open(settings, clock=lambda: now[0])
    first = int(camera.read()[0, 0, 0])
    now[0] = 0.2
    same = int(camera.read()[0, 0, 0])
    now[0] = 0.6
    assert (first, same, int(camera.read()[0, 0, 0])) == (40, 40, 80)


def test_replay_applies_roi_and_white_balance(folder: Path) -> None:
    settings = CameraSettings(
        backend="replay", replay_path=str(folder), roi=(2, 1, 5, 4), white_balance=(2.0, 1.0, 0.5)
    )
    frame = open_camera(settings).read()
    assert frame.shape == (4, 5, 3)
    assert frame[0, 0].tolist() == [80, 40, 20]


def test_replays_a_video_file(tmp_path: Path) -> None:
    path = tmp_path / "roll.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 5, (32, 24))
    for i in range(3):
        writer.write(np.full((24, 32, 3), 60 * (i + 1), np.uint8))
    writer.release()
    settings = CameraSettings(backend="replay", replay_path=str(path), replay_loop=False)
    camera = ReplayCamera.open(settings, clock=None)
    assert camera.status.ok
    frames = [camera.read() for _ in range(4)]
    assert [f is not None for f in frames] == [True, True, True, False]
    assert abs(int(frames[1].mean()) - 120) < 10


def _forged_png(width: int, height: int) -> bytes:
    """A PNG of a few dozen bytes whose header claims ``width`` x ``height`` pixels."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(b"\0" * 16))
        + chunk(b"IEND", b"")
    )


def test_an_image_too_large_stops_the_replay_with_a_reason(folder: Path) -> None:
    (folder / "frame_1.png").write_bytes(_forged_png(100_000, 100_000))
    camera = ReplayCamera.open(
        CameraSettings(backend="replay", replay_path=str(folder)), clock=None
    )
    assert camera.read() is not None
    assert camera.read() is None
    assert not camera.status.ok
    assert "frame_1.png" in camera.status.message
    assert "megapixels" in camera.status.message


def test_the_replay_cap_is_the_max_megapixels_setting(folder: Path) -> None:
    cv2.imwrite(str(folder / "frame_0.png"), np.zeros((1000, 1100, 3), np.uint8))
    settings = CameraSettings(backend="replay", replay_path=str(folder), max_megapixels=1)
    camera = ReplayCamera.open(settings, clock=None)
    assert camera.read() is None
    assert "above 1 megapixels" in camera.status.message


def test_a_file_that_is_no_image_stops_the_replay_with_a_reason(folder: Path) -> None:
    (folder / "frame_0.png").write_text("not a picture")
    camera = ReplayCamera.open(
        CameraSettings(backend="replay", replay_path=str(folder)), clock=None
    )
    assert camera.read() is None
    assert "frame_0.png" in camera.status.message and "not a PNG" in camera.status.message


def test_a_jpeg_cut_short_is_replayed_as_far_as_it_goes(folder: Path) -> None:
    frame = np.full((240, 320, 3), 90, np.uint8)
    data = cv2.imencode(".jpg", frame)[1].tobytes()
    (folder / "frame_0.jpg").write_bytes(data[: len(data) // 2])
    settings = CameraSettings(backend="replay", replay_path=str(folder), replay_loop=False)
    camera = ReplayCamera.open(settings, clock=None)
    first = camera.read()
    assert first is not None and first.shape == (240, 320, 3)
