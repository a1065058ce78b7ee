"""Settings says where the pads are when no buttons are wired: the keyboard's keys (issue 21,
"The keyboard pads' keys are written only in a source comment"), and it says it in the
language just chosen, the camera's sentence too."""

from __future__ import annotations

from pathlib import Path

import pytest
from clocks import TEST_CLOCK
from mg_tapping import press

from tablekit.devices.keypad import ROWS
from tablekit.local.config import Config, replace
from tablekit.rules.secret import GM_PAD, PATROL_PAD
from tablekit.session import Journal
from tablekit.ui import widgets
from tablekit.ui.app import App

pytestmark = pytest.mark.usefixtures("shut_pygame")


def drawn(app: App) -> str:
    widgets.LEDGER = []
    try:
        app.scene.dirty = True
        app.draw()
        return " ".join(d.words for d in widgets.LEDGER if not d.cut)  # wrapped lines joined
    finally:
        widgets.LEDGER = None


@pytest.mark.parametrize("language", ["en", "da"])
def test_settings_show_the_keyboard_pads_keys(tmp_path: Path, language: str) -> None:
    config = replace(Config(), ui=replace(Config().ui, language=language))
    app = App(config, Journal(tmp_path / "j.sqlite3", clock=TEST_CLOCK), (800, 480))
    app.goto("settings")
    shown = drawn(app)
    assert " ".join(ROWS[GM_PAD]) == "q w e r t y" and " ".join(ROWS[PATROL_PAD]) == "a s d f g h"
    assert f"{app.tr('GM')} q w e r t y · {app.tr('Patrol')} a s d f g h" in shown
    assert app.tr("none; the keys are the pads: {keys}").split(":")[0] in shown
    assert "No buttons configured" not in shown


def test_the_devices_speak_the_language_just_chosen(tmp_path: Path) -> None:
    app = App(Config(), Journal(tmp_path / "j.sqlite3", clock=TEST_CLOCK), (800, 480))
    app.goto("settings")
    assert "No camera is configured; enter rolls by hand." in drawn(app)
    press(app, "Dansk")
    shown = drawn(app)
    assert "Intet kamera sat op; indtast slagene selv." in shown
    assert "No camera" not in shown and "tasterne er panelerne" in shown
