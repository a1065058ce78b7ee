"""Tapping through the screens as a player would, shared by the UI tests: made_app (any game's app
on a fresh journal, closed after), and the Mouse Guard screens' own taps."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
from clocks import TEST_CLOCK

from tablekit.local import paths
from tablekit.local.config import Config
from tablekit.session import Journal
from tablekit.ui import theme
from tablekit.ui.app import App
from tablekit.ui.form import Form


def made_app(size: tuple[int, int], settings: Config) -> Iterator[App]:
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)
    made = App(settings, journal, size)
    try:
        yield made
    finally:
        made.scene.exit()
        theme.font.cache_clear()
        pygame.quit()
        journal.close()


def labels(app: App) -> list[str]:
    app.draw()
    return [b.label for b in app.scene.buttons() if b.enabled]


def press(app: App, label: str) -> None:
    """Tap the enabled button called ``label`` (in the app's language), or else the one
    whose key is ``label`` (a conflict's "patrol:roll", whatever its words); fail if it is
    not there."""
    words = app.tr(label)
    app.draw()
    buttons = app.scene.buttons()
    found = [b for b in buttons if b.label == words and b.enabled]
    found = found or [b for b in buttons if getattr(b, "key", "") == label and b.enabled]
    assert found, f"no enabled {words!r} in {labels(app)}"
    tap(app, found[0].rect.center)


def keys(app: App) -> list[str]:
    """The keys (else the labels) of the enabled buttons now."""
    app.draw()
    return [getattr(b, "key", "") or b.label for b in app.scene.buttons() if b.enabled]


def tap(app: App, pos: tuple[int, int], double: bool = False) -> None:
    """A tap at ``pos``. A player's taps are further apart than a double tap, so a tap
    here is never let fall as a double tap's second (the screen lets that one fall on
    the spot of a form's button that closed the form), unless ``double``."""
    if not double and hasattr(app.scene, "quiet"):
        app.scene.quiet = None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step(0.0)


def type_on_keys(app: App, word: str) -> None:
    for letter in word:
        press(app, "space" if letter == " " else letter)


def form(app: App) -> Form:
    assert isinstance(app.scene.form, Form)  # type: ignore[attr-defined]
    return app.scene.form  # type: ignore[attr-defined,no-any-return]


def add_mouse(app: App, name: str) -> None:
    """A new mouse called ``name`` with the form's numbers as they are, and no trait."""
    press(app, "New mouse")
    type_on_keys(app, name)
    while app.tr("Add") not in labels(app):
        press(app, "Next")  # the numbers, the skills, the trait
    press(app, "Add")
