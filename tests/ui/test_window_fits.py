"""With no config the window fits the screen it opens on (issue 21: 1024x600 was cut off
on an 800x480 desktop)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tablekit.local.config import Config
from tablekit.session import Journal
from tablekit.ui.app import App
from tablekit.ui.layout import fit_window

pytestmark = pytest.mark.usefixtures("shut_pygame")


def test_the_window_is_never_larger_than_the_desktop() -> None:
    assert fit_window((1024, 600), (800, 480)) == (800, 480)
    assert fit_window((1024, 600), (1920, 1080)) == (1024, 600)
    assert fit_window((1024, 600), (1280, 500)) == (1024, 500)
    assert fit_window((1024, 600), None) == (1024, 600)


def test_the_app_opens_a_window_that_fits_an_800x480_desktop(
    monkeypatch: pytest.MonkeyPatch, journal: Journal
) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(800, 480)])
    app: Any = App(Config(), journal)
    assert app.screen.get_size() == (800, 480)
    assert (app.layout.width, app.layout.height) == (800, 480)
