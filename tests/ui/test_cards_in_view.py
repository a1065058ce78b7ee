"""A Mouse Card draw stays in view until the next one (issue 21, "Every roll stays in view"):
every card's rank and the result in words, at 28 px or more at 800x480.

Within a turn the turn's cards show. Once an extended task's turn ends, its cards stay,
under "Turn 1: goes on next turn (1 / 3)", until the next turn's first card; once a task
is over, the table shows its result and its last turn's cards until the GM sets the next
task. The cards are the table's own (``cards`` on each draw), so the test knows them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from clocks import TEST_CLOCK

from tablekit.catalog.mouse_card import LISTING
from tablekit.local.config import Config, Interface
from tablekit.session import Journal
from tablekit.ui import theme, widgets
from tablekit.ui.app import App

KEY = 28


@pytest.fixture(params=["en", "da"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    journal = Journal(":memory:", clock=TEST_CLOCK)
    made = App(Config(ui=Interface(language=request.param)), journal, (800, 480),
               games={LISTING.name: LISTING})  # fmt: skip
    made.start("mouse-card")
    play(made, {"type": "mc.add_character", "name": "Kenzie", "traits": {"Fighter": 3}})
    try:
        yield made
    finally:
        made.journal.close()
        theme.font.cache_clear()
        pygame.quit()


def play(app: App, *lines: dict[str, Any]) -> None:
    assert app.session is not None
    for line in lines:
        app.session.apply(app.session.parse(json.dumps(line)))


def draw(app: App, card: str) -> None:
    play(app, {"type": "mc.draw", "cards": [card]})


def shown(app: App) -> dict[str, int]:
    """Every text on the screen and the smallest size it is drawn at."""
    widgets.LEDGER = []
    try:
        app.draw()
        found: dict[str, int] = {}
        for one in widgets.LEDGER:
            if not one.cut:
                found[one.words] = min(one.size, found.get(one.words, one.size))
        return found
    finally:
        widgets.LEDGER = None


def rank(app: App, english: str) -> str:
    """A rank as this language's deck prints it."""
    return {"Q": app.tr("J Q K A").split()[1], "K": app.tr("J Q K A").split()[2]}.get(
        english, english
    )


def in_view(app: App, *words: str) -> None:
    on_screen = shown(app)
    for one in words:
        assert one in on_screen, f"{one!r} is not on the screen: {sorted(on_screen)}"
        assert on_screen[one] >= KEY, f"{one!r} at {on_screen[one]} px"


def test_a_turn_stays_in_view_until_the_next_turn_s_first_card(app: App) -> None:
    play(app, {"type": "mc.begin_task", "character": "Kenzie", "trait": "Fighter",
               "needed": 3, "extended": True})  # fmt: skip
    draw(app, "QH")
    draw(app, "4S")
    in_view(app, rank(app, "Q"), "4")
    play(app, {"type": "mc.end_turn"})
    turn = app.tr("Turn {number}").format(number=1)
    result = f"{turn}: {app.tr('goes on next turn')} (1 / 3)"
    in_view(app, rank(app, "Q"), "4", result, app.tr("Success"))
    draw(app, "KD")
    on_screen = shown(app)
    assert rank(app, "K") in on_screen and "4" not in on_screen and result not in on_screen


def test_a_finished_task_stays_on_the_table_until_the_next_is_set(app: App) -> None:
    play(app, {"type": "mc.begin_task", "character": "Kenzie", "trait": "Fighter"})
    draw(app, "9C")
    draw(app, "KS")
    play(app, {"type": "mc.end_turn"})
    result = f"Kenzie, Fighter: {app.tr('passed')} (1 / 1)"
    in_view(app, "9", rank(app, "K"), result)
    play(app, {"type": "mc.award_fate", "character": "Kenzie"})  # the table goes on
    in_view(app, "9", rank(app, "K"), result)
    play(app, {"type": "mc.begin_task", "character": "Kenzie", "trait": "Fighter"})
    on_screen = shown(app)
    assert "9" not in on_screen and result not in on_screen


def test_a_bad_card_that_ended_a_task_is_marked_bad_on_the_table(app: App) -> None:
    play(app, {"type": "mc.begin_task", "character": "Kenzie", "trait": "Fighter",
               "circumstances": ["combat"]})  # fmt: skip
    draw(app, "RJ")
    play(app, {"type": "mc.end_turn"})
    bad = app.tr("Bad").upper()
    in_view(app, app.tr("Joker"), f"Kenzie, Fighter: {app.tr('failed')} (0 / 1)", bad)
