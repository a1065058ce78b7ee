"""A minion card's turn by touch alone (issue 22, item 12), from an empty data directory.

Rulebook, "Taking a Turn with a Minion": when the card comes up, "each minion
of that type will move and battle", so each figure attacks once. Two rat
warriors attack once each; then Attack is greyed, and the rats' panel says
which of them have attacked.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from clocks import TEST_CLOCK
from mm_tapping import Table, set_up

from tablekit.local import paths
from tablekit.session import Journal
from tablekit.ui import theme, widgets


@pytest.fixture(autouse=True)
def shut() -> Iterator[None]:
    yield
    widgets.LEDGER = None
    theme.font.cache_clear()
    pygame.quit()


def attack(table: Table, hero: str) -> None:
    """The minion attack form: the mouse attacked, Roll, and any defence rolled."""
    tr = table.tr
    table.tap(tr("Attack"))
    table.tap(tr(hero))
    table.tap(tr("Roll"))
    if table.view()["pending"]:
        table.tap(tr("Roll"))  # the mouse's defence
    assert not table.view()["pending"]


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
@pytest.mark.parametrize("language", ["en", "da"])
def test_each_rat_warrior_attacks_once_and_its_panel_says_who_has(
    tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    assert not paths.data_dir().joinpath("box.toml").exists()
    table = Table(Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK), size, language)
    tr = table.tr
    set_up(table, rats=2)
    table.turn_of("rat_warrior")
    table.tap(tr("Attack"))
    assert table.form().title == tr("{minion} {figure} attacks").format(
        minion=tr("Rat warrior"), figure=1
    )
    table.tap(tr("Cancel"))
    attack(table, "Prince Collin")
    assert table.view()["turn"]["attacked"] == [1]
    attack(table, "Lily")
    assert table.view()["turn"]["attacked"] == [1, 2]
    assert tr("Attack") not in table.labels(), "both rats have attacked: Attack is greyed"
    table.tap_card(tr("Rat warrior"))
    said = f"{tr('Attacked this turn')}: 1, 2 · {tr('Yet to attack')}: —"
    shown = {one.words: one.size for one in table.drawn()}
    assert said in shown
    assert shown[said] >= 18
    table.tap(tr("Close"))
    table.tap(tr("End turn"))
    assert table.view()["turn"]["attacked"] == []
