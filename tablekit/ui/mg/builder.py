"""The test builder's left side: the pool, the obstacle and the live odds, then the roll.

What the table must read from across the room (pool, obstacle, chance and
result) is drawn at heading size or larger; the dice are drawn as snakes,
swords and axes, with the count of successes spelled out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tablekit.ui import icons, theme, widgets
from tablekit.ui.i18n import mark
from tablekit.ui.layout import Layout

Tr = Callable[[str], str]
Test = dict[str, Any]


def percent(chance: float) -> str:
    """A chance as the table reads it: 65.63%."""
    return f"{chance * 100:.2f}%"


def odds_line(test: Test, tr: Tr) -> str:
    """The exact chance right now: of success, or win/tie/lose before a versus roll."""
    chance = test["chance"]
    if "win" in chance:
        return f"{tr('Win')} {percent(chance['win'])} · {tr('Tie')} {percent(chance['tie'])}"
    return f"{tr('Chance')} {percent(chance['now'])}"


def help_line(test: Test, tr: Tr) -> str:
    """What Fate and Persona spent after the roll could still make of the chance, if more."""
    chance = test["chance"]
    if "win" in chance or chance["all"] <= chance["now"]:
        return ""
    return f"{tr('After the roll: up to')} {percent(chance['all'])}"


def headline(test: Test, tr: Tr) -> str:
    """Pool against obstacle: "5D vs Ob 3", or against the GM's pool in a versus test."""
    tester = test["tester"]
    if test["kind"] == "versus":
        return f"{tester['pool']}D {tr('vs GM')} {test['opponent']['pool']}D"
    return f"{tester['pool']}D {tr('vs')} Ob {test['ob']}"


def result_line(test: Test, tr: Tr) -> str:
    """What the roll came to, once it is known."""
    tester = test["tester"]
    line = f"{tr('Successes')}: {tester['successes']}"
    if test["kind"] == "versus" and test["opponent"]["rolled"]:
        line += f" · {tr('GM')}: {test['opponent']['successes']}"
    if test["tied"]:
        return f"{line} · {tr('Tie!')}"
    if test["passed"] is None:
        return line
    return f"{line} · {tr('Passed') if test['passed'] else tr('Failed')}"


def draw(surface: pygame.Surface, layout: Layout, area: pygame.Rect, test: Test, tr: Tr) -> None:
    """The whole left side of a test in progress, top to bottom."""
    tester = test["tester"]
    y = area.y
    title = f"{tester['actor']}: {tr(tester['tested'])}"
    for words, size, colour in (
        (title, layout.text("heading"), theme.CREAM),
        (headline(test, tr), layout.text("title"), theme.CHEESE),
        (odds_line(test, tr), layout.text("heading"), theme.CREAM),
        (help_line(test, tr), layout.text("body"), theme.CREAM),
    ):
        if not words:
            continue
        rect = pygame.Rect(area.x, y, area.width, size + layout.gap)
        widgets.text(surface, words, rect, size, colour, "bold", "left")
        y += rect.height
    if not tester["rolled"]:
        rest = pygame.Rect(area.x, y, area.width, area.bottom - y)
        _draw_modifiers(surface, layout, rest, tester, tr)
    else:
        dice = tester["faces"] + tester["explosion"]
        y = _draw_dice(surface, layout, pygame.Rect(area.x, y, area.width, area.bottom - y), dice)
        rect = pygame.Rect(area.x, y, area.width, layout.text("heading") + layout.gap)
        widgets.text(
            surface,
            result_line(test, tr),
            rect,
            layout.text("heading"),
            theme.CHEESE,
            "bold",
            "left",
        )


def _draw_modifiers(
    surface: pygame.Surface, layout: Layout, area: pygame.Rect, side: dict[str, Any], tr: Tr
) -> None:
    """Each die added or taken away, with its reason, one line each (before the roll)."""
    size = layout.text("body")
    y = area.y
    lines = [f"{m['dice']:+d}D {m['reason']}" for m in side["modifiers"]]
    lines += [f"+1D {h['name']} ({h['via']})" for h in side["helpers"]]
    for words in lines[: max(0, area.height // (size + 4))]:
        widgets.text(
            surface,
            words,
            pygame.Rect(area.x, y, area.width, size + 4),
            size,
            theme.CREAM,
            "regular",
            "left",
        )
        y += size + 4


def _draw_dice(surface: pygame.Surface, layout: Layout, area: pygame.Rect, faces: list[str]) -> int:
    """The dice as faces, as many per row as fit; return the next y."""
    room = (area.width + layout.gap) // max(1, len(faces)) - layout.gap
    side = max(layout.touch * 4 // 5, min(layout.touch * 3 // 2, room))
    per_row = max(1, (area.width + layout.gap) // (side + layout.gap))
    for index, face in enumerate(faces):
        row, column = divmod(index, per_row)
        rect = pygame.Rect(
            area.x + column * (side + layout.gap), area.y + row * (side + layout.gap), side, side
        )
        icons.guard_die(surface, rect, face)
    lines = (len(faces) + per_row - 1) // per_row
    return area.y + lines * (side + layout.gap)


def option_label(name: str, chance: float | None, tr: Tr) -> str:
    """An after-roll option with the chance it would give: "Of Course! 80.25%"."""
    label = tr(OPTIONS[name])
    return label if chance is None else f"{label} {percent(chance)}"


OPTIONS = {
    "deeper_understanding": mark("Deeper Understanding"),
    "of_course": mark("Of Course!"),
    "explode": mark("Explode axes"),
    "level_three": mark("Level 3 trait"),
}
"""The after-roll options in the summary's order, as the buttons name them."""


def split(area: pygame.Rect, layout: Layout, share: float = 0.5) -> tuple[pygame.Rect, pygame.Rect]:
    """(left for the pool and dice, right for the steps); stacked on a portrait screen.

    ``share`` is the left's part of the width (a sheet's ratings want more room).
    """
    if layout.portrait:
        top = area.copy()
        top.height = area.height * 11 // 20
        bottom = pygame.Rect(
            area.x, top.bottom + layout.gap, area.width, area.bottom - top.bottom - layout.gap
        )
        return top, bottom
    left = pygame.Rect(area.x, area.y, int(area.width * share) - layout.gap, area.height)
    right = pygame.Rect(
        left.right + 2 * layout.gap, area.y, area.right - left.right - 2 * layout.gap, area.height
    )
    return left, right
