"""A surge by touch alone (issue 22, item 13), from an empty data directory.

Rulebook, "Surges" step 3: with no room rule, "follow the surge effect on the
face-up encounter card that is on the encounter deck and then discard that
card". The surge panel's counts are what is placed, on the face-up card's path
as on the room rule's, again after an Undo; and the surge printed on an
encounter card is entered on a form of its own that says so, then offered at
the surge.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from clocks import TEST_CLOCK
from mm_tapping import Table, set_up

from tablekit.local import paths
from tablekit.session import Journal
from tablekit.ui import theme, widgets

RAT_BATTLE = 6
"""Six dice, so one rat's roll of six cheese fills the wheel."""


@pytest.fixture(autouse=True)
def shut() -> Iterator[None]:
    yield
    widgets.LEDGER = None
    theme.font.cache_clear()
    pygame.quit()


def a_mouse_turn(table: Table) -> None:
    for _ in range(6):
        if table.view()["current"] in ("collin", "lily"):
            return
        table.tap(table.tr("End turn"))
    raise AssertionError("never a mouse's turn")


def draw_encounter(table: Table, surge_rats: int) -> None:
    """Chapter… Encounter: one rat warrior now; the card's own surge on the second form."""
    tr = table.tr
    table.tap(tr("Chapter…"))
    table.tap(tr("Encounter"))
    table.tap("+", 0)
    for _ in range(8):
        if table.form().title != tr("Encounter"):
            break
        table.tap(tr("Next"))
    assert table.form().title == tr("Card's surge"), "the card's surge has a heading of its own"
    for _ in range(surge_rats):
        table.tap("+", 0)
    table.page_to(tr("Place"))
    table.tap(tr("Place"))
    assert table.view()["encounter"]["surge"] == (
        [{"minion": "rat_warrior", "count": surge_rats}] if surge_rats else []
    )


def surge(table: Table) -> int:
    """The rat warriors' attack rolls six cheese; the figures on the board before the surge."""
    tr = table.tr
    table.turn_of("rat_warrior")
    before = table.view()["track"]
    table.tap(tr("Attack"))
    table.tap(tr("Prince Collin"))
    table.tap(tr("Roll"))
    table.roll(*["cheese"] * RAT_BATTLE)
    assert table.view()["pending"][0]["ask"] == "surge"
    return sum(c["figures"] for c in before if c["side"] == "minion")


def figures(table: Table) -> int:
    return sum(c["figures"] for c in table.view()["track"] if c["side"] == "minion")


def last_command(table: Table) -> dict[str, object]:
    session = table.app.session
    return json.loads(session.journal.steps(session.name)[-1].command)  # type: ignore[no-any-return]


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
@pytest.mark.parametrize("language", ["en", "da"])
def test_the_rats_counted_on_the_surge_panel_are_placed_from_the_face_up_card(
    tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    assert not paths.data_dir().joinpath("box.toml").exists()
    table = Table(Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK), size, language)
    tr = table.tr
    set_up(table, rats=1, rat_battle=RAT_BATTLE)
    table.tap(tr("Our dice"))
    a_mouse_turn(table)
    draw_encounter(table, surge_rats=0)  # the table left the card's surge out
    before = surge(table)
    for attempt in range(2):  # and again after an Undo
        assert table.form().values["source"] == "card"
        table.tap("+", 0)  # Rat warrior: 1
        table.tap(tr("Resolve"))
        assert table.view()["encounter"] is None, "the face-up card is discarded"
        assert figures(table) == before + 1, f"attempt {attempt}: the rat is placed"
        assert last_command(table)["minions"] == [{"minion": "rat_warrior", "count": 1}]
        if attempt == 0:
            table.tap(tr("Undo"))
            assert table.view()["pending"][0]["ask"] == "surge"
            assert figures(table) == before


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "da"])
def test_the_surge_entered_with_the_card_is_offered_and_placed(
    tmp_path: Path, language: str
) -> None:
    table = Table(Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK), (800, 480), language)
    tr = table.tr
    set_up(table, rats=1, rat_battle=RAT_BATTLE)
    table.tap(tr("Our dice"))
    a_mouse_turn(table)
    draw_encounter(table, surge_rats=2)
    before = surge(table)
    assert table.form().values["min:rat_warrior"] == 2, "the card's surge, filled in"
    table.tap(tr("Resolve"))
    assert figures(table) == before + 2
    assert table.view()["encounter"] is None
