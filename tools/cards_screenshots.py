"""Render the Mouse Card screens from a scripted session: the table (with the last task's
result and cards), a draw with a bad card, the largest draw a turn allows (a level 6 trait
and four kings: ten cards), and an extended task's next turn with the last turn in view.

Run: python tools/cards_screenshots.py [OUT_DIR]   (default: docs/screenshots)
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

from tablekit.catalog.mouse_card import LISTING  # noqa: E402
from tablekit.local.clock import open_journal  # noqa: E402
from tablekit.local.config import Config, Interface  # noqa: E402
from tablekit.ui.app import App  # noqa: E402

SIZES = [(800, 480), (720, 1280)]

TABLE = [
    {"type": "mc.add_character", "name": "Kenzie", "traits": {"Fighter": 4, "Brawler": 6},
     "fate": 2},
    {"type": "mc.add_character", "name": "Saxon", "traits": {"Scout": 3},
     "disadvantages": {"Aged": 1}, "fate": 1},
    {"type": "mc.begin_task", "character": "Saxon", "trait": "Scout", "needed": 1},
    {"type": "mc.draw", "cards": ["9C"]},
    {"type": "mc.draw", "cards": ["QS"]},
    {"type": "mc.end_turn"},
]  # fmt: skip

DRAW = [
    {"type": "mc.begin_task", "character": "Kenzie", "trait": "Fighter", "needed": 2,
     "mode": "broke", "circumstances": ["combat"]},
    {"type": "mc.draw", "cards": ["QH", "RJ", "AS", "4D"]},
]  # fmt: skip


MANY = [
    {"type": "mc.begin_task", "character": "Kenzie", "trait": "Brawler", "needed": 3,
     "mode": "broke", "circumstances": ["combat", "unknown"]},
    {"type": "mc.draw", "cards": ["KH", "KS", "KD", "KC", "10H", "JS"]},
    {"type": "mc.draw", "cards": ["RJ", "AS", "BJ", "10D"]},
    {"type": "mc.cancel", "card": "RJ", "by": "ace"},
]  # fmt: skip

TURN = [
    {"type": "mc.begin_task", "character": "Kenzie", "trait": "Fighter", "needed": 3,
     "extended": True, "circumstances": ["combat"]},
    {"type": "mc.draw", "cards": ["JH"]},
    {"type": "mc.draw", "cards": ["RJ"]},
    {"type": "mc.cancel", "card": "RJ", "by": "fate"},
    {"type": "mc.draw", "cards": ["7S"]},
    {"type": "mc.end_turn"},
]  # fmt: skip

MOMENTS = {"table": TABLE, "draw": TABLE + DRAW, "many": TABLE + MANY, "turn": TABLE + TURN}


def shoot(out: Path, size: tuple[int, int], moment: str, language: str) -> None:
    settings = Config(ui=Interface(language=language))
    app = App(settings, open_journal(":memory:"), size, games={LISTING.name: LISTING})
    app.start("mouse-card")
    assert app.session is not None
    app.session.rng = random.Random(1)
    for line in MOMENTS[moment]:
        app.session.apply(app.session.parse(json.dumps(line)))
    app.draw()
    suffix = "" if language == "en" else f"-{language}"
    pygame.image.save(app.canvas, out / f"cards-{moment}-{size[0]}x{size[1]}{suffix}.png")


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        for moment in MOMENTS:
            shoot(out, size, moment, "en")
    shoot(out, (1920, 1080), "many", "en")
    for moment in ("draw", "many", "turn"):
        shoot(out, (800, 480), moment, "da")


if __name__ == "__main__":
    main()
