"""Buttons never move under a finger on Home, Settings, the dice tray and the dice
teaching screen (issue 21, "Buttons stay where they are"): one property over random taps,
parametrised by scene, as the games' screens have theirs (test_mm_buttons_stay and the
others).

Each example opens the scene at 800x480 in English or Danish (Home with no session, three,
or more than a page of them; the dice tray without a camera, for Mice and Mystics action
dice, Mouse Guard's or pips; the teaching screen without a camera) and makes 30 taps at
random on its buttons, greyed ones too. A tap that leaves the scene ends the example.
After every tap the screen is drawn and its buttons read, and:

* within a phase no button keeps two places, and no enabled button takes the place of a
  different one, over the whole run: a phase is the scene in one language (Settings
  changes it) with its open form's page, and Home's sessions (renamed, deleted, restored)
  and page of cards, the tray's picker (open or not) and the kind of dice taught;
* no enabled button appears in the rectangle of the button just tapped unless it is that
  same button, save where the tap opened a form, turned its page or closed it, or changed
  the language (every button's words change with it).

A button is named by its words (a key in capitals is the same key, "More (7)" and "More
(5)" the same button), a form's text box as the box, the second of two buttons of the same
words with " #2". Each scene runs 20 examples.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from buttons_stay import Place, Seen, Watch, named, tap, under_finger
from clocks import TEST_CLOCK
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mm_screens import NUMBERS, START

from tablekit.local.config import CameraSettings, Config, Interface, replace
from tablekit.session import Journal
from tablekit.ui import theme
from tablekit.ui.app import App
from tablekit.ui.form import Form

TAPS = 30
EXAMPLES = 20
SIZE = (800, 480)

COUNT = re.compile(r" \(\d+\)$")
"""A count in brackets ends a button's words ("More (7)"): what it says, not its name."""

"""A button as a frame shows it: its name, its rectangle, whether it is enabled."""


@pytest.fixture(autouse=True, scope="module")
def fonts() -> Iterator[None]:
    yield
    theme.font.cache_clear()
    pygame.quit()


def sessions(app: App, count: int) -> None:
    """``count`` Mice and Mystics sessions in the journal, then Home."""
    for _ in range(count):
        app.start("mice-mystics")
        assert app.session is not None
        for line in [*NUMBERS, START]:
            app.session.apply(app.session.parse(json.dumps(line)))
    app.goto("home")


def tray(kind: str) -> Callable[[App], None]:
    def opening(app: App) -> None:
        """The tray, asked for a roll of ``kind`` dice that goes back to Home."""
        scene: Any = app.scene_named("camera")
        scene.request(kind, lambda faces: True, return_to="home")
        app.goto("camera")

    return opening


SEATS: dict[str, list[Callable[[App], None]]] = {
    "home": [lambda app: sessions(app, 0), lambda app: sessions(app, 3),
             lambda app: sessions(app, 9)],
    "settings": [lambda app: app.goto("settings")],
    "camera": [tray("mm-action"), tray("taught:mouse-guard"), tray("d6")],
    "teach": [lambda app: app.goto("teach")],
}  # fmt: skip
"""How an example reaches its scene, for each scene."""


def app_for(scene: str, seat: int, language: str, journal: Path) -> App:
    config = replace(Config(), ui=Interface(language=language), camera=CameraSettings())
    app = App(config, Journal(journal, clock=TEST_CLOCK), SIZE)
    SEATS[scene][seat](app)
    assert app.scene.name == scene
    app.scene.dirty = True
    app.draw()
    return app


def form_of(app: App) -> Form | None:
    form = getattr(app.scene, "form", None)
    return form if isinstance(form, Form) and not form.closed else None


def phase(app: App) -> tuple[object, ...]:
    """The scene with its open form's page, Home's page of cards, the tray's picker and the
    kind of dice taught."""
    scene: Any = app.scene
    form = form_of(app)
    if form is not None:
        return (scene.name, app.language(), "form", id(form), form.page)
    own = {
        "home": lambda: (scene.first, tuple(info.name for info in scene.sessions)),
        "camera": lambda: (scene._picking(), scene.kind),
        "teach": lambda: (scene.kind, scene.calibrating),
    }.get(scene.name, tuple)
    return (scene.name, app.language(), *own())


def frame(app: App) -> list[Seen]:
    """The buttons on the screen now, each named (see the module's docstring)."""
    scene: Any = app.scene
    app.draw()
    form = form_of(app)
    boxes: set[Place] = set()
    if form is not None and form.typing:
        rows = form._rows(app.layout, scene._form_area())
        pairs = zip(form.pages[form.page], rows, strict=False)
        boxes = {tuple(control) for item, (_, control) in pairs if item.kind == "text"}  # type: ignore[misc]

    def label(button: Any, place: Place) -> str:
        return "text box" if place in boxes else COUNT.sub("", button.label).casefold()

    return named(scene.buttons(), label)


def turned(before: tuple[object, ...], after: tuple[object, ...]) -> bool:
    """A form opened, turned its page or closed."""
    return "form" in before or "form" in after


def check(scene: str, seat: int, language: str, journal: Path, data: Any) -> None:
    app = app_for(scene, seat, language, journal)
    watch = Watch(phase, form_of)
    try:
        problems = watch.frame(app, frame(app), f"{scene} {language} seat {seat}: start")
        for number in range(TAPS):
            was, seen = phase(app), frame(app)
            if not seen:
                return
            tapped = seen[data.draw(st.integers(0, len(seen) - 1), label="tap")]
            tap(app, pygame.Rect(tapped[1]).center)
            if app.scene.name != scene:
                return  # another screen: this example ends here
            app.notice_text = ""
            now, after = phase(app), frame(app)
            note = f"{scene} {language} seat {seat}, tap {number + 1} on {tapped[0]!r}"
            problems += watch.frame(app, after, note)
            spoken = was[1] != now[1]  # every word changed: the names say nothing
            if tapped[2] and not spoken and not (turned(was, now) and was != now):
                for label in under_finger(after, tapped):
                    problems.append(f"{note}: {label!r} appeared under the finger in {now}")
            assert not problems, "\n".join(problems)
    finally:
        app.scene.exit()
        app.journal.close()


@pytest.mark.parametrize("scene", list(SEATS))
@pytest.mark.slow
def test_no_button_takes_anothers_place(
    scene: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = iter(range(10_000))

    @settings(max_examples=EXAMPLES, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
    @given(
        seat=st.integers(0, len(SEATS[scene]) - 1),
        language=st.sampled_from(["en", "da"]),
        data=st.data(),
    )
    def run(seat: int, language: str, data: Any) -> None:
        room = tmp_path / f"run{next(made)}"
        monkeypatch.setenv("TABLEKIT_DATA_DIR", str(room / "data"))
        monkeypatch.setenv("TABLEKIT_CONFIG_DIR", str(room / "config"))
        room.mkdir()
        check(scene, seat, language, room / "journal.sqlite3", data)

    run()
