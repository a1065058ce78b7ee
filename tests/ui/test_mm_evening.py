"""A whole evening of Mice and Mystics by taps alone (issue 21 item 7), at 800x480, in
English and in Danish, from an empty data directory.

Set-up (Prince Collin, Lily and a rat warrior, every number typed on the keypad),
then three rounds with the table's own dice entered on the tray: a search that
finds a card (rulebook, "Searching"), a rat's six cheese that fill the wheel and
surge (rulebook, "The Minion Cheese Wheel"), an attack and its defence, a capture
(rulebook, "Captured Mice": the hourglass moves a page), and victory, asked once,
then the chapter's summary. The test prints its tap count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from clocks import TEST_CLOCK
from mm_tapping import Table, set_up

from tablekit.local import paths
from tablekit.session import Journal
from tablekit.ui import theme, widgets

pytestmark = pytest.mark.usefixtures("figures_at_full_size")

RAT_BATTLE = 6
"""The rat warrior's battle as typed: six dice, so one roll of six cheese surges."""


@pytest.fixture(autouse=True)
def shut() -> Iterator[None]:
    yield
    widgets.LEDGER = None
    theme.font.cache_clear()
    pygame.quit()


def search(table: Table) -> None:
    """Collin searches tile 1: a star; he keeps the card he draws, a dagger."""
    tr = table.tr
    table.tap(tr("Search"))
    table.tap("1")
    table.tap(tr("Roll"))
    table.roll("bow_star")
    assert table.view()["pending"][0]["ask"] == "search_card"
    table.tap(tr("Keep"))
    table.tap(tr("Next"))
    for letter in "dagger":
        table.tap(letter)
    table.tap(tr("OK"))


def surge(table: Table) -> None:
    """The rat attacks Collin with six cheese: no hit, the wheel fills; no room rule and no
    face-up card, so the surge places nobody and the hourglass moves on."""
    tr = table.tr
    table.tap(tr("Attack"))
    table.tap(tr("Prince Collin"))
    table.tap(tr("Roll"))
    table.roll(*["cheese"] * RAT_BATTLE)
    assert table.view()["pending"][0]["ask"] == "surge"
    table.tap(tr("Resolve"))
    assert table.view()["chapter_track"]["hourglass"] == 2


def move(table: Table) -> None:
    table.tap(table.tr("Move"))
    table.roll("bow")


def wound(table: Table) -> None:
    """The rat hits Lily twice; she blocks one."""
    tr = table.tr
    table.tap(tr("Attack"))
    table.tap("Lily")
    table.tap(tr("Roll"))
    table.roll("sword_star", "sword_shield", *["bow"] * (RAT_BATTLE - 2))
    assert table.view()["pending"][0]["ask"] == "defend"
    table.tap(tr("Roll"))
    table.roll("sword_shield", "bow")
    lily = next(h for h in table.view()["heroes"] if h["id"] == "lily")
    assert lily["wounds"] == 1


def capture(table: Table) -> None:
    tr = table.tr
    table.tap_card("Lily")
    table.tap(tr("Capture"))
    table.tap(tr("Close"))
    assert table.view()["chapter_track"]["hourglass"] == 3


PLAN: dict[tuple[int, str], Callable[[Table], None]] = {
    (1, "collin"): search,
    (1, "rat_warrior"): surge,
    (1, "lily"): move,
    (2, "collin"): move,
    (2, "rat_warrior"): wound,
    (2, "lily"): capture,
}
"""What the table does on each card's turn (round, card); the rest only end their turn."""


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "da"])
def test_a_whole_chapter_by_taps_from_set_up_to_the_summary(tmp_path: Path, language: str) -> None:
    assert not paths.data_dir().joinpath("box.toml").exists()
    table = Table(Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK), (800, 480), language)
    tr = table.tr
    set_up(table, rats=1, rat_battle=RAT_BATTLE)
    table.tap(tr("Our dice"))
    done: set[tuple[int, str]] = set()
    for _ in range(20):
        view = table.view()
        turn = (view["round"], view["current"])
        if turn == (3, "collin"):
            break
        if turn in PLAN and turn not in done:
            done.add(turn)
            PLAN[turn](table)
        table.tap(tr("End turn"))
    assert done == set(PLAN), "every planned turn came"
    table.tap(tr("Chapter…"))
    table.tap(tr("Victory"))
    assert table.view()["outcome"] == "playing", "Victory asks once"
    table.tap(tr("Victory"))
    view = table.view()
    assert view["outcome"] == "victory"
    summary = table.app.scene._panel(table.app.scene.view())
    said = "\n".join(summary.lines)
    assert tr("Rounds played: {count}").format(count=3) in said
    assert "Dagger" in said and tr("captured") in said
    assert tr("Next chapter") in table.labels()
    print(f"EVENING TAPS 800x480 {language}: {table.taps}")
    table.app.scene.exit()
