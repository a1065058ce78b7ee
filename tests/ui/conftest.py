"""An app on SDL's dummy driver, playing the counter game."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest
from fakegame import LISTING

from tablekit.local.config import Config
from tablekit.session import Journal
from tablekit.ui import theme, widgets
from tablekit.ui.app import App


@pytest.fixture
def make_app(journal: Journal) -> Iterator[object]:
    """Build apps of any size; pygame is shut down afterwards."""

    made: list[App] = []

    def make(size: tuple[int, int] = (800, 480), settings: Config | None = None) -> App:
        made.append(App(settings or Config(), journal, size, games={LISTING.name: LISTING}))
        return made[-1]

    try:
        yield make
    finally:
        for app in made:
            app.scene.exit()
            app.pad_backends.close()  # a serial pad's reconnecting thread must not outlive it
        theme.font.cache_clear()
        pygame.quit()


@pytest.fixture
def shut_pygame() -> Iterator[None]:
    """After the test: no ledger of drawn widgets, no cached fonts, pygame shut down."""
    yield
    widgets.LEDGER = None
    theme.font.cache_clear()
    pygame.quit()


FIGURE = re.compile(r"\d\s*%|\d\s*/\s*\d")
"""A figure the table reads: a chance ("56.25%", "56,25%"), a count of a whole ("0/6", "9 / 9")."""
KEY = 28
"""At 800x480 counts, results and chances are 28 px or more."""


@pytest.fixture
def figures_at_full_size(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Through a whole test (an evening of taps at 800x480), no figure is made smaller than
    28 px to fit: the layout makes room for it (issue 21, "never shrink text to fit").
    A label on a button may give way, down to 18 px; a figure may not."""
    shrunk: set[str] = set()
    fit = widgets.fit_size

    def noting(words: str, face: str, size: int, width: int) -> int:
        got = fit(words, face, size, width)
        if got < min(size, KEY) and FIGURE.search(words):
            shrunk.add(f"{words!r} at {got} px, not {size}")
        return got

    monkeypatch.setattr(widgets, "fit_size", noting)
    yield
    assert not shrunk, "\n".join(sorted(shrunk))
