"""Render the camera overlay scene headless at 800x480 from a synthetic Mice and Mystics tray.

One die has glare across it (the template matcher was unsure of it; the network reads it
sure, so no die is drawn thick with a "?" now), and a second picture with that die tapped
and the face picker open; and the teach screen at 800x480 and 720x1280, teaching Mice
and Mystics dice with one die under the camera. Writes ``docs/screenshots/camera/``.

    .venv/bin/python tools/dice_screenshots.py [OUT.png]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from tablekit.local.config import replace

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import pygame  # noqa: E402

from tablekit.local.camera_settings import CameraSettings  # noqa: E402
from tablekit.local.clock import open_journal  # noqa: E402
from tablekit.local.config import Config  # noqa: E402
from tablekit.ui.app import App  # noqa: E402
from tablekit.ui.scenes.camera import CameraScene  # noqa: E402
from tablekit.vision.faceart import MM_ACTION_FACES  # noqa: E402
from tablekit.vision.synthetic import PlacedDie, random_dice, render  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "docs/screenshots/camera/camera-overlay-800x480.png"


def glared_tray(folder: Path) -> None:
    """A tray of six dice, glare on the first, saved as the only replay frame."""
    dice = random_dice(MM_ACTION_FACES, 6, seed=11)
    frame = render(dice, seed=11)
    die = dice[0]
    mask = np.zeros(frame.shape[:2], np.float32)
    centre = (int(die.x - die.side * 0.1), int(die.y))
    axes = (int(die.side * 0.3), int(die.side * 0.2))
    cv2.ellipse(mask, centre, axes, 30, 0, 360, 0.6, -1)
    mask = cv2.GaussianBlur(mask, (0, 0), die.side / 14)[..., None]
    glared = frame * (1 - mask) + 245 * mask
    cv2.imwrite(str(folder / "tray.png"), glared.astype(np.uint8))


def teach_shots(folder: Path, out: Path) -> None:
    """The teach screen with one bow die under the camera and its face chosen."""
    cv2.imwrite(str(folder / "one-die.png"), render([PlacedDie(320, 240, 60, 12.0, "bow")], seed=3))
    camera = CameraSettings(backend="replay", replay_path=str(folder), dice_kind="mm-action")
    for size in ((800, 480), (720, 1280)):
        journal = open_journal(folder / f"journal-{size[0]}.sqlite3")
        app = App(replace(Config(), camera=camera), journal, size)
        app.goto("teach")
        deadline = time.monotonic() + 30
        while app.scene.frame is None and time.monotonic() < deadline:
            app.step(0.05)
            time.sleep(0.01)
        app.scene.choose("bow")
        app.draw()
        pygame.image.save(app.canvas, str(out / f"teach-{size[0]}x{size[1]}.png"))
        app.scene.exit()
        journal.close()


def main() -> None:
    """Settle the scene on the replayed tray, draw it, save the PNG."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        glared_tray(folder)
        camera = CameraSettings(backend="replay", replay_path=str(folder), dice_kind="mm-action")
        journal = open_journal(folder / "journal.sqlite3")
        app = App(replace(Config(), camera=camera), journal, (800, 480))
        scene = CameraScene(app)
        scene.request("mm-action", lambda faces: None)
        app.scene = scene
        scene.enter()
        deadline = time.monotonic() + 30
        while scene.reading is None and time.monotonic() < deadline:
            scene.update(0.05)
            time.sleep(0.01)
        app.draw()
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.canvas, str(out))
        scene.selected = min(
            range(len(scene.reading.dice)), key=lambda i: scene.reading.dice[i].confidence
        )
        app.draw()
        pygame.image.save(app.canvas, str(out.with_name(out.stem + "-correcting.png")))
        print(out, [(d.value, round(d.confidence, 2)) for d in scene.reading.dice])
        scene.close()
        journal.close()
        (folder / "tray.png").unlink()
        teach_shots(folder, out.parent)
        pygame.quit()


if __name__ == "__main__":
    main()
