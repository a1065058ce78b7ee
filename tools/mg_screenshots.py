"""Render the Mouse Guard screens from a scripted session: patrol, sheet, test builder.

Run: python tools/mg_screenshots.py [OUT_DIR]   (default: docs/screenshots)
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

SIZES = [(800, 480), (720, 1280)]


def sheet(name: str, ratings: dict[str, int], **more: object) -> dict[str, object]:
    return {
        "type": "mg.add_character",
        "sheet": {"name": name, "ratings": [{"name": k, "rating": v} for k, v in ratings.items()]}
        | more,
    }


PATROL = [
    sheet(
        "Saxon",
        {"Nature": 3, "Will": 3, "Health": 5, "Fighter": 5, "Instructor": 2, "Pathfinder": 3},
        fate=1,
        persona=2,
        traits=[{"name": "Brave", "level": 2}, {"name": "Fearless", "level": 1}],
        wises=[{"name": "Weasel-wise"}],
        conditions=["angry"],
    ),
    sheet(
        "Kenzie",
        {"Nature": 3, "Will": 5, "Health": 4, "Persuader": 4, "Scout": 3, "Healer": 2},
        fate=2,
        persona=1,
        traits=[{"name": "Clever", "level": 2}],
        wises=[{"name": "Crab-wise"}],
    ),
    sheet(
        "Lieam",
        {"Nature": 4, "Will": 2, "Health": 4, "Fighter": 3, "Scout": 4},
        fate=0,
        persona=1,
        conditions=["tired", "hungry"],
    ),
    {"type": "mg.set_phase", "phase": "prologue"},
    {"type": "mg.set_phase", "phase": "mission"},
    {"type": "mg.set_phase", "phase": "goals"},
    {"type": "mg.set_phase", "phase": "gm_turn"},
]

TEST = [
    {"type": "mg.begin_test", "character": "Kenzie", "rating": "Scout", "ob": 3},
    {"type": "mg.use_trait_for", "character": "Kenzie", "trait": "Clever"},
    {"type": "mg.add_helper", "character": "Kenzie", "helper": "Lieam", "skill": "Scout"},
]
ROLL = {"type": "mg.roll", "faces": ["6", "5", "2", "1", "3"]}

CONFLICT = [
    {
        "type": "mg.begin_conflict",
        "conflict": "fight",
        "patrol": ["Saxon", "Kenzie"],
        "captain": "Saxon",
        "opponent": "Weasel",
        "gm_dice": 4,
    },
    {
        "type": "mg.roll_disposition",
        "side": "patrol",
        "helpers": ["Kenzie"],
        "faces": [6, 5, 4, 4, 2, 1],
    },
    {"type": "mg.set_disposition", "side": "gm", "disposition": 3},
    {"type": "mg.script", "side": "gm", "action": "attack"},
    {"type": "mg.script", "side": "gm", "action": "feint"},
    {"type": "mg.script", "side": "gm", "action": "defend"},
    {"type": "mg.lock", "side": "gm"},
    {"type": "mg.script", "side": "patrol", "action": "attack"},
    {"type": "mg.script", "side": "patrol", "action": "attack"},
]
REVEAL = [
    {"type": "mg.script", "side": "patrol", "action": "defend"},
    {"type": "mg.lock", "side": "patrol"},
    {"type": "mg.reveal"},
]
WIN = [
    {"type": "mg.roll_action", "side": "gm", "faces": [1, 2, 3, 4]},
    {"type": "mg.roll_action", "side": "patrol", "faces": [6, 6, 5, 5, 4]},
    {"type": "mg.keep_roll", "side": "patrol"},
]
TEAMS = [
    {
        "type": "mg.begin_conflict",
        "conflict": "fight",
        "patrol": ["Saxon", "Kenzie", "Lieam"],
        "captain": "Saxon",
        "opponent": "Weasel",
        "gm_dice": 4,
    },
    {"type": "mg.form_team", "side": "patrol", "members": ["Kenzie", "Lieam"]},
    {"type": "mg.set_disposition", "side": "patrol", "disposition": 7},
    {"type": "mg.set_disposition", "side": "patrol", "disposition": 6},
    {"type": "mg.set_disposition", "side": "gm", "disposition": 9},
    *({"type": "mg.script", "side": "gm", "action": "attack"} for _ in range(3)),
    {"type": "mg.lock", "side": "gm"},
    *({"type": "mg.script", "side": "patrol", "action": "defend"} for _ in range(3)),
    {"type": "mg.lock", "side": "patrol"},
    *({"type": "mg.script", "side": "patrol", "action": "feint"} for _ in range(2)),
]


def apply(app: App, lines: list[dict[str, object]]) -> None:
    assert app.session is not None
    for line in lines:
        app.session.apply(app.session.parse(json.dumps(line)))


def shoot(out: Path, size: tuple[int, int], moment: str) -> None:
    app = App(Config(), open_journal(":memory:"), size)
    app.start("mouse-guard")
    assert app.session is not None
    app.session.rng = random.Random(1)
    apply(app, PATROL)
    if moment == "sheet":
        app.scene.selected = "Saxon"  # type: ignore[attr-defined]
    if moment in ("builder", "rolled"):
        apply(app, TEST)
    if moment == "rolled":
        apply(app, [ROLL])
    conflict = {
        "scripting": CONFLICT,
        "acting": CONFLICT + REVEAL,
        "over": CONFLICT + REVEAL + WIN,
        "teams": TEAMS,
    }
    apply(app, conflict.get(moment, []))
    app.draw()
    pygame.image.save(app.canvas, out / f"mg-{moment}-{size[0]}x{size[1]}.png")


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        for moment in (
            "patrol", "sheet", "builder", "rolled", "scripting", "acting", "over", "teams",
        ):  # fmt: skip
            shoot(out, size, moment)


if __name__ == "__main__":
    main()
