"""Home reopens on the page of cards that holds the session just played (issue 21: it
reopened on page 2, hiding it)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from clocks import TEST_CLOCK

from tablekit.local.config import Config
from tablekit.session import Journal
from tablekit.ui.app import App

pytestmark = pytest.mark.usefixtures("shut_pygame")


def tap(app: App, label: str) -> None:
    app.draw()
    found = [b for b in app.scene.buttons() if b.label.startswith(label) and b.enabled]
    assert found, f"no enabled {label!r} in {[b.label for b in app.scene.buttons()]}"
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=found[0].rect.center, button=1)
    )
    app.step(0.0)


def cards(app: App) -> list[str]:
    app.draw()
    return [info.name for _, info in app.scene._shown()]  # type: ignore[attr-defined]


def test_home_opens_on_the_page_of_the_session_just_played(tmp_path: Path) -> None:
    app = App(Config(), Journal(tmp_path / "j.sqlite3", clock=TEST_CLOCK), (800, 480))
    for _ in range(9):
        app.start("mice-mystics")
    app.goto("home")
    first_page = cards(app)
    tap(app, app.tr("More"))
    later = [name for name in cards(app) if name not in first_page]
    assert later, "the sessions take more than one page"
    tap(app, later[0])
    assert app.session is not None and app.session.name == later[0]
    tap(app, app.tr("Home"))
    assert app.session.name in cards(app)
    tap(app, app.tr("More"))  # paging on, away from it...
    app.goto("mice-mystics")
    app.goto("home")  # ...and back: the session just played shows again
    assert app.session.name in cards(app)
