"""After Home and back, the table finds the screen as it left it (issue 21, "After Home and
back, the hero ticks were gone"): the heroes ticked on the new chapter's form, and the
track's ticks for cards that have had their turn."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from mm_screens import NUMBERS, START, make

from tablekit.ui import theme
from tablekit.ui.app import App
from tablekit.ui.form import Form


@pytest.fixture
def app() -> Iterator[App]:
    made = make((800, 480), "en")
    yield made
    made.scene.exit()
    theme.font.cache_clear()
    pygame.quit()


def home_and_back(app: App) -> None:
    assert app.session is not None
    name = app.session.name
    app.goto("home")
    app.draw()
    app.resume(name)
    assert app.scene.name == "mice-mystics"
    app.draw()


def press(app: App, label: str) -> None:
    app.draw()
    button = next(b for b in app.scene.buttons() if b.label == label and b.enabled)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.step(0.0)


def ticked(app: App) -> set[str]:
    app.draw()
    return {b.label for b in app.scene.buttons() if b.selected}


def test_the_heroes_ticked_for_a_new_chapter_stay_ticked(app: App) -> None:
    for hero in ("Prince Collin", "Lily"):
        press(app, hero)
    assert {"Prince Collin", "Lily"} <= ticked(app)
    home_and_back(app)
    scene: Any = app.scene
    assert isinstance(scene._panel(scene.view()), Form)
    assert {"Prince Collin", "Lily"} <= ticked(app)


def test_the_track_still_ticks_the_cards_that_have_acted(app: App) -> None:
    assert app.session is not None
    for line in [*NUMBERS, START, {"type": "mm.end_turn"}]:
        app.session.apply(app.session.parse(json.dumps(line)))
    acted = [c["card"] for c in app.session.table_view()["track"] if c["acted"]]
    assert acted == ["collin"]
    home_and_back(app)
    scene: Any = app.scene
    assert [c["card"] for c in scene.view()["track"] if c["acted"]] == acted
