"""Render any scene headless to a PNG, for the README and for checking layouts."""

from __future__ import annotations

import os
import sys
from typing import Any

from tablekit.rules.game import Game
from tablekit.session.journal import Journal


def screenshot(
    scene: str,
    size: tuple[int, int],
    out: str,
    journal: Journal,
    session: str | None = None,
    games: dict[str, Game[Any]] | None = None,
) -> int:
    """Draw ``scene`` at ``size`` and save it to ``out``.

    The app opens as it would at the table: on ``session`` if one is named,
    else on the session used last. A game's scene needs a session.
    """
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from tablekit import config
    from tablekit.ui.app import GAME_SCENES, SCENES, App

    if scene not in SCENES:
        print(f"tablekit: unknown scene {scene!r}; scenes: {', '.join(SCENES)}", file=sys.stderr)
        return 2
    app = App(config.load(), journal, size, games)
    if session is not None and not app.resume(session):
        print(f"tablekit: {app.notice_text}", file=sys.stderr)
        return 2
    if scene in GAME_SCENES.values() and app.session is None:
        print(
            f"tablekit: the {scene} scene needs a session; name one with --session", file=sys.stderr
        )
        return 2
    app.goto(scene)
    app.scene.update(10.0)
    app.draw()
    try:
        pygame.image.save(app.canvas, out)
    except pygame.error as error:
        print(f"tablekit: cannot write {out}: {error}", file=sys.stderr)
        return 2
    return 0
