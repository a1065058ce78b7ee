"""Every Mouse Card screen is readable across the table and never overflows (issue 14,
Part B 6: "the drawn cards are large on the table screen, at 28 px or more at 800x480").

Each screen of :mod:`cards_screens` (a draw of every size from one card to the
largest a turn allows, the table, every form) is drawn with the widgets'
ledger on and every line of text drawn is measured: nothing is below 18 px;
every card's rank and every verdict's word (Success, BAD, Cancelled, on the
card or in the key beside the row) are 28 px or more and drawn whole; no text
runs out of its room or over another, and every touch target is 44 px or more.
At 800x480 no text is drawn smaller than its style asks: the layout makes room.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from cards_screens import LARGEST, screens
from ui.test_mm_layout import KEY, SIZES, measure, problems

from tablekit.ui import theme, widgets
from tablekit.ui.app import App
from tablekit.ui.cards.faces import rank_label, verdict_word
from tablekit.ui.widgets import Drawn


@pytest.fixture(autouse=True)
def ledger() -> Iterator[None]:
    yield
    widgets.LEDGER = None
    theme.font.cache_clear()
    pygame.quit()


@pytest.mark.slow
def test_at_800x480_nothing_is_made_smaller_to_fit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text of every card screen and form, in English and Danish, at the size asked."""
    shrunk: list[tuple[str, int, int]] = []
    fit = widgets.fit_size

    def noting(words: str, face: str, size: int, width: int) -> int:
        got = fit(words, face, size, width)
        if got < size:
            shrunk.append((words, size, got))
        return got

    monkeypatch.setattr(widgets, "fit_size", noting)
    found = set()
    for language in ("en", "da"):
        for name, app in screens((800, 480), language):
            shrunk.clear()
            app.draw()
            found |= {f"{name}: {words!r} at {got} px, not {size}" for words, size, got in shrunk}
    assert not found, "\n".join(sorted(found))


def card_texts(app: App) -> tuple[list[str], list[str]]:
    """The ranks in view and the words of their verdicts, as the screen says them: this
    turn's cards, or else the last turn's (until the next draw)."""
    scene: Any = app.scene
    if scene.form is not None:
        return [], []
    view = scene.view()
    task = view["task"]
    shown = scene._shown(task) if task is not None else []
    if not shown and view["last"] is not None:
        shown = scene._last_shown(view["last"], task)
    ranks = [rank_label(face.code, app.tr) for face in shown]
    verdicts = {face.verdict for face in shown if face.verdict is not None}
    return ranks, [verdict_word(verdict, app.tr) for verdict in verdicts]


def undersized(name: str, app: App, drawn: list[Drawn]) -> list[str]:
    """Each rank and verdict word on the screen must be drawn, whole, at :data:`KEY` px or more."""
    found = []
    ranks, verdicts = card_texts(app)
    for words in {*ranks, *verdicts}:
        sizes = [one.size for one in drawn if one.words == words and not one.cut]
        if not sizes:
            found.append(f"{name}: {words!r} is not drawn whole")
        elif min(sizes) < KEY:
            found.append(f"{name}: {words!r} at {min(sizes)} px, the table needs {KEY}")
    return found


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "da"])
def test_every_card_and_text_on_every_screen_is_readable_and_fits(
    size: tuple[int, int], language: str
) -> None:
    found, seen = [], 0
    for name, app in screens(size, language):
        drawn = measure(app)
        found += problems(name, app, drawn)
        found += undersized(name, app, drawn)
        seen += 1
    assert seen >= LARGEST + 6
    assert not found, "\n".join(found)


def test_the_largest_draw_has_every_verdict() -> None:
    """The draw the layout must hold at its tightest: ten cards, a success, a bad card, a
    cancelled one, and cards that mean nothing, so every word and mark is on the screen."""
    for name, app in screens((800, 480), "en"):
        if name == f"draw of {LARGEST}":
            ranks, verdicts = card_texts(app)
            assert len(ranks) == LARGEST and {"Success", "BAD", "Cancelled"} <= set(verdicts)
            return
    raise AssertionError("no largest draw")
