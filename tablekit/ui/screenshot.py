"""Render any scene headless to a PNG, for the README and for checking layouts."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tablekit.catalog.listing import Listing
from tablekit.session.journal import Journal

if TYPE_CHECKING:
    from tablekit.ui.app import App


def screenshot(
    scene: str,
    size: tuple[int, int],
    out: str,
    journal: Journal,
    session: str | None = None,
    games: Mapping[str, Listing] | None = None,
) -> int:
    """Draw ``scene`` at ``size`` and save it to ``out``.

    The app opens as it would at the table: on ``session`` if one is named,
    else on the session used last. A game's scene needs a session.
    """
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from tablekit.devices.pad_backends import no_pads
    from tablekit.local import config
    from tablekit.ui.app import App

    app = App(config.load(), journal, size, games, pads=no_pads)
    try:
        return _shoot(app, scene, out, session)
    finally:
        app.close()


def _shoot(app: App, scene: str, out: str, session: str | None) -> int:
    """Bring ``app`` to ``scene`` and save it; an exit status, with the reason on stderr."""
    import pygame

    from tablekit.ui.app import SCENES

    if scene not in SCENES and scene not in app.games:
        known = ", ".join([*SCENES, *app.games])
        print(f"tablekit: unknown scene {scene!r}; scenes: {known}", file=sys.stderr)
        return 2
    if session is not None and not app.resume(session):
        print(f"tablekit: {app.notice_text}", file=sys.stderr)
        return 2
    if scene in app.games and app.session is None:
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
