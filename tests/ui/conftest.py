"""An app on SDL's dummy driver, playing the counter game."""

from __future__ import annotations

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
