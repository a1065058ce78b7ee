"""An after-roll option's chance is read across the table: at 800x480 at 28 px or more,
never made smaller to fit (issue 21, "text that still shrinks to fit"), and the options
keep the cells of the steps before the roll.

"Deeper Understanding 50.00%" was one line in a 380 px button and drew at 26 px, the
Danish "Karaktertræk, niveau 3 100.00%" at 24. The chance is now drawn apart at the
button's right at its full size; only the option's name, a label, may be smaller.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from clocks import TEST_CLOCK

from tablekit.local.config import Config, Interface
from tablekit.session import Journal
from tablekit.ui import theme, widgets
from tablekit.ui.app import App

KEY = 28
CHANCE = re.compile(r"\d+[.,]\d\d%")
SAXON = {"type": "mg.add_character", "sheet": {
    "name": "Saxon", "fate": 2, "persona": 2, "wises": [{"name": "Weasel-wise"}],
    "traits": [{"name": "Bold", "level": 3}],
    "ratings": [{"name": n, "rating": r} for n, r in
                [("Nature", 3), ("Will", 3), ("Health", 5), ("Fighter", 5)]]}}  # fmt: skip
BEGIN = {"type": "mg.begin_test", "character": "Saxon", "rating": "Fighter", "ob": 3}
OPTIONS = {"deeper_understanding", "of_course", "explode", "level_three"}
ROLL = {"type": "mg.roll", "faces": ["6", "5", "2", "1", "3"]}


@pytest.fixture(autouse=True, scope="module")
def fonts() -> Iterator[None]:
    yield
    widgets.LEDGER = None
    theme.font.cache_clear()
    pygame.quit()


def table(language: str, lines: list[dict[str, Any]]) -> App:
    app = App(
        Config(ui=Interface(language=language)), Journal(":memory:", clock=TEST_CLOCK), (800, 480)
    )
    app.start("mouse-guard")
    assert app.session is not None
    app.session.rng = random.Random(2)
    for line in [SAXON, *lines]:
        app.session.apply(app.session.parse(json.dumps(line)))
    return app


def drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> tuple[list[widgets.Drawn], set[str]]:
    """Every line the screen draws, and the words made smaller than asked to fit."""
    fitted: set[str] = set()
    fit = widgets.fit_size

    def noting(words: str, face: str, size: int, width: int) -> int:
        got = fit(words, face, size, width)
        if got < size:
            fitted.add(words)
        return got

    monkeypatch.setattr(widgets, "fit_size", noting)
    widgets.LEDGER = []
    try:
        app.scene.dirty = True
        app.draw()
        return list(widgets.LEDGER), fitted
    finally:
        widgets.LEDGER = None


def places(app: App) -> dict[str, tuple[int, int, int, int]]:
    """The right column's buttons by their keys (else labels), where they lie."""
    app.draw()
    return {getattr(b, "key", "") or b.label: tuple(b.rect) for b in app.scene.buttons()}


@pytest.mark.parametrize("language", ["en", "da"])
def test_every_option_chance_is_full_size_and_the_options_keep_the_steps_cells(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = table(language, [BEGIN])
    before = places(app)
    assert app.session is not None
    app.session.apply(app.session.parse(json.dumps(ROLL)))
    lines, fitted = drawn(app, monkeypatch)
    chances = [one for one in lines if CHANCE.search(one.words)]
    small = [(one.words, one.size) for one in chances if one.size < KEY or one.words in fitted]
    assert not small, small
    options = [b for b in app.scene.buttons() if getattr(b, "key", "") in OPTIONS]
    assert len(options) == 4 and all(b.enabled for b in options), options
    for button in options:  # each names its option and its chance, and draws both
        chance = CHANCE.search(button.label)
        assert chance is not None, button.label
        assert chance.group() in {one.words for one in chances}, f"{button.label!r} apart"
    cells = sorted(rect for rect in before.values() if rect[0] > 400 and rect[1] > 60)
    assert sorted(tuple(b.rect) for b in options) == cells[:4], "the options keep the cells"
