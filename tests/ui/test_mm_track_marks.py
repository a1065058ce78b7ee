"""The track tells cards that have had their turn from those still to act by shape and
label, not colour alone, and says so when an encounter deals it anew mid-round (issue 21)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from tablekit.local.config import Config
from tablekit.session import Journal
from tablekit.ui import theme, widgets
from tablekit.ui.app import App

NUMBERS = [
    {"type": "mm.set_stats", "figure": h, "battle": 2, "defense": 2, "lore": 2, "move": 2,
     "life": 5}
    for h in ("collin", "nez", "lily")
] + [
    {"type": "mm.set_stats", "figure": "rat_warrior", "battle": 2, "defense": 1, "life": 1,
     "ranged": False},
]  # fmt: skip
START = {
    "type": "mm.start_chapter",
    "chapter": "Chapter 1",
    "end_page": 8,
    "heroes": [{"hero": h, "ability": "Aim"} for h in ("nez", "lily", "collin")],
    "order": ["nez", "lily", "collin"],
}


@pytest.fixture
def app(journal: Journal) -> Iterator[Any]:
    made = App(Config(), journal, (800, 480))
    made.start("mice-mystics")
    made.session.rng = random.Random(2)
    for line in [*NUMBERS, START]:
        assert made.submit(made.session.parse(json.dumps(line))), made.notice_text
    yield made
    widgets.LEDGER = None
    theme.font.cache_clear()
    pygame.quit()


def submit(app: Any, line: dict[str, Any]) -> None:
    assert app.submit(app.session.parse(json.dumps(line))), app.notice_text


def cards(app: Any) -> dict[str, tuple[pygame.Rect, list[str]]]:
    """Each track card's rectangle and the words drawn on it."""
    widgets.LEDGER = []
    app.draw()
    drawn, widgets.LEDGER = widgets.LEDGER, None
    return {
        card["card"]: (rect, [d.words for d in drawn if rect.contains(d.place)])
        for rect, card in app.scene.cards
    }


def test_a_card_that_has_acted_shows_a_tick_in_place_of_its_slot(app: Any) -> None:
    submit(app, {"type": "mm.end_turn"})
    shown = cards(app)
    rect, words = shown["nez"]
    assert "1" not in words, "a tick, not the slot number"
    assert "3" in shown["collin"][1], "still to act: its slot number"
    corner = (rect.right - 3 * app.layout.gap, rect.bottom - 2 * app.layout.gap)
    assert tuple(app.canvas.get_at(corner))[:3] == theme.PARCHMENT_DARK
    waiting = shown["collin"][0]
    assert (
        tuple(app.canvas.get_at((waiting.right - 3 * app.layout.gap, waiting.bottom - 20)))[:3]
        == theme.PARCHMENT
    )


def test_an_encounter_dealing_the_track_anew_says_who_has_had_a_turn(app: Any) -> None:
    """Rulebook "Determining Initiative Order" (no minion card on the track: all cards
    shuffled together): Nez lands on top having acted; the screen says so, not a skip."""
    submit(app, {"type": "mm.end_turn"})
    submit(app, {"type": "mm.explore"})
    app.scene.form = None  # the encounter, drawn as a script would
    order = ["nez", "rat_warrior", "collin", "lily"]
    submit(
        app,
        {"type": "mm.draw_encounter", "minions": [{"minion": "rat_warrior", "count": 1}],
         "order": order},
    )  # fmt: skip
    assert app.scene.result == "Initiative dealt anew; had their turn this round: Nez"
    assert "1" not in cards(app)["nez"][1]
    submit(app, {"type": "mm.end_turn"})
    assert app.scene.view()["current"] == "rat_warrior"
    assert app.scene._title(app.scene.view())[0] == "Chapter 1 · Round 1"


def test_the_chapter_menu_keeps_its_buttons_in_place_once_a_story_achievement_is_held(
    app: Any,
) -> None:
    """Issue 21: the menu's line of story achievements pushed its buttons down, so a tap
    meant for Victory opened Add minions."""

    def places() -> dict[str, pygame.Rect]:
        app.scene._chapter_menu()
        app.draw()
        found = {b.label: b.rect for b in app.scene.buttons() if b.label != "Home"}
        app.scene.form = None
        return found

    before = places()
    submit(app, {"type": "mm.story_achievement", "name": "Story achievement 1"})
    after = places()
    assert after["Victory"] == before["Victory"] and after["Add minions"] == before["Add minions"]


def test_the_face_up_card_s_surge_is_said_whole(app: Any) -> None:
    """Issue 21: "Face-up encounter: page 1 · surge: none" was cut to "page 1 ·…"."""
    card = {"type": "mm.draw_encounter", "minions": [], "name": "Rats"}
    submit(app, {**card, "surge": [{"minion": "rat_warrior", "count": 2}]})
    widgets.LEDGER = []
    app.draw()
    drawn, widgets.LEDGER = widgets.LEDGER, None
    said = [d for d in drawn if d.words.startswith("Card's surge")]
    assert [d.words for d in said] == ["Card's surge: 2 Rat warrior"]
    assert not said[0].cut and said[0].size >= 18
