"""Render the README's screenshots from a scripted Mice and Mystics session.

Run: python tools/screenshots.py [OUT_DIR]   (default: docs/screenshots)
Headless; a throwaway journal; nothing of the user's is touched.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402

from tablekit.local.clock import open_journal  # noqa: E402
from tablekit.local.config import Config  # noqa: E402
from tablekit.ui.app import App  # noqa: E402

SIZES = [(800, 480), (1920, 1080)]
PORTRAIT = (720, 1280)

SETUP = [
    {"type": "mm.set_stats", "figure": "collin", "battle": 3, "defense": 2, "lore": 1, "life": 5},
    {
        "type": "mm.set_stats",
        "figure": "nez",
        "battle": 3,
        "defense": 1,
        "lore": 3,
        "move": 1,
        "life": 6,
    },
    {
        "type": "mm.set_stats",
        "figure": "lily",
        "battle": 2,
        "defense": 1,
        "lore": 2,
        "move": 3,
        "life": 5,
    },
    {
        "type": "mm.set_stats",
        "figure": "rat_warrior",
        "battle": 2,
        "defense": 1,
        "life": 1,
        "ranged": False,
    },
    {
        "type": "mm.set_stats",
        "figure": "roach",
        "battle": 2,
        "defense": 1,
        "life": 1,
        "ranged": False,
    },
    {
        "type": "mm.start_chapter",
        "chapter": "Chapter 1",
        "end_page": 8,
        "heroes": [
            {"hero": "collin", "ability": "Battle Cry"},
            {"hero": "nez", "ability": "Tinker"},
            {"hero": "lily", "ability": "Aim"},
        ],
        "minions": [{"minion": "rat_warrior", "count": 3}, {"minion": "roach", "count": 1}],
        "order": ["collin", "lily", "rat_warrior", "roach", "nez"],
    },
    {"type": "mm.roll_movement", "faces": ["sword_shield"]},
    {"type": "mm.wound_mouse", "hero": "lily", "amount": 2},
    {"type": "mm.set_marker", "hero": "nez", "marker": "webbed"},
    {"type": "mm.gain_cheese", "hero": "lily", "amount": 3},
]
ATTACK = {
    "type": "mm.attack",
    "target": "rat_warrior#1",
    "bonus": 1,
    "faces": ["sword_star", "bow", "cheese", "sword_shield"],
}


SEARCH = {"type": "mm.search", "tile": "Guard Room", "faces": ["bow"]}


def moments(app: App) -> dict[str, object]:
    """Name -> how to bring the screen to that moment."""
    scene = app.scene

    def select() -> None:
        scene.selected = "lily"  # type: ignore[attr-defined]

    def surge() -> None:
        scene.surge = 1.0  # type: ignore[attr-defined]

    return {
        "play": lambda: None,
        "hero": select,
        "surge": surge,
        "question": lambda: apply(app, ATTACK),
        "result": lambda: submit(app, SEARCH),
    }


def submit(app: App, line: dict[str, object]) -> None:
    """Through the app, as a tap would: the screen hears the events and says what happened."""
    assert app.session is not None
    app.submit(app.session.parse(json.dumps(line)))


def apply(app: App, line: dict[str, object]) -> None:
    assert app.session is not None
    app.session.apply(app.session.parse(json.dumps(line)))


def shoot(out: Path, size: tuple[int, int], moment: str) -> None:
    app = App(Config(), open_journal(":memory:"), size)
    if moment == "setup":
        app.start("mice-mystics")
    else:
        app.start("mice-mystics")
        assert app.session is not None
        app.session.rng = random.Random(1)
        for line in SETUP:
            apply(app, line)
        moments(app)[moment]()  # type: ignore[operator]
    app.draw()
    pygame.image.save(app.canvas, out / f"mm-{moment}-{size[0]}x{size[1]}.png")


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        for moment in ("setup", "play", "question", "hero", "surge", "result"):
            shoot(out, size, moment)
        app = App(Config(), open_journal(":memory:"), size)
        for scene in ("home", "settings"):
            app.goto(scene)
            app.draw()
            pygame.image.save(app.canvas, out / f"{scene}-{size[0]}x{size[1]}.png")
    shoot(out, PORTRAIT, "play")


if __name__ == "__main__":
    main()
