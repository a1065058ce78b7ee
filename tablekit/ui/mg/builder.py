"""The test builder's left side: the pool, the obstacle and the live odds, then the roll.

What the table must read from across the room (pool, obstacle, chance and
result) is drawn at heading size or larger; the dice are drawn as snakes,
swords and axes, with the count of successes spelled out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from tablekit.rules.mouse_guard.view_types import (
    ActionOdds,
    Option,
    SideView,
    TestChance,
    TestView,
    WinTieLose,
)
from tablekit.ui import icons, theme, widgets
from tablekit.ui.i18n import mark
from tablekit.ui.layout import Layout

if TYPE_CHECKING:
    from typing_extensions import TypeIs

Tr = Callable[[str], str]


PERCENT = mark("{whole}.{hundredths}%")
"""A chance's pattern, translated: the table's language says where its decimal mark goes
(Danish writes 65,63%)."""


def percent(chance: float, tr: Tr) -> str:
    """A chance as the table reads it, to the hundredth and in its language: 65.63%."""
    whole, hundredths = f"{chance * 100:.2f}".split(".")
    return tr(PERCENT).format(whole=whole, hundredths=hundredths)


def versus(chance: TestChance | ActionOdds) -> TypeIs[WinTieLose]:
    """Whether ``chance`` is a versus roll's win, tie and lose, not a chance against an obstacle.

    The shapes carry no tag, and mypy narrows ``"win" in chance`` only where
    the key is missing (another TypedDict could add it); a ``TypeIs`` narrows
    both branches. ``typing_extensions`` is imported only for mypy (3.11 has
    no ``typing.TypeIs``), never at run time.
    """
    return "win" in chance


def odds_line(test: TestView, tr: Tr) -> str:
    """The exact chance right now: of success, or win/tie/lose before a versus roll; none
    once the tester has rolled (the result line says what the roll came to, and each
    option its own chance)."""
    if test["tester"]["rolled"]:
        return ""
    chance = test["chance"]
    if versus(chance):
        win, tie = percent(chance["win"], tr), percent(chance["tie"], tr)
        return f"{tr('Win')} {win} · {tr('Tie')} {tie}"
    return f"{tr('Chance')} {percent(chance['now'], tr)}"


def help_line(test: TestView, tr: Tr) -> str:
    """What Fate and Persona spent after the roll could still make of the chance, if more."""
    chance = test["chance"]
    if versus(chance) or chance["all"] <= chance["now"]:
        return ""
    return f"{tr('After the roll: up to')} {percent(chance['all'], tr)}"


def headline(test: TestView, tr: Tr) -> str:
    """Pool against obstacle: "5D vs Ob 3", or against the GM's pool in a versus test."""
    tester, opponent = test["tester"], test["opponent"]
    if opponent is not None:  # a versus test: the view gives it an opponent, and only it
        return f"{tester['pool']}D {tr('vs GM')} {opponent['pool']}D"
    return f"{tester['pool']}D {tr('vs')} Ob {test['ob']}"


def result_line(test: TestView, tr: Tr) -> str:
    """What the roll came to, once it is known."""
    tester, opponent = test["tester"], test["opponent"]
    line = f"{tr('Successes')}: {tester['successes']}"
    if opponent is not None and opponent["rolled"]:
        line += f" · {tr('GM')}: {opponent['successes']}"
    if test["tied"]:
        return f"{line} · {tr('Tie!')}"
    if test["passed"] is None:
        return line
    return f"{line} · {tr('Passed') if test['passed'] else tr('Failed')}"


def draw(
    surface: pygame.Surface, layout: Layout, area: pygame.Rect, test: TestView, tr: Tr
) -> None:
    """The whole left side of a test in progress, top to bottom."""
    tester = test["tester"]
    y = area.y
    title = f"{tester['actor']}: {tested(tester, tr)}"
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
        tiebreak = test["tiebreak"]
        broken = bool(tiebreak["tester"] or tiebreak["opponent"])
        if not broken:  # once a tiebreaker is rolled its dice take the tied roll's place
            below = layout.text("heading") + layout.gap  # the result line keeps its room
            room = pygame.Rect(area.x, y, area.width, area.bottom - y - below - layout.gap)
            y = _draw_dice(surface, layout, room, dice)
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
        if broken:
            rest = pygame.Rect(area.x, rect.bottom, area.width, area.bottom - rect.bottom)
            _draw_tiebreak(surface, layout, rest, tiebreak["tester"], tiebreak["opponent"], tr)


STANDS_IN = mark("{ability} for {skill}")
"""What a pool rolls when an ability stands in for a skill: "Nature for Fighter"."""


def tested(side: SideView, tr: Tr) -> str:
    """The rating a side rolls, and the skill Nature stands in for when it does."""
    if side["nature"] and side["rating"] != "Nature":
        return tr(STANDS_IN).format(ability=tr("Nature"), skill=tr(side["rating"]))
    return tr(side["tested"])


REASONS = {"trait for": mark("Trait for"), "trait against": mark("Trait against")}
"""The rules' reasons that name a trait ("trait for: Clever"), in the table's words."""
PERSONA = mark("Persona")


def reason(words: str, tr: Tr) -> str:
    """Why a die was added or taken away, in the table's language: "Karaktertræk for:
    Clever", "Persona", a condition by its name (``tr`` knows the ruleset's names)."""
    kind, colon, name = words.partition(": ")
    if colon and kind in REASONS:
        return f"{tr(REASONS[kind])}: {name}"
    said = PERSONA if words == "persona" else words
    return tr(said)


def _draw_modifiers(
    surface: pygame.Surface, layout: Layout, area: pygame.Rect, side: SideView, tr: Tr
) -> None:
    """Each die added or taken away, with its reason, one line each (before the roll)."""
    size = layout.text("body")
    y = area.y
    lines = [f"{m['dice']:+d}D {reason(m['reason'], tr)}" for m in side["modifiers"]]
    lines += [f"+1D {h['name']} ({tr(h['via'])})" for h in side["helpers"]]
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


def _draw_dice(
    surface: pygame.Surface, layout: Layout, area: pygame.Rect, faces: Sequence[str]
) -> int:
    """The dice as faces, as many per row as fit; return the next y."""
    room = (area.width + layout.gap) // max(1, len(faces)) - layout.gap
    side = max(layout.touch * 4 // 5, min(layout.touch * 3 // 2, room))
    per_row = max(1, (area.width + layout.gap) // (side + layout.gap))
    lines = (len(faces) + per_row - 1) // per_row
    tall = (area.height + layout.gap) // max(1, lines) - layout.gap
    side = max(LEAST_DIE, min(side, tall))  # upright, the steps below leave less height
    per_row = max(1, (area.width + layout.gap) // (side + layout.gap))
    for index, face in enumerate(faces):
        row, column = divmod(index, per_row)
        rect = pygame.Rect(
            area.x + column * (side + layout.gap), area.y + row * (side + layout.gap), side, side
        )
        icons.guard_die(surface, rect, face)
    lines = (len(faces) + per_row - 1) // per_row
    return area.y + lines * (side + layout.gap)


def _draw_tiebreak(
    surface: pygame.Surface,
    layout: Layout,
    area: pygame.Rect,
    mine: Sequence[str],
    theirs: Sequence[str],
    tr: Tr,
) -> None:
    """The tiebreaker's dice, a line a side (the tester's, then the opponent's), each with
    its successes; the tied roll's successes are in the result line above."""
    size = layout.text("body")
    line = theme.font("bold", size).get_linesize()
    for number, (label, faces) in enumerate(((tr("Tiebreaker"), mine), (tr("GM"), theirs))):
        y = area.y + number * line
        if y + line > area.bottom:
            return
        said = widgets.text(surface, f"{label}:", pygame.Rect(area.x, y, area.width, line),
                            size, theme.CREAM, "bold", "left")  # fmt: skip
        x = said.right + layout.gap
        for face in faces:
            icons.guard_die(surface, pygame.Rect(x, y + 2, line - 4, line - 4), face)
            x += line
        won = sum(face != "snake" for face in faces)
        widgets.text(surface, f"= {won}", pygame.Rect(x, y, area.right - x, line), size,
                     theme.CHEESE, "bold", "left")  # fmt: skip


LEAST_DIE = 36
"""A die is never drawn smaller: its face must read from across the table."""


def option_label(name: Option, chance: float | None, tr: Tr) -> str:
    """An after-roll option with the chance it would give: "Of Course! 80.25%"."""
    label = tr(OPTIONS[name])
    return label if chance is None else f"{label} {percent(chance, tr)}"


OPTIONS: dict[Option, str] = {
    "deeper_understanding": mark("Deeper Understanding"),
    "of_course": mark("Of Course!"),
    "explode": mark("Explode axes"),
    "level_three": mark("Level 3 trait"),
}
"""The after-roll options in the summary's order, as the buttons name them."""


def split(
    area: pygame.Rect, layout: Layout, share: float = 0.5, rows: int = 0
) -> tuple[pygame.Rect, pygame.Rect]:
    """(left for the pool and dice, right for the steps); stacked on a portrait screen.

    ``share`` is the left's part of the width (a sheet's ratings want more room);
    upright, ``rows`` buttons' rows the steps keep below (else nine twentieths).
    """
    if layout.portrait:
        top = area.copy()
        steps = rows * (layout.touch + layout.gap)
        top.height = area.height - steps if rows else area.height * 11 // 20
        bottom = pygame.Rect(
            area.x, top.bottom + layout.gap, area.width, area.bottom - top.bottom - layout.gap
        )
        return top, bottom
    left = pygame.Rect(area.x, area.y, int(area.width * share) - layout.gap, area.height)
    right = pygame.Rect(
        left.right + 2 * layout.gap, area.y, area.right - left.right - 2 * layout.gap, area.height
    )
    return left, right
