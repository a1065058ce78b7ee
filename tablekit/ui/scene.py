"""The one contract every screen follows: handle an input, update, draw.

Scenes read views from the session and emit commands through the app; they
never change game state themselves. A scene sets ``dirty`` when it must be
redrawn, so an idle screen costs no CPU, and a scene that knows what changed
repaints only that (:meth:`Scene.redraw`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from tablekit.ui.host import Host
from tablekit.ui.widgets import Button


class Scene:
    """Base class for screens. Override what you need."""

    name = "scene"
    """What the app calls this scene: a screen's name, or the game's name it plays."""

    def __init__(self, app: Host) -> None:
        self.app = app
        self.dirty = True

    def enter(self) -> None:
        """Called when the scene becomes visible (also after a resize)."""
        self.dirty = True

    def exit(self) -> None:
        """Called when another scene takes the screen: let go of devices held."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event (a tap arrives once, as MOUSEBUTTONDOWN/UP)."""

    def react(self, events: Sequence[dict[str, Any]]) -> None:
        """Respond to the events of a command just applied (start an animation, a cue).

        The events come as the table may see them: JSON-ready, with every
        secret hidden, exactly like the table's view.
        """

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds; set ``dirty`` if anything moved."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole scene onto ``surface``."""

    def redraw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Paint onto ``surface``, which still holds this scene's last frame, what changed
        since; return the rects painted, or None when the whole frame was painted (the
        display then finds what changed itself). A scene drawn in parts
        (:mod:`~tablekit.ui.parts`) repaints only those that changed; by default, all."""
        self.draw(surface)
        return None

    def forget(self) -> None:
        """The surface no longer holds this scene's last frame (another scene or a notice
        was painted over it): the next :meth:`redraw` paints it whole."""

    def buttons(self) -> list[Button]:
        """Every touch target on screen now; the keyboard's Tab walks these too."""
        return []
