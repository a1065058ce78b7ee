"""Workhorse and Embodiment by touch (summary, Character Advancement: Persona is earned for
Workhorse, MVP and Embodiment): from an empty data directory, the sheet's Reward form gives
each its Persona point, at 800x480 and 720x1280, in English and Danish."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from mg_tapping import add_mouse, made_app, press
from ui.test_mg_scene import open_sheet, sheet

from tablekit.local.config import Config, Interface
from tablekit.ui.app import App


@pytest.fixture(
    params=[((800, 480), "en"), ((800, 480), "da"), ((720, 1280), "en"), ((720, 1280), "da")],
    ids=lambda p: f"{p[0][0]}x{p[0][1]}-{p[1]}",
)
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    size, language = request.param
    yield from made_app(size, Config(ui=Interface(language=language)))


@pytest.mark.slow
def test_workhorse_and_embodiment_each_give_a_persona_point(app: App) -> None:
    press(app, "Mouse Guard")
    add_mouse(app, "sadie")
    start = sheet(app, "sadie")
    for count, label in enumerate(("Workhorse (Persona)", "Embodiment (Persona)"), start=1):
        if app.scene.selected is None:  # type: ignore[attr-defined]
            open_sheet(app, "sadie")
        press(app, "More…")
        press(app, "Reward…")
        press(app, "Open")
        press(app, label)
        press(app, "Give")
        now = sheet(app, "sadie")
        assert (now["fate"], now["persona"]) == (start["fate"], start["persona"] + count)
