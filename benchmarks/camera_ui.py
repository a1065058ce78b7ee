"""How long the touchscreen's loop is held up while a roll is read from the camera.

Run: ``python -m benchmarks.camera_ui`` (part of ``make bench``). Headless.

A replay camera shows one real photo of a dice tray (a still tray), read as d6.
The camera scene runs its loop at 30 fps for a few seconds while the camera
thread opens, settles, reads and votes; every ``App.step`` is timed. The
baseline runs the same frames through the same settle-and-vote watch inline,
on the loop's own thread, every 0.1 s (how the scene worked before the thread).
Reported: the longest and the 99th-percentile loop step, in ms.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from benchmarks.dice_read import DATA
from tablekit.local.config import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

PHOTO = "tray-mixed-d6"


def _steps(run_step: object, seconds: float) -> list[float]:
    """Time each call of ``run_step`` in a 30 fps loop for ``seconds``."""
    import pygame

    clock = pygame.time.Clock()
    times = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.perf_counter()
        run_step()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
        clock.tick(30)
    return times


def _summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return 1000 * ordered[-1], 1000 * ordered[int(0.99 * (len(ordered) - 1))]


def threaded(folder: Path, seconds: float) -> tuple[float, float]:
    """The camera scene as shipped: camera, settle and reading on the camera thread."""
    import pygame

    from tablekit.local.camera_settings import CameraSettings
    from tablekit.local.clock import open_journal
    from tablekit.local.config import Config
    from tablekit.ui.app import App
    from tablekit.ui.scenes.camera import CameraScene

    camera = CameraSettings(backend="replay", replay_path=str(folder), dice_kind="d6")
    app = App(replace(Config(), camera=camera), open_journal(":memory:"), (800, 480))
    scene = CameraScene(app)
    scene.request("d6", lambda faces: None)
    app.scene = scene
    scene.enter()
    times = _steps(lambda: app.step(1 / 30), seconds)
    read = scene.reading is not None
    scene.close()
    pygame.quit()
    if not read:
        raise SystemExit("the tray was never read: the benchmark measured nothing")
    return _summary(times)


def inline(folder: Path, seconds: float) -> tuple[float, float]:
    """The baseline: grab, settle and read on the loop's thread every 0.1 s, then draw."""
    import pygame

    from tablekit.devices.cameras import open_camera
    from tablekit.local.camera_settings import CameraSettings
    from tablekit.ui.frames import frame_image
    from tablekit.vision.pipdice import read_d6
    from tablekit.vision.watch import TrayWatch

    pygame.display.init()
    screen = pygame.display.set_mode((800, 480))
    camera = open_camera(CameraSettings(backend="replay", replay_path=str(folder)))
    watch = TrayWatch(read_d6)
    due = [0.0]

    def step() -> None:
        pygame.event.get()
        now = time.perf_counter()
        if now >= due[0]:
            due[0] = now + 0.1
            frame = camera.read()
            watch.push(frame)
            screen.blit(frame_image(frame, 0.7), (0, 0))
            pygame.display.flip()

    times = _steps(step, seconds)
    camera.close()
    pygame.quit()
    return _summary(times)


def main() -> None:
    import cv2

    cv2.setNumThreads(1)
    photo = min((DATA / PHOTO / "images").glob("*.jpg"))
    with tempfile.TemporaryDirectory() as temp:
        shutil.copy(photo, Path(temp) / photo.name)
        ours = threaded(Path(temp), 4.0)
        base = inline(Path(temp), 4.0)
    print("| loop step during a camera roll (ms) | camera thread | inline baseline | ratio |")
    print("|---|---|---|---|")
    for name, a, b in (("longest", ours[0], base[0]), ("99th percentile", ours[1], base[1])):
        print(f"| {name} | {a:.2f} | {b:.2f} | {a / b:.2f}x |")


if __name__ == "__main__":
    main()
