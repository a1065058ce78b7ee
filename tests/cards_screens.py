"""Every Mouse Card screen, scripted, for the layout tests and the screenshots.

A draw of every size a turn allows, from one card to the largest (a trait's
top level, 6, and one more card for each of the four kings), with a success,
a bad card, a cancelled one and cards that mean nothing in each draw big
enough to hold them; the table before and after a task; and each page of
every form.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from clocks import TEST_CLOCK

from tablekit.catalog.mouse_card import LISTING
from tablekit.local.config import Config, Interface
from tablekit.rules.mouse_card.commands import MAX_LEVEL
from tablekit.session import Journal
from tablekit.ui.app import App

KINGS = ("KH", "KS", "KD", "KC")
LARGEST = MAX_LEVEL + len(KINGS)
"""The most cards one turn can put on the table."""

FIRST = ("RJ", "10H", "AS", "BJ", "QS", "10C")
"""Up to six cards at once: the red joker (cancelled by the ace), a ten short of the
target, the ace, the black joker (bad), a queen and another ten."""

MORE = ("10H", "QS", "10C", "4D", "JH", "9S")
LATER = ("RJ", "AS", "BJ", "10D")
"""After kings: the jokers, the ace that cancels the red one and a ten."""

TABLE = [
    {"type": "mc.add_character", "name": "Kenzie", "creature": "mouse",
     "traits": {f"Fighter{level}": level for level in range(1, MAX_LEVEL + 1)}, "fate": 3},
    {"type": "mc.add_character", "name": "Saxon", "traits": {"Scout": 3},
     "disadvantages": {"Aged": 2, "Leader": 1}, "fate": 12},
    {"type": "mc.add_character", "name": "Gwendolyn", "traits": {"Harvester": 2}, "fate": 0},
]  # fmt: skip


def app_for(size: tuple[int, int], language: str) -> App:
    """A Mouse Card session at ``size`` in ``language`` with the table above seated."""
    app = App(Config(ui=Interface(language=language)), Journal(":memory:", clock=TEST_CLOCK), size,
              games={LISTING.name: LISTING})  # fmt: skip
    app.start("mouse-card")
    assert app.session is not None
    app.session.rng = random.Random(1)
    play(app, TABLE)
    return app


def play(app: App, lines: list[dict[str, Any]]) -> None:
    assert app.session is not None
    for line in lines:
        app.session.apply(app.session.parse(json.dumps(line)))


def draw_of(count: int, mode: str = "broke") -> list[dict[str, Any]]:
    """The commands that put ``count`` cards on the table in one turn (1 to :data:`LARGEST`),
    going for broke (drawing cautiously, the first joker would stop the draw)."""
    level = min(count, MAX_LEVEL)
    begin = {"type": "mc.begin_task", "character": "Kenzie", "trait": f"Fighter{level}",
             "needed": 3, "mode": mode, "extended": True,
             "circumstances": ["combat", "unknown"]}  # fmt: skip
    if count <= MAX_LEVEL:
        cards = list(FIRST[:count])
        lines = [begin, *_draws(cards, mode)]
    else:
        extra = count - MAX_LEVEL
        first = [*KINGS[:extra], *MORE[: MAX_LEVEL - extra]]
        cards = [*first, *LATER[:extra]]
        lines = [begin, *_draws(first, mode), *_draws(list(LATER[:extra]), mode)]
    if "AS" in cards and "RJ" in cards:
        lines.append({"type": "mc.cancel", "card": "RJ", "by": "ace"})
    return lines


def _draws(cards: list[str], mode: str) -> list[dict[str, Any]]:
    if mode == "broke":
        return [{"type": "mc.draw", "cards": cards}]
    return [{"type": "mc.draw", "cards": [card]} for card in cards]


def screens(size: tuple[int, int], language: str) -> Iterator[tuple[str, App]]:
    """(name, app showing it) for every screen; each app is drawn as it is yielded."""
    app = app_for(size, language)
    yield "table", app
    for count in range(1, LARGEST + 1):
        app = app_for(size, language)
        play(app, draw_of(count))
        yield f"draw of {count}", app
    app = app_for(size, language)
    begin = draw_of(1, "cautious")[0]
    play(app, [{**begin, "trait": "Fighter3"}, *_draws(["QH", "BJ"], "cautious")])
    yield "cautious, stopped", app
    app = app_for(size, language)
    play(app, [{"type": "mc.begin_task", "character": "Saxon", "trait": "Scout", "needed": 2}])
    yield "task, nothing drawn", app
    app = app_for(size, language)
    play(app, [*draw_of(4), {"type": "mc.end_turn"}])
    yield "the next turn, before its first card", app
    app = app_for(size, language)
    play(app, [*draw_of(4), {"type": "mc.end_turn"}, {"type": "mc.abandon_task"}])
    yield "table after a task", app
    app = app_for(size, language)
    play(app, [*draw_of(LARGEST), {"type": "mc.end_turn"}])
    assert app.session is not None and app.session.table_view()["task"] is None  # passed
    yield "table after the largest draw", app
    yield from forms(size, language)


def forms(size: tuple[int, int], language: str) -> Iterator[tuple[str, App]]:
    """Each page of each form of the table screen (the task check's question of who first,
    then its form for Kenzie), and Abandon's question in a task."""
    for name in ("_new_character", "_task", "_award", "_miracle", "_abandon"):
        app = app_for(size, language)
        if name == "_abandon":
            play(app, draw_of(2))
        scene: Any = app.scene
        getattr(scene, name)()
        app.draw()
        if name == "_task":
            yield f"{name}: who", app
            scene.form.values["who"] = "Kenzie"
            scene.form._confirm()
            app.draw()
        for page in range(len(scene.form.pages)):
            scene.form.page = page
            yield f"{name}, page {page + 1}", app
