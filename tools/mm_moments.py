"""Render the Mice and Mystics moments issue 11 asks about at 800x480, and report the
smallest font drawn on each.

Run: python tools/mm_moments.py [OUT_DIR [MOMENT ...]]   (default: docs/screenshots)
It uses only the app and the rules' commands, so it also runs on older commits
(``PYTHONPATH=<a clone at that commit>``) for before-and-after pictures. Each
font's size is read where text is drawn (all text goes through ``theme.font``),
so the report does not depend on the layout code it measures.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from tablekit.local.config import replace

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from tablekit.local.clock import open_journal  # noqa: E402
from tablekit.local.config import Config  # noqa: E402
from tablekit.ui import theme  # noqa: E402
from tablekit.ui.app import App  # noqa: E402

DRAWN: list[tuple[int, str]] = []
"""(pixel size, words) of every text rendered since the last clear."""


class Counted(pygame.font.Font):
    """A font that notes the words it renders and its own size."""

    px = 0

    def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:  # type: ignore[override]
        if str(text).strip():
            DRAWN.append((self.px, str(text)))
        return super().render(text, *args, **kwargs)


@cache
def counted_font(face: str, size: int) -> pygame.font.Font:
    font = Counted(theme.FONTS / theme.FACES[face], max(8, size))
    font.px = max(8, size)
    return font


theme.font = counted_font  # type: ignore[assignment]

SETUP: list[dict[str, Any]] = [
    {"type": "mm.set_stats", "figure": "collin", "battle": 3, "defense": 2, "lore": 1, "life": 5},
    {"type": "mm.set_stats", "figure": "lily", "battle": 2, "defense": 1, "lore": 2, "move": 3,
     "life": 5},
    {"type": "mm.set_stats", "figure": "rat_warrior", "battle": 6, "defense": 1, "life": 2,
     "ranged": False},
    {"type": "mm.set_stats", "figure": "roach", "battle": 2, "defense": 1, "life": 1,
     "ranged": False},
    {"type": "mm.start_chapter", "chapter": "Chapter 1", "end_page": 8,
     "heroes": [{"hero": "collin", "ability": "Battle Cry"}, {"hero": "lily", "ability": "Aim"}],
     "minions": [{"minion": "rat_warrior", "count": 2}, {"minion": "roach", "count": 1}],
     "order": ["collin", "rat_warrior", "lily", "roach"]},
]  # fmt: skip


def run(app: App, line: dict[str, Any], through: bool = True) -> None:
    """One command: through the app as a tap would (the screen reacts), or straight in."""
    assert app.session is not None
    command = app.session.parse(json.dumps(line))
    app.submit(command) if through else app.session.apply(command)


def attack_form(app: App) -> None:
    from tablekit.ui.mm import forms

    scene: Any = app.scene
    scene.form = forms.attack(scene.view(), scene.submit, app.tr)


def minion_turn(app: App) -> None:
    run(app, {"type": "mm.end_turn"})


def surge(app: App) -> None:
    """The rat warrior rolls six cheese: the wheel fills and the surge question stands."""
    minion_turn(app)
    run(app, {"type": "mm.minion_attack", "targets": ["collin"], "faces": ["cheese"] * 6})
    scene: Any = app.scene
    scene.surge = 0.0


MOMENTS: dict[str, Callable[[App], None]] = {
    "board": lambda app: None,
    "attack": attack_form,
    "surge-question": surge,
    "minion-turn": minion_turn,
    "search-result": lambda app: run(
        app, {"type": "mm.search", "tile": "Tile 1", "faces": ["bow"]}
    ),
    "home": lambda app: app.goto("home"),
    "board-da": lambda app: None,
}


def shoot(out: Path, name: str, size: tuple[int, int] = (800, 480)) -> None:
    language = "da" if name.endswith("-da") else "en"
    settings = replace(Config(), ui=replace(Config().ui, language=language))
    app = App(settings, open_journal(":memory:"), size)
    app.start("mice-mystics")
    assert app.session is not None
    app.session.rng = random.Random(1)
    for line in SETUP:
        run(app, line, through=False)
    MOMENTS[name](app)
    app.notice_text = ""
    DRAWN.clear()
    app.draw()
    stem = "home-sessions" if name == "home" else f"mm-{name}"
    pygame.image.save(app.canvas, out / f"{stem}-{size[0]}x{size[1]}.png")
    smallest = min(px for px, _ in DRAWN)
    examples = sorted({words for px, words in DRAWN if px == smallest})[:3]
    print(f"{name:15} smallest {smallest:3d} px, e.g. {examples}")
    app.scene.exit()


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    for name in sys.argv[2:] or MOMENTS:
        shoot(out, name)


if __name__ == "__main__":
    main()
