"""Issue 14, Show: a running session switched between English and Danish by taps.

Each game of the catalogue is started from Home on an empty journal. The table
goes Home, to Settings, taps Dansk, Back, and the session's card: every text
drawn must be Danish (no English source text of the catalogue is left), and the
same taps with English give exactly the English screen again. Every screen of
every game is walked in Danish by the games' own tests (``test_mm_danish``,
``test_rabbit_touch``, ``test_cards_touch``); this one proves the switch itself.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from clocks import TEST_CLOCK
from ui.test_mm_danish import catalogue, drawn, english

from tablekit import catalog
from tablekit.local.config import Config, replace
from tablekit.session import Journal
from tablekit.ui.app import App

pytestmark = pytest.mark.usefixtures("shut_pygame")


def tap(app: App, label: str) -> None:
    """Tap the enabled button called ``label`` (as drawn); fail if there is none."""
    app.draw()
    found = [b for b in app.scene.buttons() if b.label == label and b.enabled]
    assert found, f"no enabled {label!r} in {[b.label for b in app.scene.buttons()]}"
    pos = found[0].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step(0.0)


def switch(app: App, language: str, session: str) -> None:
    """From the game's screen: Home, Settings, the language, Back, and the session again."""
    tap(app, app.tr("Home"))
    tap(app, app.tr("Settings"))
    tap(app, language)
    tap(app, app.tr("Back"))
    tap(app, session)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(catalog.listings()))
def test_a_running_session_switches_language_by_taps(tmp_path: Path, game: str) -> None:
    english_only = replace(Config(), ui=replace(Config().ui, language="en"))
    app = App(english_only, Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK), (800, 480))
    tap(app, catalog.listings()[game].title)
    assert app.session is not None and app.session.game.name == game
    session = app.session.name
    before = drawn(app)

    switch(app, "Dansk", session)
    assert app.session.name == session and app.language() == "da"
    danish = drawn(app)
    assert danish != before, "the screen changed language"
    assert not english(danish, catalogue()), danish

    switch(app, "English", session)
    assert drawn(app) == before
