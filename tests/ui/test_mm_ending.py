"""The end of a Mice and Mystics chapter (issue 21 item 4): asked once, then summed up.

Victory is asked before it is given, a defeat after the rules gave it (with Undo
beside it); then the summary says the rounds played, each mouse's wounds, cheese,
found cards and achievements, and what carries over (rulebook, "Playing Mice and
Mystics as a Campaign"); the next chapter's form suggests the chapter after the
one won. A layout test proves nothing on the summary is cut or under a button.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pygame
import pytest
from clocks import TEST_CLOCK

from tablekit.local.config import Config, replace
from tablekit.session import Journal
from tablekit.ui import theme, widgets
from tablekit.ui.app import App

HEROES = ("collin", "tilda", "nez", "lily")
NUMBERS = [
    {"type": "mm.set_stats", "figure": h, "battle": 3, "defense": 2, "lore": 2, "move": 2,
     "life": 6}
    for h in HEROES
] + [
    {"type": "mm.set_stats", "figure": "rat_warrior", "battle": 2, "defense": 1, "life": 1,
     "ranged": False},
]  # fmt: skip
CHAPTER = {
    "type": "mm.start_chapter",
    "chapter": "Chapter 3",
    "end_page": 4,
    "heroes": [{"hero": h, "ability": "First Aid"} for h in HEROES],
    "minions": [{"minion": "rat_warrior", "count": 2}],
    "order": [*HEROES, "rat_warrior"],
}


def make(size: tuple[int, int] = (800, 480), language: str = "en") -> Any:
    settings = replace(Config(), ui=replace(Config().ui, language=language))
    app = App(settings, Journal(":memory:", clock=TEST_CLOCK), size)
    app.start("mice-mystics")
    app.session.rng = random.Random(3)
    return app


def run(app: Any, line: dict[str, Any]) -> None:
    assert app.submit(app.session.parse(json.dumps(line))), app.notice_text


def tap(app: Any, label: str) -> None:
    app.draw()
    found = [b for b in app.scene.buttons() if b.label == label and b.enabled]
    assert found, f"no enabled {label!r} in {[b.label for b in app.scene.buttons()]}"
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=found[0].rect.center, button=1)
    )
    app.step(0.0)


def labels(app: Any) -> list[str]:
    app.draw()
    return [b.label for b in app.scene.buttons() if b.enabled]


def a_full_chapter(app: Any) -> None:
    """Four mice, two rounds, found cards (one a weapon), a story achievement, a party
    item, an individual achievement and a captured mouse."""
    for line in [*NUMBERS, CHAPTER]:
        run(app, line)
    for _ in range(len(CHAPTER["order"])):
        run(app, {"type": "mm.end_turn"})
    run(app, {"type": "mm.search", "tile": "Tile 1", "faces": ["bow_star"]})
    run(app, {"type": "mm.take_search_card", "choice": "keep", "card": "Dagger", "weapon": "melee"})
    run(app, {"type": "mm.party_item", "item": "Fishhook and Thread", "held": True})
    run(app, {"type": "mm.story_achievement", "name": "Story achievement 2"})
    run(app, {"type": "mm.end_turn"})
    run(app, {"type": "mm.search", "tile": "Tile 2", "faces": ["bow_star"]})
    run(app, {"type": "mm.take_search_card", "choice": "keep", "card": "Tattered Threads"})
    run(app, {"type": "mm.gain_cheese", "hero": "nez", "amount": 3})
    run(app, {"type": "mm.wound_mouse", "hero": "lily", "amount": 2})
    run(app, {"type": "mm.capture_mouse", "hero": "tilda"})


@pytest.fixture(autouse=True)
def shut() -> Any:
    yield
    widgets.LEDGER = None
    theme.font.cache_clear()
    pygame.quit()


def test_victory_is_asked_once_then_summed_up_then_the_next_chapter_is_suggested() -> None:
    app = make()
    a_full_chapter(app)
    tap(app, "Chapter…")
    tap(app, "Victory")
    assert app.scene.view()["outcome"] == "playing", "one tap does not end the chapter"
    assert "Cancel" in labels(app)
    tap(app, "Victory")
    view = app.scene.view()
    assert view["outcome"] == "victory"
    summary = app.scene._panel(view)
    assert summary.title == "Chapter 3: Victory"
    said = "\n".join(summary.lines)
    assert "Rounds played: 2" in said
    assert "Nez: wounds 0 · cheese 3 · found: —" in said
    assert "Tilda: captured" in said
    assert "Dagger (melee)" in said and "Tattered Threads" in said
    assert "Story achievements: 2" in said and "Party items: Fishhook and Thread" in said
    assert "Carries over: story achievements, abilities, and one found card" in said
    assert labels(app)[-1] == "Next chapter"
    tap(app, "Next chapter")
    form = app.scene._panel(app.scene.view())
    assert form.values["chapter"] == 4, "the chapter after the one won"


def test_a_defeat_is_asked_once_with_undo_beside_it() -> None:
    app = make()
    a_full_chapter(app)
    run(app, {"type": "mm.capture_mouse", "hero": "lily"})
    run(app, {"type": "mm.capture_mouse", "hero": "nez"})
    assert app.scene.view()["outcome"] == "defeat"
    panel = app.scene._panel(app.scene.view())
    assert panel.lines[0] == "The hourglass reached the chapter end marker"
    assert labels(app)[-2:] == ["Undo", "End the chapter"]
    tap(app, "Undo")
    assert app.scene.view()["outcome"] == "playing"
    run(app, {"type": "mm.capture_mouse", "hero": "nez"})
    tap(app, "End the chapter")
    assert app.scene._panel(app.scene.view()).title == "Chapter 3: Defeat"
    tap(app, "Next chapter")
    assert app.scene._panel(app.scene.view()).values["chapter"] == 3, "the lost one again"


@pytest.mark.parametrize("language", ["en", "da"])
def test_undoing_victory_keeps_the_round_in_the_bar(language: str) -> None:
    app = make(language=language)
    a_full_chapter(app)
    run(app, {"type": "mm.declare_victory"})
    tap(app, app.tr("Undo"))
    widgets.LEDGER = []
    app.draw()
    drawn, widgets.LEDGER = widgets.LEDGER, None
    assert any(d.words.endswith(f"{app.tr('Round')} 2") for d in drawn), [d.words for d in drawn]
    assert app.scene.result == f"{app.tr('Undone: {what}').format(what=app.tr('Victory'))}"


@pytest.mark.parametrize("size", [(800, 480), (720, 1280), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "da"])
def test_nothing_on_the_summary_is_cut_or_under_a_button(
    size: tuple[int, int], language: str
) -> None:
    app = make(size, language)
    a_full_chapter(app)
    run(app, {"type": "mm.gain_cheese", "hero": "collin", "amount": 3})
    run(app, {"type": "mm.declare_victory"})
    widgets.LEDGER = []
    app.draw()
    drawn, widgets.LEDGER = widgets.LEDGER, None
    buttons = app.scene.buttons()
    panel = app.scene._panel(app.scene.view())
    room = panel.words_area(app.layout, app.layout.content())
    lines = [d for d in drawn if room.contains(d.room)]
    assert len(lines) >= len(panel.lines)
    for one in drawn:
        assert not one.cut and one.size >= 18, one
        assert one.place.width <= one.room.width + 1, one
        under = [b.label for b in buttons if b.label != one.words and b.rect.colliderect(one.place)]
        assert not under, (one.words, under)
