"""A Mouse Guard test's words (issue 21 item 6): the dice's reasons in the table's language
("trait for: Clever" stayed English in Danish), and after a versus roll the result, not a
chance the roll has made meaningless ("Chance 0.00%"). Read from what the screen draws."""

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

KENZIE = {"type": "mg.add_character", "sheet": {
    "name": "Kenzie", "fate": 1, "persona": 1, "conditions": ["injured"],
    "ratings": [{"name": n, "rating": r} for n, r in
                [("Nature", 3), ("Will", 5), ("Health", 4), ("Fighter", 3)]],
    "traits": [{"name": "Clever", "level": 1}]}}  # fmt: skip


@pytest.fixture(autouse=True, scope="module")
def fonts() -> Iterator[None]:
    yield
    theme.font.cache_clear()
    pygame.quit()


def table(language: str, lines: list[dict[str, Any]]) -> App:
    app = App(
        Config(ui=Interface(language=language)), Journal(":memory:", clock=TEST_CLOCK), (800, 480)
    )
    app.start("mouse-guard")
    assert app.session is not None
    app.session.rng = random.Random(4)
    for line in [KENZIE, *lines]:
        app.session.apply(app.session.parse(json.dumps(line)))
    return app


def drawn(app: App) -> list[str]:
    widgets.LEDGER = []
    try:
        app.scene.dirty = True
        app.draw()
        return [one.words for one in widgets.LEDGER]
    finally:
        widgets.LEDGER = None


def test_the_dice_reasons_are_in_danish() -> None:
    begin = {"type": "mg.begin_test", "character": "Kenzie", "rating": "Fighter", "ob": 2}
    trait = {"type": "mg.use_trait_for", "character": "Kenzie", "trait": "Clever"}
    app = table("da", [begin, trait])
    words = drawn(app)
    assert "+1D Karaktertræk for: Clever" in words
    injured = [w for w in words if w.startswith("-1D")]
    assert injured and "injured" not in injured[0].casefold(), injured
    assert not [w for w in words if "trait" in w.casefold()], words


def test_after_a_versus_roll_the_screen_says_the_result_not_a_chance() -> None:
    begin = {"type": "mg.begin_test", "character": "Kenzie", "rating": "Fighter",
             "versus": "Weasel", "versus_dice": 3}  # fmt: skip
    app = table("en", [begin])
    before = drawn(app)
    assert any(w.startswith("Win ") for w in before)  # the odds before anyone rolls
    assert app.session is not None
    for _ in range(2):  # the patrol's roll and the GM's
        app.session.apply(app.session.parse(json.dumps({"type": "mg.roll"})))
    after = drawn(app)
    assert not [w for w in after if w.startswith(("Chance", "Win "))], after
    assert any(w.startswith("Successes:") and "GM:" in w for w in after), after


@pytest.mark.parametrize(("language", "mark", "other"), [("da", ",", "."), ("en", ".", ",")])
def test_a_chance_has_the_decimal_mark_of_the_tables_language(
    language: str, mark: str, other: str
) -> None:
    """Danish writes a decimal comma ("Chance 56,25%"); it read "56.25%" in Danish too."""
    begin = {"type": "mg.begin_test", "character": "Kenzie", "rating": "Fighter", "ob": 2}
    words = " ".join(drawn(table(language, [begin])))
    chances = re.findall(r"\d+[.,]\d\d%", words)
    assert chances, words
    assert all(mark in chance and other not in chance for chance in chances), chances
