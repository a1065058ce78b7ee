"""Exploring and crossing a mousetrap by touch alone (issue 22, items 14 and 15), from an
empty data directory.

Rulebook, "Explore": "An explore action can only be performed when there are
no minions on the same room tile as the mice." The device cannot see the
tiles, so with minions on the board Explore asks; a yes is refused on screen.
Rulebook, "Moving across mousetraps": "When a mouse moves on a mousetrap" it
rolls, so Mousetrap waits for the movement roll.
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


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
@pytest.mark.parametrize("language", ["en", "da"])
def test_explore_asks_whether_the_tile_is_clear_and_refuses_a_yes(
    tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    assert not paths.data_dir().joinpath("box.toml").exists()
    table = Table(Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK), size, language)
    tr = table.tr
    set_up(table, rats=1)
    table.turn_of("lily")
    explore = next(b for b in table.buttons() if b.label == tr("Explore"))
    table.tap(tr("Explore"))
    asked = tr("Any minions on {mouse}'s room tile?").format(mouse="Lily")
    assert table.form().title == asked
    assert tr("Explore") not in table.labels(), "nothing is explored before the table answers"
    table.tap(tr("Yes"))
    table.tap(tr("Explore"))
    refused = tr("{mouse} cannot explore while minions are on its room tile").format(mouse="Lily")
    assert refused in table.app.notice_text
    assert table.view()["turn"]["action"] == "", "a refusal changes nothing"
    assert table.form().title == asked, "the question stays open to be answered again"
    table.tap(tr("No"))
    table.tap(tr("Explore"))
    assert table.view()["turn"]["action"] == "explore"
    assert table.form().title == tr("Encounter"), "the new area's encounter is asked for next"
    table.tap(tr("Cancel"))
    assert next(b for b in table.buttons() if b.label == tr("Explore")).rect == explore.rect


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "da"])
def test_mousetrap_waits_for_the_movement_roll(tmp_path: Path, language: str) -> None:
    table = Table(Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK), (800, 480), language)
    tr = table.tr
    set_up(table, rats=1)
    table.turn_of("lily")
    mousetrap = next(b for b in table.buttons() if b.label == tr("Mousetrap"))
    assert not mousetrap.enabled, "the mouse has not moved yet"
    table.tap(tr("Move"))
    assert tr("Mousetrap") in table.labels()
    after = next(b for b in table.buttons() if b.label == tr("Mousetrap"))
    assert after.rect == mousetrap.rect, "the button stays where the finger is"
    table.tap(tr("Mousetrap"))
    assert table.view()["last_roll"]["purpose"] == "mousetrap"
