"""The conflict as the whole table sees it: two sides, their dispositions and scripts.

The shared screen shows only what the table may know: how many actions each
side has scripted and whether it is locked, never which. Revealed actions,
the action tests with their exact odds, and the compromise are drawn large.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from tablekit.rules.mouse_guard.view_types import (
    ActionTestView,
    CompromiseView,
    ConflictSide,
    ConflictView,
    ExchangeView,
    TeamView,
)
from tablekit.ui import theme, widgets
from tablekit.ui.i18n import mark
from tablekit.ui.layout import Layout, columns
from tablekit.ui.mg import builder

Tr = Callable[[str], str]

SIDE_NAMES = {"gm": mark("GM"), "patrol": mark("Patrol")}

ACTION_NAMES = {
    "attack": mark("Attack"),
    "defend": mark("Defend"),
    "feint": mark("Feint"),
    "maneuver": mark("Maneuver"),
}

BANDS = {
    "none": mark("No compromise"),
    "minor": mark("Minor compromise"),
    "compromise": mark("Compromise"),
    "major": mark("Major compromise"),
}


def side_name(side: str, tr: Tr) -> str:
    """ "GM" or "Patrol", in the table's language."""
    return tr(SIDE_NAMES[side])


def script_line(team: TeamView, revealed: int, tr: Tr) -> str:
    """The counts the table may see: "GM: 3 of 3, locked", in the table's language."""
    script = team["script"]
    side = side_name(team["side"], tr)
    if revealed:
        return tr("{side}: {n} of {slots} revealed").format(
            side=side, n=revealed, slots=script["slots"]
        )
    line = tr("{side}: {n} of {slots}").format(side=side, n=script["filled"], slots=script["slots"])
    return f"{line}, {tr('locked')}" if script["locked"] else line


def team_lines(team: TeamView, tr: Tr) -> tuple[str, str]:
    """One team of a side that has several, in two lines the table may see: "Saxon's team
    4/7", then its side's counts "Patrol: 2 of 3" (or "3 of 3, locked", "1 of 3 revealed")."""
    name = tr("{captain}'s team").format(captain=team["captain"])
    start = team["start"]
    first = f"{name} {team['disposition']}/{start}" if start else name
    return first, script_line(team, team["script"]["revealed"], tr)


def most_teams(conflict: ConflictView) -> int:
    """How many teams the side with more has."""
    return max(sum(t["side"] == side for t in conflict["teams"]) for side in ("gm", "patrol"))


def panels(
    layout: Layout, area: pygame.Rect, teams: int = 1
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """(GM's panel, patrol's panel, the rest below them); a side with ``teams`` teams needs
    two lines for each."""
    height = layout.text("title") + 2 * layout.text("heading") + 5 * layout.gap
    if teams > 1:
        height = teams * 2 * (layout.text("heading") + layout.gap) + 3 * layout.gap
    top = pygame.Rect(area.x, area.y, area.width, height)
    gm, patrol = columns(top, 2, layout.gap)
    rest = pygame.Rect(
        area.x, top.bottom + layout.gap, area.width, area.bottom - top.bottom - layout.gap
    )
    return gm, patrol, rest


def draw(
    surface: pygame.Surface,
    layout: Layout,
    area: pygame.Rect,
    conflict: ConflictView,
    missing: Mapping[str, str],
    tr: Tr,
) -> pygame.Rect:
    """Both sides on top, then what the conflict is doing now; return the area left for buttons.

    ``missing`` names each side whose physical pad is configured but not
    answering, with its backend's reason: the table must know it is not heard.
    """
    gm, patrol, rest = panels(layout, area, most_teams(conflict))
    sides: tuple[tuple[pygame.Rect, ConflictSide], ...] = ((gm, "gm"), (patrol, "patrol"))
    for rect, side in sides:
        teams = [t for t in conflict["teams"] if t["side"] == side]
        if len(teams) > 1:
            _draw_teams(surface, layout, rect, teams, tr)
        else:
            team = conflict["sides"][side]
            _draw_side(surface, layout, rect, team, team["script"]["revealed"], tr)
        if side in missing:
            _draw_missing(surface, layout, rect, tr)
    used = _draw_now(surface, layout, rest, conflict, tr)
    return pygame.Rect(rest.x, rest.y + used, rest.width, rest.height - used)


def _draw_side(
    surface: pygame.Surface,
    layout: Layout,
    rect: pygame.Rect,
    team: TeamView,
    revealed: int,
    tr: Tr,
) -> None:
    widgets.panel(surface, rect, theme.PARCHMENT, theme.EDGE, 3)
    inner = rect.inflate(-2 * layout.gap, -2 * layout.gap)
    name, disposition, script = _side_rows(layout, inner)
    widgets.text(surface, team["name"], name, layout.text("heading"), theme.INK, "bold", "left")
    start = team["start"]
    amount = f"{team['disposition']} / {start}" if start else tr("no disposition yet")
    size = layout.text("title") if start else layout.text("body")
    widgets.text(surface, amount, disposition, size, theme.WAX, "black", "left")
    widgets.text(
        surface,
        script_line(team, revealed, tr),
        script,
        layout.text("heading"),
        theme.INK,
        "bold",
        "left",
    )


def _draw_teams(
    surface: pygame.Surface, layout: Layout, rect: pygame.Rect, teams: list[TeamView], tr: Tr
) -> None:
    """A side with several teams: each team's name, disposition and counts, in turn."""
    widgets.panel(surface, rect, theme.PARCHMENT, theme.EDGE, 3)
    inner = rect.inflate(-2 * layout.gap, -2 * layout.gap)
    size = layout.text("heading")
    y = inner.y
    for team in teams:
        for line, colour in zip(team_lines(team, tr), (theme.WAX, theme.INK), strict=True):
            row = pygame.Rect(inner.x, y, inner.width, size + layout.gap)
            widgets.text(surface, line, row, size, colour, "bold", "left")
            y += row.height


def _draw_missing(surface: pygame.Surface, layout: Layout, rect: pygame.Rect, tr: Tr) -> None:
    """A wax seal across the panel's corner: this side's pad is not connected."""
    label = tr("Pad missing")
    size = layout.text("body")
    width = theme.font("bold", size).size(label)[0] + 2 * layout.gap
    seal = pygame.Rect(
        rect.right - width - layout.gap, rect.y + layout.gap // 2, width, size + layout.gap
    )
    pygame.draw.rect(surface, theme.WAX, seal, border_radius=layout.gap)
    widgets.text(surface, label, seal, size, theme.CREAM, "bold")


def _side_rows(layout: Layout, inner: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    heights = (layout.text("heading"), layout.text("title"), layout.text("heading"))
    found, y = [], inner.y
    for height in heights:
        found.append(pygame.Rect(inner.x, y, inner.width, height + layout.gap))
        y += height + layout.gap
    return found[0], found[1], found[2]


def _draw_now(
    surface: pygame.Surface, layout: Layout, area: pygame.Rect, conflict: ConflictView, tr: Tr
) -> int:
    """What is happening now, in words; return the height used."""
    exchange = conflict["exchange"]
    if conflict["status"] == "over" and conflict["compromise"] is not None:
        return _draw_compromise(surface, layout, area, conflict["compromise"], tr)
    if exchange is None:
        now = conflict["status"]
        words = tr(STATUS[now])
        line = pygame.Rect(area.x, area.y, area.width, layout.text("heading") + layout.gap)
        widgets.text(surface, words, line, layout.text("heading"), theme.CREAM, "bold", "left")
        return line.height
    return _draw_exchange(surface, layout, area, exchange, tr)


STATUS = {
    "disposition": mark("Roll or set each side's disposition"),
    "scripting": mark("Both sides script three actions in secret"),
    "revealing": mark("Both scripts are locked: reveal the next action"),
    "acting": mark("Roll the action tests"),
    "maneuver": mark("Spend the maneuver's margin"),
    "over": mark("The conflict is over"),
}


def _draw_exchange(
    surface: pygame.Surface, layout: Layout, area: pygame.Rect, exchange: ExchangeView, tr: Tr
) -> int:
    """The two revealed actions face to face, then each action test and its odds."""
    meet = (
        f"{tr('GM')}: {tr(ACTION_NAMES[exchange['gm']['action']])}  ·  "
        f"{tr('Patrol')}: {tr(ACTION_NAMES[exchange['patrol']['action']])}"
    )
    size = layout.text("heading")
    y = area.y
    widgets.text(
        surface,
        meet,
        pygame.Rect(area.x, y, area.width, size + layout.gap),
        size,
        theme.CHEESE,
        "bold",
        "left",
    )
    y += size + layout.gap
    body = layout.text("body")
    for test in exchange["tests"]:
        rect = pygame.Rect(area.x, y, area.width, body + layout.gap)
        widgets.text(surface, test_line(test, tr), rect, body, theme.CREAM, "bold", "left")
        y += rect.height
    return y - area.y + layout.gap


def test_line(test: ActionTestView, tr: Tr) -> str:
    """One action test: who, with what, against what, and its chance or its result."""
    side = side_name(test["side"], tr)
    against = f"Ob {test['ob']}" if test["ob"] is not None else tr("versus")
    head = f"{side}: {test['actor']} {tr(test['rating'])} {test['pool']}D {tr('vs')} {against}"
    if test["rolled"]:
        return f"{head} · {tr('Successes')}: {test['successes']}"
    odds = test["odds"]
    chance = odds["win"] if builder.versus(odds) else odds["pass"]
    return f"{head} · {builder.percent(chance)}"


def _draw_compromise(
    surface: pygame.Surface, layout: Layout, area: pygame.Rect, result: CompromiseView, tr: Tr
) -> int:
    """Who won, the compromise band, and both sides' suggested terms."""
    won = result["winner"]
    winner = side_name(won, tr) if won else tr("Nobody")
    title = f"{tr('Winner')}: {winner} · {tr(BANDS[result['band']])}"
    size = layout.text("heading")
    widgets.text(
        surface,
        title,
        pygame.Rect(area.x, area.y, area.width, size + layout.gap),
        size,
        theme.CHEESE,
        "bold",
        "left",
    )
    winning, losing = result["winner_terms"], result["loser_terms"]
    terms = f"{tr('Winner')}: {tr(winning) if winning else '-'}\n{tr('Loser')}: {tr(losing)}"
    below = pygame.Rect(
        area.x, area.y + size + layout.gap, area.width, 3 * layout.text("body") + 12
    )
    widgets.wrapped(surface, terms, below, layout.text("body"), theme.CREAM)
    return below.bottom - area.y + layout.gap
