"""Regelhuskeark in Danish at 800x480: a rabbit's sheet (docs/screenshots/rabbit-sheet-800x480.png)
and a conflict's action test, two rabbit teams against a fox, Bange costing a team its point
of disposition (docs/screenshots/rabbit-conflict-800x480.png).

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

from tablekit.local.clock import open_journal  # noqa: E402
from tablekit.local.config import Config  # noqa: E402
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


CONFLICT = [
    {"type": "mg.add_character", "sheet": {"name": "Bigwig", "ratings": [
        {"name": "Nature", "rating": 4}, {"name": "Health", "rating": 5},
        {"name": "Fighter", "rating": 3}]}},
    {"type": "mg.add_character", "sheet": {"name": "Fiver", "ratings": [
        {"name": "Nature", "rating": 5}, {"name": "Health", "rating": 3},
        {"name": "Fighter", "rating": 1}]}},
    {"type": "mg.begin_conflict", "conflict": "fight", "patrol": ["Hazel", "Bigwig", "Fiver"],
     "captain": "Hazel", "opponent": "Ræven", "gm_dice": 5},
    {"type": "mg.form_team", "side": "patrol", "members": ["Bigwig"]},
    {"type": "mg.roll_disposition", "side": "patrol", "helpers": ["Fiver"],
     "faces": ["axe", "snake", "snake", "snake", "snake"]},
    {"type": "mg.roll_disposition", "side": "patrol", "faces": ["sword", "sword", "snake"]},
    {"type": "mg.set_disposition", "side": "gm", "disposition": 9},
    *({"type": "mg.script", "side": "gm", "action": a} for a in ("attack", "feint", "attack")),
    {"type": "mg.lock", "side": "gm"},
    *({"type": "mg.script", "side": "patrol", "action": a} for a in ("defend", "attack", "attack")),
    {"type": "mg.lock", "side": "patrol"},
    *({"type": "mg.script", "side": "patrol", "action": "attack"} for _ in range(3)),
    {"type": "mg.lock", "side": "patrol"},
    {"type": "mg.reveal"},
]  # fmt: skip
"""Hazel (Bange, Træt) and Fiver against the fox, Bigwig a team of his own."""


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    app = App(Config(), open_journal(":memory:"), (800, 480))
    app.start("regelhuskeark")
    assert app.session is not None
    command = {"type": "mg.add_character", "sheet": RABBIT}
    app.session.apply(app.session.parse(json.dumps(command)))
    app.scene.selected = "Hazel"  # type: ignore[attr-defined]
    app.draw()
    pygame.image.save(app.canvas, out / "rabbit-sheet-800x480.png")
    for line in CONFLICT:
        app.session.apply(app.session.parse(json.dumps(line)))
    app.scene.selected = None  # type: ignore[attr-defined]
    app.scene.dirty = True
    app.draw()
    pygame.image.save(app.canvas, out / "rabbit-conflict-800x480.png")


if __name__ == "__main__":
    main()
