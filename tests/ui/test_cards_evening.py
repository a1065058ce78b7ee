"""A whole Mouse Card evening by taps alone (issue 21, item 7): from an empty data directory,
at 800x480, in English and in Danish, the table seats two mice and plays three task checks,
one of them extended over two turns and finished with a fate chip spent as a success.

Every step is a tap on the button a player reads (the on-screen keys for the names); the
test counts them, and records how many a whole evening takes and how many one task check
takes, from the table's Task check… to its result. The deck's random source is pinned
after the first tap, so the cards, and so the taps, are the same each time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from mg_tapping import labels, made_app

from tablekit.local.config import Config, Interface
from tablekit.ui import widgets
from tablekit.ui.app import App
from tablekit.ui.i18n import translator

pytestmark = pytest.mark.usefixtures("figures_at_full_size")

SEED = 24
"""The deck's random source, pinned after the first tap."""

EVENING = 68
"""Taps for the whole evening: two mice seated, three task checks played."""

ONE_TASK = 8
"""Taps for one task check of one turn from the table to its result, two mice seated: Task
check…, the mouse and Next (who draws), Next and Next (the form's defaults: trait, face
cards or better, one success; cautious, one turn), Begin, Draw (a success on the first
card) and End turn. Each further draw is one tap."""


@pytest.fixture(params=["en", "da"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    for made in made_app((800, 480), Config(ui=Interface(language=request.param))):
        assert made.journal.sessions() == []  # an empty data directory
        yield made


class Table:
    """The app, tapped as a player does, counting every tap."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.taps = 0
        self.danish = translator("da")

    def press(self, label: str, nth: int = 1) -> None:
        """Tap the ``nth`` enabled button called ``label`` (in the app's language)."""
        words = self.app.tr(label)
        self.app.draw()
        found = [b for b in self.app.scene.buttons() if b.label == words and b.enabled]
        assert len(found) >= nth, f"no enabled {words!r} in {labels(self.app)}"
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=found[nth - 1].rect.center, button=1)
        )
        self.app.step(0.0)
        self.taps += 1
        if self.app.language() == "da":  # nothing English left that has a Danish word
            assert {b for b in labels(self.app) if self.danish(b) != b} == set()

    def type(self, word: str) -> None:
        for letter in word:
            self.press(letter)

    def can(self, label: str) -> bool:
        words = self.app.tr(label)
        return any(b.label == words and b.enabled for b in self.app.scene.buttons())

    def view(self) -> dict[str, Any]:
        assert self.app.session is not None
        found: dict[str, Any] = self.app.session.table_view()
        return found

    def seat(self, name: str, trait: str, chips: int = 0) -> None:
        """New character…: the name and the trait typed, level 3, ``chips`` fate chips (the
        fourth stepper), a mouse."""
        self.press("New character…")
        self.type(name)
        self.press("Next")
        self.type(trait)
        self.press("Next")
        for _ in range(chips):
            self.press("+", nth=4)
        self.press("Next")
        self.press("Add")

    def task(self, who: str | None, broke: bool = False, needed: int = 1,
             extended: bool = False) -> None:  # fmt: skip
        """Task check…: the mouse (the first is chosen already), then the successes needed,
        the draw and the length where they differ from the form's own."""
        self.press("Task check…")
        if who is not None:
            self.press(who)
        self.press("Next")
        for _ in range(needed - 1):
            self.press("+")
        self.press("Next")
        if broke:
            self.press("Going for broke")
        if extended:
            self.press("Extended")
        self.press("Next")
        self.press("Begin")

    def turn(self, chip: bool = False) -> None:
        """Draw while the rules allow and more successes are needed, then (with ``chip``, when
        one more success is all that is missing) a fate chip, and End turn."""
        task = self.view()["task"]
        label = "Draw" if task["mode"] == "cautious" else "Draw all"
        while self.can(label) and self.view()["task"]["total"] < task["needed"]:
            self.press(label)
        now = self.view()["task"]
        if chip and now["needed"] - now["total"] == 1:
            self.press("Chip: +1 success")
        self.press("End turn")
        self.still_in_view()

    def still_in_view(self) -> None:
        """The turn just ended: its cards' ranks and its result, in words, on the screen."""
        widgets.LEDGER = []
        try:
            self.app.draw()
            drawn = " | ".join(one.words for one in widgets.LEDGER)
        finally:
            widgets.LEDGER = None
        last = self.view()["last"]
        said = {"passed": "passed", "failed": "failed", "continues": "goes on next turn"}
        assert self.app.tr(said[last["result"]]) in drawn, drawn


@pytest.mark.slow
def test_a_whole_evening_by_taps(app: App) -> None:
    table = Table(app)
    table.press("Mouse Card")
    assert app.session is not None and app.scene.name == "mouse-card"
    app.session.rng = random.Random(SEED)
    table.seat("kenzie", "fighter", chips=1)
    table.seat("saxon", "scout")

    before = table.taps
    table.task("saxon")
    table.turn()
    one_task = table.taps - before
    first = table.view()["last"]
    assert (first["character"], first["result"]) == ("saxon", "passed")

    table.task(None, broke=True)
    table.turn()
    second = table.view()["last"]
    assert second["character"] == "kenzie" and len(second["cards"]) == 3

    table.task(None, needed=3, extended=True)
    turns = 0
    while table.view()["task"] is not None:
        turns += 1
        table.turn(chip=True)
    third = table.view()["last"]
    assert (third["result"], turns) == ("passed", 2)
    assert table.view()["characters"][0]["fate"] == 0  # the chip was spent

    assert (table.taps, one_task) == (EVENING, ONE_TASK)
