"""What the buttons-stay properties share (issue 21, "Buttons stay where they are"): naming
the buttons on a screen, remembering where each phase showed them, and a tap.

A test module says what a phase is and which panel a tap may open; this module says when a
button broke the rule: within a phase no button keeps two places and no enabled button takes
the place of a different one, and no enabled button appears under the finger just lifted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from tablekit.ui.app import App
from tablekit.ui.widgets import Button

Place = tuple[int, int, int, int]
Seen = tuple[str, Place, bool]
"""A button as the property sees it: its name, its rectangle, and whether it is enabled."""


def named(buttons: Iterable[Button], label: Callable[[Button, Place], str]) -> list[Seen]:
    """Each button named by ``label``, the second of the same name with " #2" and so on."""
    found: list[Seen] = []
    for button in buttons:
        place: Place = tuple(button.rect)  # type: ignore[assignment]
        name = label(button, place)
        nth = sum(one[0].partition(" #")[0] == name for one in found)
        found.append((f"{name} #{nth + 1}" if nth else name, place, button.enabled))
    return found


def overlap(one: Place, other: Place) -> bool:
    return pygame.Rect(one).colliderect(pygame.Rect(other))


def tap(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step(0.0)


def under_finger(seen: list[Seen], tapped: Seen) -> list[str]:
    """The enabled buttons other than ``tapped`` that now lie where it was."""
    return [
        label
        for label, place, enabled in seen
        if enabled and label != tapped[0] and overlap(place, tapped[1])
    ]


class Watch:
    """The places each phase has shown so far, and what breaks the property."""

    def __init__(
        self, phase: Callable[[App], tuple[object, ...]], panel: Callable[[App], object]
    ) -> None:
        self.phase = phase
        self.panel = panel
        self.places: dict[tuple[object, ...], dict[str, Place]] = {}
        self.alive: list[object] = []  # panels kept alive, so no two ever share an id

    def frame(self, app: App, seen: list[Seen], note: str) -> list[str]:
        now = self.phase(app)
        self.alive.append(self.panel(app))
        places = self.places.setdefault(now, {})
        found = []
        for label, place, enabled in seen:
            was = places.get(label)
            if was is not None and was != place:
                found.append(f"{note}: {label!r} moved from {was} to {place} in {now}")
            taken = [o for o, p in places.items() if o != label and enabled and overlap(place, p)]
            if taken:
                found.append(f"{note}: {label!r} took the place of {taken[0]!r} in {now}")
            places.setdefault(label, place)
        return found
