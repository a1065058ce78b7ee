"""Every Mice and Mystics screen is readable from 1.5 m and never overflows (issue 11, item 3).

Each screen of :mod:`mm_screens` is drawn with the widgets' ledger on, and
every line of text drawn is measured: at 800x480 nothing is below 18 px, the
table's key facts (the track's names, the wheel count, the hourglass, the
result line and SURGE) are 28 px or more; at every size no text is cut, runs
out of its room or over another; every touch target is 44 px or more.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from mm_screens import screens

from tablekit.ui import theme, widgets
from tablekit.ui.app import App
from tablekit.ui.widgets import Drawn

SIZES = [(800, 480), (720, 1280), (1920, 1080)]
SMALLEST = 18
KEY = 28
TOUCH = 44


@pytest.fixture(autouse=True)
def ledger() -> Iterator[None]:
    yield
    widgets.LEDGER = None
    theme.font.cache_clear()
    pygame.quit()


def measure(app: App) -> list[Drawn]:
    widgets.LEDGER = []
    app.draw()
    drawn, widgets.LEDGER = widgets.LEDGER, None
    return drawn


def problems(name: str, app: App, drawn: list[Drawn]) -> list[str]:
    found = []
    screen = pygame.Rect((0, 0), app.layout.width and (app.layout.width, app.layout.height))
    for one in drawn:
        if one.size < SMALLEST:
            found.append(f"{name}: {one.words!r} at {one.size} px")
        if one.cut or one.place.width > one.room.width + 1 or not screen.contains(one.place):
            found.append(f"{name}: {one.words!r} does not fit {one.room}")
    for at, one in enumerate(drawn):
        for other in drawn[at + 1 :]:
            if _ink(one).colliderect(_ink(other)):
                found.append(f"{name}: {one.words!r} runs over {other.words!r}")
    for button in app.scene.buttons():
        if min(button.rect.size) < TOUCH:
            found.append(f"{name}: the button {button.label!r} is {button.rect.size}")
    return found


def _ink(one: Drawn) -> pygame.Rect:
    """Where the letters are: a line's rect less the font's leading above and below."""
    return one.place.inflate(-2, -one.size // 3)


def key_texts(app: App) -> list[str]:
    """What the table must read from across it: names on the track, wheel, hourglass, result."""
    view = app.scene.view()  # type: ignore[attr-defined]
    found = [card["name"] for card in view["track"]]
    found.append(f"{view['wheel']['cheese']}/6")
    if app.scene.result:  # type: ignore[attr-defined]
        found.append(app.scene.result)  # type: ignore[attr-defined]
    return found


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "da"])
def test_every_text_on_every_screen_is_readable_and_fits(
    size: tuple[int, int], language: str
) -> None:
    found = []
    for name, app in screens(size, language):
        drawn = measure(app)
        found += problems(name, app, drawn)
        if size != (800, 480) or app.scene.view()["outcome"] != "playing":  # type: ignore[attr-defined]
            continue
        sizes: dict[str, int] = {}
        for one in drawn:
            sizes[one.words] = max(one.size, sizes.get(one.words, 0))
        for words in key_texts(app):
            shown = sizes.get(words)
            if shown is not None and shown < KEY:
                found.append(f"{name}: {words!r} at {shown} px, the table needs {KEY}")
        hourglass = [one for one in drawn if one.words.startswith(app.tr("Hourglass"))]
        if hourglass and hourglass[0].size < KEY:
            found.append(f"{name}: the hourglass at {hourglass[0].size} px")
    assert not found, "\n".join(found)


def test_surge_is_shouted(make_app: object) -> None:
    for name, app in screens((800, 480), "en"):
        if name != "board":
            continue
        app.scene.surge = 1.0  # type: ignore[attr-defined]
        drawn = measure(app)
        surge = [one for one in drawn if one.words == app.tr("SURGE!")]
        assert surge and surge[0].size >= KEY and not surge[0].cut
