"""A Regelhuskeark rabbit's sheet in Danish: docs/screenshots/rabbit-sheet-800x480.png.

Run with the SDL dummy driver: ``SDL_VIDEODRIVER=dummy python tools/rabbit_screenshots.py``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tablekit.local.config import Config  # noqa: E402
from tablekit.session import Journal  # noqa: E402
from tablekit.ui.app import App  # noqa: E402

RABBIT = {
    "name": "Hazel",
    "ratings": [
        {"name": "Nature", "rating": 4},
        {"name": "Will", "rating": 3},
        {"name": "Health", "rating": 4},
        {"name": "Scout", "rating": 3, "passes": 2},
        {"name": "Pathfinder", "rating": 2, "fails": 1},
        {"name": "Survivalist", "rating": 2},
    ],
    "traits": [{"name": "Snarrådig", "level": 1}],
    "wises": [{"name": "Ræve-vis"}],
    "conditions": ["afraid", "tired"],
}


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    app = App(Config(), Journal(":memory:"), (800, 480))
    app.start("regelhuskeark")
    assert app.session is not None
    command = {"type": "mg.add_character", "sheet": RABBIT}
    app.session.apply(app.session.parse(json.dumps(command)))
    app.scene.selected = "Hazel"  # type: ignore[attr-defined]
    app.draw()
    pygame.image.save(app.canvas, out / "rabbit-sheet-800x480.png")


if __name__ == "__main__":
    main()
