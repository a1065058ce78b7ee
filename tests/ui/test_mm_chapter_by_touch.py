"""A whole first chapter by touch alone (issue 11, item 2), at 800x480 and 720x1280, en and da.

From an empty data directory and an empty box, every step is a tap on a named
button (or on a track card by its name), never a script command: set-up with
two heroes and two minion types, a battle with a kill, a search, an
encounter, a surge that places minions, a capture, and an undo after the app
is closed and opened again on the same data. The table rolls its own dice:
"Our dice" sends every roll to the tray, where the faces are tapped in.

Rulebook sections: "Battle" (hits against a minion's life), "Searching"
(a star finds a search card), "Encounters", "The Minion Cheese Wheel"
(a sixth cheese is a surge), "Captured Mice" (the hourglass moves a page).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from clocks import TEST_CLOCK

from tablekit.local import box, config, paths
from tablekit.local.config import Config, replace
from tablekit.session import Journal
from tablekit.ui import theme
from tablekit.ui.app import App
from tablekit.ui.form import Form, NumberBox

SIZES = [(800, 480), (720, 1280)]
HEROES = ("Prince Collin", "Lily")
RAT_BATTLE = 6
"""The rat warrior's battle as tapped into its numbers: six dice, so one roll can surge."""


class Table:
    """An app and the taps made on it."""

    def __init__(
        self, journal: Journal, size: tuple[int, int], language: str, base: Config | None = None
    ) -> None:
        base = base or Config()
        settings = replace(base, ui=replace(base.ui, language=language))
        self.app: Any = App(settings, journal, size)
        self.taps = 0

    @property
    def tr(self) -> Any:
        return self.app.tr

    def view(self) -> Any:
        return self.app.session.table_view()

    def labels(self) -> list[str]:
        self.app.draw()
        return [b.label for b in self.app.scene.buttons() if b.enabled]

    def tap(self, label: str, nth: int = 0) -> None:
        """Tap the ``nth`` enabled button called ``label``, failing if there is none."""
        self.app.draw()
        found = [b for b in self.app.scene.buttons() if b.label == label and b.enabled]
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

    def form(self) -> Form:
        panel = self.app.scene._panel(self.app.scene.view())
        assert isinstance(panel, Form), panel
        return panel

    def key(self, digits: str) -> None:
        """Type ``digits`` on the keypad (see :meth:`mm_tapping.Table.key`)."""
        for digit in digits:
            self.app.draw()
            found = [b for b in self.app.scene.buttons() if b.label == digit and b.enabled]
            assert found, f"no keypad key {digit!r} in {self.labels()}"
            self._at(found[-1].rect.center)

    def number(self, key: str) -> None:
        """Tap the number field ``key``, which gives it the keypad."""
        self.app.draw()
        found = [b for b in self.app.scene.buttons() if isinstance(b, NumberBox) and b.key == key]
        assert found, f"no number {key!r} on the page"
        self._at(found[0].rect.center)

    def page_to(self, label: str) -> None:
        for _ in range(10):
            if label in self.labels():
                return
            self.tap(self.tr("Next"))
        raise AssertionError(f"{label!r} never shows: {self.labels()}")

    def roll(self, *faces: str) -> None:
        """On the tray: tap each face in, then Confirm."""
        assert self.app.scene.name == "camera", self.app.scene.name
        for face in faces:
            self.tap(" + ".join(self.tr(part) for part in face.split("_")))
        self.tap(self.tr("Confirm"))


def set_up(table: Table) -> None:
    """Heroes, one figure each of the first two minion types, the numbers and ability cards."""
    tr = table.tr
    table.app.start("mice-mystics")
    table.app.session.rng = random.Random(7)
    for hero in HEROES:
        table.tap(tr(hero))
    table.tap(tr("Next"))
    table.key("1")  # rat warriors: the keypad starts on the first minion's count
    table.number("min:elite_rat_warrior")
    table.key("1")
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
            table.key(str(RAT_BATTLE if rat and nth == 0 else 2))
        table.page_to(tr("Save"))
        table.tap(tr("Save"))
    raise AssertionError("the chapter never started")


def turn_of(table: Table, side: str) -> dict[str, Any]:
    """End turns (answering nothing: no question is open) until a ``side`` card's turn."""
    for _ in range(8):
        view = table.view()
        assert not view["pending"], view["pending"]
        current = next(c for c in view["track"] if c["current"])
        if current["side"] == side:
            return current
        table.tap(table.tr("End turn"))
    raise AssertionError(f"never a {side}'s turn")


def hero_numbers(table: Table, card: dict[str, Any]) -> dict[str, Any]:
    return next(h for h in table.view()["heroes"] if h["id"] == card["card"])


def kill(table: Table) -> None:
    """A mouse attacks the rat warrior: all swords, the rat blocks nothing; it falls."""
    tr = table.tr
    hero = hero_numbers(table, turn_of(table, "mouse"))
    table.tap(tr("Attack"))
    table.tap(tr("Rat warrior"))
    table.tap(tr("Roll"))
    table.roll(*["sword_star"] * hero["battle"])
    assert table.view()["pending"][0]["ask"] == "defend"
    table.tap(tr("Roll"))
    table.roll(*["bow"] * 2)
    assert not any(c["card"] == "rat_warrior" for c in table.view()["track"])
    said = tr("{minion} defeated ({left} left)").format(minion=tr("Rat warrior"), left=0)
    assert table.app.scene.result == f"{tr('Blocks {count}').format(count=0)} · {said}"


def search(table: Table) -> None:
    tr = table.tr
    table.tap(tr("End turn"))
    turn_of(table, "mouse")
    table.tap(tr("Search"))
    table.tap("1")
    table.tap(tr("Roll"))
    table.roll("sword_star")
    assert table.view()["pending"][0]["ask"] == "search_card"
    table.tap(tr("Keep"))
    table.tap(tr("Next"))
    for letter in "key":
        table.tap(letter)
    table.tap(tr("OK"))
    assert not table.view()["pending"]


def encounter(table: Table) -> None:
    tr = table.tr
    table.tap(tr("Chapter…"))
    table.tap(tr("Encounter"))
    table.tap("+", 0)  # one rat warrior comes back
    table.page_to(tr("Place"))
    table.tap(tr("Place"))
    assert any(c["card"] == "rat_warrior" for c in table.view()["track"])


def surge(table: Table) -> None:
    """The rat warrior's attack rolls six cheese: the wheel fills, the room's rule places a rat."""
    tr = table.tr
    table.tap(tr("End turn"))
    for _ in range(8):
        card = turn_of(table, "minion")
        if card["card"] == "rat_warrior":
            break
        table.tap(tr("End turn"))
    before = sum(c["figures"] for c in table.view()["track"] if c["side"] == "minion")
    table.tap(tr("Attack"))
    table.tap(tr(HEROES[0]))
    table.tap(tr("Roll"))
    table.roll(*["cheese"] * RAT_BATTLE)
    assert table.view()["pending"][0]["ask"] == "surge"
    table.tap(tr("Room rule"))
    table.tap("+", 0)
    table.tap(tr("Resolve"))
    after = sum(c["figures"] for c in table.view()["track"] if c["side"] == "minion")
    assert after == before + 1
    assert table.view()["chapter_track"]["hourglass"] == 2


def capture(table: Table) -> None:
    tr = table.tr
    table.tap_card(tr(HEROES[1]))
    table.tap(tr("Capture"))
    table.tap(tr("Close"))
    lily = next(h for h in table.view()["heroes"] if h["name"] == HEROES[1])
    assert lily["captured"]
    assert table.view()["chapter_track"]["hourglass"] == 3


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "da"])
def test_a_first_chapter_by_touch_alone(
    tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    assert not paths.data_dir().joinpath("box.toml").exists()
    journal_path = tmp_path / "journal.sqlite3"
    table = Table(Journal(journal_path, clock=TEST_CLOCK), size, language)
    set_up(table)
    assert box.load().numbers("rat_warrior")["battle"] == RAT_BATTLE
    table.tap(table.tr("Our dice"))
    kill(table)
    search(table)
    encounter(table)
    surge(table)
    capture(table)
    taps = table.taps
    table.app.scene.exit()

    again = Table(Journal(journal_path, clock=TEST_CLOCK), size, language, config.load())
    assert again.view()["heroes"][1]["captured"], "the capture survived the restart"
    assert again.app.scene.own_dice, '"Our dice" stays on after a restart'
    assert again.labels().count(again.tr("Undo")) == 1
    again.tap(again.tr("Undo"))
    assert not again.view()["heroes"][1]["captured"]
    assert again.view()["chapter_track"]["hourglass"] == 2
    print(f"TAPS {size[0]}x{size[1]} {language}: {taps + again.taps}")
    again.app.scene.exit()
    theme.font.cache_clear()
    pygame.quit()
