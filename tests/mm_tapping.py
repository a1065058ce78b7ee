"""Tapping through the Mice and Mystics screen as a table would, shared by its touch tests.

A :class:`Table` is an app on a fresh journal in the test's own (empty) data
directory; every step is a tap on a button by its label, or on a track card by
its name, never a script command.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from tablekit.local.config import Config, replace
from tablekit.session import Journal
from tablekit.ui import widgets
from tablekit.ui.app import App
from tablekit.ui.form import Form, NumberBox
from tablekit.ui.mm.panels import FigurePanel

HEROES = ("Prince Collin", "Lily")


class Table:
    """An app and the taps made on it."""

    def __init__(self, journal: Journal, size: tuple[int, int], language: str) -> None:
        settings = replace(Config(), ui=replace(Config().ui, language=language))
        self.app: Any = App(settings, journal, size)
        self.taps = 0

    @property
    def tr(self) -> Any:
        return self.app.tr

    def view(self) -> Any:
        return self.app.session.table_view()

    def buttons(self) -> list[Any]:
        self.app.draw()
        return list(self.app.scene.buttons())

    def labels(self) -> list[str]:
        return [b.label for b in self.buttons() if b.enabled]

    def tap(self, label: str, nth: int = 0) -> None:
        """Tap the ``nth`` enabled button called ``label``, failing if there is none."""
        found = [b for b in self.buttons() if b.label == label and b.enabled]
        assert len(found) > nth, f"no enabled {label!r} in {self.labels()}"
        self._at(found[nth].rect.center)

    def tap_card(self, name: str) -> None:
        """Tap the track card that reads ``name``."""
        self.app.draw()
        rect = next(r for r, card in self.app.scene.cards if card["name"] == name)
        self._at(rect.center)

    def _at(self, pos: tuple[int, int]) -> None:
        self.taps += 1
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.app.step(0.0)

    def panel(self) -> Form | FigurePanel:
        panel = self.app.scene._panel(self.app.scene.view())
        assert panel is not None
        return panel  # type: ignore[no-any-return]

    def form(self) -> Form:
        panel = self.panel()
        assert isinstance(panel, Form), panel
        return panel

    def drawn(self) -> list[Any]:
        """Every text drawn on the screen now, with its size."""
        widgets.LEDGER = []
        self.app.draw()
        found, widgets.LEDGER = widgets.LEDGER, None
        return found

    def key(self, digits: str) -> None:
        """Type ``digits`` on the keypad beside a page of numbers (its keys come after the
        fields, so a field showing the same digit is not the one tapped)."""
        for digit in digits:
            found = [b for b in self.buttons() if b.label == digit and b.enabled]
            assert found, f"no keypad key {digit!r} in {self.labels()}"
            self._at(found[-1].rect.center)

    def number(self, key: str) -> None:
        """Tap the number field ``key`` (its value), which gives it the keypad."""
        found = [b for b in self.buttons() if isinstance(b, NumberBox) and b.key == key]
        assert found, f"no number {key!r} on the page"
        self._at(found[0].rect.center)

    def page_to(self, label: str) -> None:
        for _ in range(12):
            if label in self.labels():
                return
            self.tap(self.tr("Next"))
        raise AssertionError(f"{label!r} never shows: {self.labels()}")

    def roll(self, *faces: str) -> None:
        """On the tray ("Our dice" on): tap each face in, then Confirm."""
        assert self.app.scene.name == "camera", self.app.scene.name
        for face in faces:
            self.tap(" + ".join(self.tr(part) for part in face.split("_")))
        self.tap(self.tr("Confirm"))

    def turn_of(self, card: str) -> None:
        """End turns (no question is open) until it is ``card``'s turn."""
        for _ in range(10):
            view = self.view()
            assert not view["pending"], view["pending"]
            if view["current"] == card:
                return
            self.tap(self.tr("End turn"))
        raise AssertionError(f"never {card}'s turn")


def set_up(table: Table, rats: int, rat_battle: int = 2, seed: int = 7) -> None:
    """A chapter with Prince Collin, Lily and ``rats`` rat warriors, every number tapped in
    (each 2, the rat's battle ``rat_warrior``), ability cards typed, equipment left out."""
    tr = table.tr
    table.app.start("mice-mystics")
    table.app.session.rng = random.Random(seed)
    for hero in HEROES:
        table.tap(tr(hero))
    table.tap(tr("Next"))
    table.key(str(rats))  # the keypad starts on the first minion's count
    table.page_to(tr("Start"))
    table.tap(tr("Start"))
    for _ in range(12):
        if table.view()["outcome"] == "playing":
            return
        current = table.form()
        if tr("Not now") in table.labels():  # starting equipment: see test_mm_gear_by_touch
            table.tap(tr("Not now"))
            continue
        if tr("New card…") in table.labels():  # the ability card: the first on the list
            table.tap(current.pages[current.page][0].options[0][1])
            continue
        rat = current.title.startswith(tr("Rat warrior") + ":")
        unknown = [f for f in current.pages[current.page] if current.values[f.key] is None]
        for nth, _ in enumerate(unknown):  # the keypad goes on to the next unknown by itself
            table.key(str(rat_battle if rat and nth == 0 else 2))
        table.page_to(tr("Save"))
        table.tap(tr("Save"))
    raise AssertionError("the chapter never started")
