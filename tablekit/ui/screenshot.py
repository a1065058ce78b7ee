"""Render any scene headless to a PNG, for the README and for checking layouts."""

from __future__ import annotations

import os
import sys
from typing import Any

from tablekit.rules.game import Game
from tablekit.session.session import Session


def screenshot(
    scene: str,
    size: tuple[int, int],
    out: str,
    session: Session[Any],
    games: dict[str, Game[Any]] | None = None,
) -> int:
    """Draw ``scene`` at ``size`` with ``session`` loaded and save it to ``out``."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from tablekit import config
    from tablekit.ui.app import SCENES, App

    if scene not in SCENES:
        print(f"tablekit: unknown scene {scene!r}; scenes: {', '.join(SCENES)}", file=sys.stderr)
        return 2
    app = App(config.load(), session.journal, size, games)
    app.session = session
    app.goto(scene)
    app.scene.update(10.0)
    app.draw()
    pygame.image.save(app.canvas, out)
    return 0
