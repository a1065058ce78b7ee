"""Settings at every screen size and language: every game's full title, no text shrunk or cut,
no two buttons overlapping, and the dice camera reached from the bar."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pygame
import pytest
from clocks import TEST_CLOCK

from tablekit.local.config import Buttons, Config, replace
from tablekit.session import Journal
from tablekit.ui import widgets
from tablekit.ui.app import App

SIZES = [(800, 480), (720, 1280), (1920, 1080)]


pytestmark = pytest.mark.usefixtures("shut_pygame")


def settings_screen(tmp_path: Path, size: tuple[int, int], language: str) -> App:
    """Settings with serial pads, so the pads' rows are there too."""
    config = Config(buttons=Buttons(backend="serial"))
    config = replace(config, ui=replace(config.ui, language=language))
    app = App(config, Journal(tmp_path / "j.sqlite3", clock=TEST_CLOCK), size)
    app.goto("settings")
    return app


@pytest.mark.parametrize("language", ["en", "da"])
@pytest.mark.parametrize("size", SIZES)
def test_every_game_title_is_whole_and_nothing_is_shrunk(
    tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    app = settings_screen(tmp_path, size, language)
    widgets.LEDGER = []
    app.draw()
    drawn, widgets.LEDGER = widgets.LEDGER, None
    titles = [game.title for game in app.games.values()]
    assert set(titles) <= {d.words for d in drawn}
    for pad in ("GM's pad", "Patrol's pad"):  # the devices' box keeps its room
        assert any(app.tr(pad) in d.words for d in drawn), f"{pad} is not shown at {size}"
    body = app.layout.text("body")
    for d in drawn:
        assert not d.cut, f"{d.words!r} is cut short at {size}"
        if d.words in titles:
            assert d.size == body, f"{d.words!r} is shrunk to {d.size} px at {size}"
        assert d.size >= 18
    buttons = app.scene.buttons()
    for a, b in combinations(buttons, 2):
        assert not a.rect.colliderect(b.rect), f"{a.label!r} overlaps {b.label!r}"
    screen = pygame.Rect(0, 0, *size)
    assert all(screen.contains(b.rect) for b in buttons)


def test_the_dice_camera_is_a_tap_on_the_bar(tmp_path: Path) -> None:
    app = settings_screen(tmp_path, (800, 480), "en")
    app.draw()
    [camera] = [b for b in app.scene.buttons() if b.label == "Dice camera…"]
    assert camera.rect.bottom <= app.layout.bar
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=camera.rect.center, button=1))
    app.step(0.0)
    assert app.scene.name == "teach"
