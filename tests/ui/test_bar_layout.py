"""The top bar of every game's scene: its buttons inside the screen and clear of each other,
its title drawn at heading size and its labels at body size, never shrunk (STYLE: never
shrink text to fit, change the layout). Upright the title has a row of its own under
the bar; "Our dice" goes to that row's end. At 800x480, 720x1280 and 1920x1080, in
English and Danish, Mouse Guard and Regelhuskeark both outside and inside a conflict (the
longest title: "Fight Animal · Volley 1")."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pygame
import pytest
from cards_screens import app_for
from clocks import TEST_CLOCK
from mm_screens import make, playing
from ui.test_mm_layout import measure

from tablekit.local.config import Config, Interface
from tablekit.session import Journal
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.app import App

SIZES = [(800, 480), (720, 1280), (1920, 1080)]

MOUSE = {"name": "Saxon", "ratings": [{"name": "Nature", "rating": 3},
         {"name": "Health", "rating": 4}, {"name": "Fighter", "rating": 3}]}  # fmt: skip


def mouse_guard(game: str, conflict: bool) -> Callable[[tuple[int, int], str], App]:
    def build(size: tuple[int, int], language: str) -> App:
        app = App(
            Config(ui=Interface(language=language)), Journal(":memory:", clock=TEST_CLOCK), size
        )
        app.start(game)
        session = app.session
        assert session is not None
        lines: list[dict[str, object]] = [{"type": "mg.add_character", "sheet": MOUSE}]
        if conflict:
            lines.append({"type": "mg.begin_conflict", "conflict": "fight_animal",
                          "patrol": ["Saxon"], "captain": "Saxon", "opponent": "Owl",
                          "gm_dice": 4})  # fmt: skip
        for line in lines:
            session.apply(session.parse(json.dumps(line)))
        return app

    return build


def mice_and_mystics(size: tuple[int, int], language: str) -> App:
    app = make(size, language)
    playing(app)
    return app


SCENES: dict[str, Callable[[tuple[int, int], str], App]] = {
    "mice-mystics": mice_and_mystics,
    "mouse-guard": mouse_guard("mouse-guard", False),
    "mouse-guard-conflict": mouse_guard("mouse-guard", True),
    "regelhuskeark": mouse_guard("regelhuskeark", False),
    "regelhuskeark-conflict": mouse_guard("regelhuskeark", True),
    "mouse-card": app_for,
}


@pytest.fixture
def shrunk(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    found: list[str] = []
    fit = widgets.fit_size

    def noting(words: str, face: str, size: int, width: int) -> int:
        got = fit(words, face, size, width)
        if got < size:
            found.append(f"{words!r} at {got} px, not {size}")
        return got

    monkeypatch.setattr(widgets, "fit_size", noting)
    yield found
    theme.font.cache_clear()
    pygame.quit()


@pytest.mark.slow
@pytest.mark.parametrize("scene", SCENES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "da"])
def test_the_bar_holds_its_buttons_and_title_at_their_sizes(
    scene: str, size: tuple[int, int], language: str, shrunk: list[str]
) -> None:
    app = SCENES[scene](size, language)
    layout = app.layout
    shrunk.clear()
    top = chrome.title_row(layout).bottom  # the bar, and upright the title's row below it
    drawn = [one for one in measure(app) if one.room.top < top]
    screen = pygame.Rect(0, 0, *size)
    bar = [b for b in app.scene.buttons() if b.rect.top < top]
    problems = [f"{one.words!r} shrunk" for one in drawn if f"{one.words!r} at" in str(shrunk)]
    problems += [f"{one.words!r} cut" for one in drawn if one.cut]
    for at, button in enumerate(bar):
        if not screen.contains(button.rect) or button.rect.bottom > top:
            problems.append(f"{button.label!r} at {button.rect} is off the bar")
        if button.rect.height < 44:
            problems.append(f"{button.label!r} is {button.rect.height} px tall")
        problems += [
            f"{button.label!r} covers {other.label!r}"
            for other in bar[at + 1 :]
            if button.rect.colliderect(other.rect)
        ]
    labels = {b.label for b in bar}
    titles = [one for one in drawn if one.words not in labels]
    assert len(titles) == 1, [one.words for one in drawn]
    title = titles[0]
    if title.size != layout.text("heading"):
        problems.append(f"the title {title.words!r} at {title.size} px")
    problems += [
        f"the title {title.words!r} runs under {b.label!r}"
        for b in bar
        if b.rect.colliderect(title.place)
    ]
    problems += [
        f"{one.words!r} at {one.size} px" for one in drawn if one.words in labels
        and one.size != layout.text("body")
    ]  # fmt: skip
    undo, redo = (next(b for b in bar if b.label == app.tr(w)) for w in ("Undo", "Redo"))
    if undo.rect.x > redo.rect.x:
        problems.append("Undo sits right of Redo")  # every game's bar reads as an editor's
    assert not problems, f"{scene} {size} {language}: " + "; ".join(problems)
