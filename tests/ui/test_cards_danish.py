"""A Danish deck on the Danish screen (issue 21, Danish: "a Danish deck calls the jack B, not
J"): the face cards are B, D and K and the ace E (knægt, dame, konge, es), on the cards, in
the target and among the task form's targets, and a card in a line of text is named in
words ("spar dame"). What the table sees changes, never what is stored: commands, the
journal and ``tablekit state`` keep J, Q, K and A.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from clocks import TEST_CLOCK
from mg_tapping import labels, press

from tablekit.catalog.mouse_card import LISTING
from tablekit.local.config import Config, Interface
from tablekit.session import Journal
from tablekit.ui import theme, widgets
from tablekit.ui.app import App
from tablekit.ui.cards.faces import card_words, rank_label
from tablekit.ui.i18n import translator

DA = translator("da")
EN = translator("en")


@pytest.mark.parametrize(
    ("code", "english", "danish"),
    [("JH", "J", "B"), ("QS", "Q", "D"), ("KD", "K", "K"), ("AC", "A", "E"), ("10H", "10", "10"),
     ("RJ", "Joker", "Joker")],
)  # fmt: skip
def test_each_rank_as_the_deck_prints_it(code: str, english: str, danish: str) -> None:
    assert (rank_label(code, EN), rank_label(code, DA)) == (english, danish)


@pytest.mark.parametrize(
    ("code", "english", "danish"),
    [("QS", "queen of spades", "spar dame"), ("JD", "jack of diamonds", "ruder knægt"),
     ("AC", "ace of clubs", "klør es"), ("10H", "10 of hearts", "hjerter 10"),
     ("BJ", "black joker", "sort joker")],
)  # fmt: skip
def test_a_card_in_words(code: str, english: str, danish: str) -> None:
    assert (card_words(code, EN), card_words(code, DA)) == (english, danish)


@pytest.fixture
def app() -> Iterator[App]:
    journal = Journal(":memory:", clock=TEST_CLOCK)
    made = App(Config(ui=Interface(language="da")), journal, (800, 480),
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


def texts(app: App) -> list[str]:
    widgets.LEDGER = []
    try:
        app.draw()
        return [one.words for one in widgets.LEDGER]
    finally:
        widgets.LEDGER = None


def test_the_danish_screen_says_b_where_the_journal_keeps_j(app: App) -> None:
    """The GM taps the target B on the task form; the task is stored with target J and its
    cards as drawn; the screen shows B, D and the discard's top card in words."""
    press(app, "Task check…")  # only Kenzie: the form for Kenzie, the target on its first page
    assert {"B", "D", "K"} <= set(labels(app)) and not {"J", "Q"} & set(labels(app))
    press(app, "B")
    press(app, "Next")
    press(app, "Next")
    press(app, "Begin")
    assert app.session is not None
    task = app.session.table_view()["task"]
    assert task["target"] == "J"
    assert app.tr("{rank} or better").format(rank="B") in " ".join(texts(app))
    play(app, {"type": "mc.draw", "cards": ["QS"]}, {"type": "mc.end_turn"})
    words = texts(app)
    assert "D" in words and "Q" not in words
    said = " ".join(words).replace("\u00a0", " ")
    assert "(øverst: spar dame)" in said and "(øverst: spar\u00a0dame)" in " ".join(words)
    assert app.session.table_view()["deck"]["discard"] == ["QS"]
    commands = [json.loads(step.command) for step in app.journal.steps(app.session.name)]
    begun = next(c for c in commands if c["type"] == "mc.begin_task")
    assert begun["target"] == "J"
