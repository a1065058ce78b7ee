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

WINNER, LOSER = mark("Winner"), mark("Loser")
"""Words put together in the compromise's lines."""

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


SCRIPTING = ("disposition", "scripting")
"""While a side's teams still script, each team shows its counts too; once every script is
locked, its name and disposition are what the table follows."""


def teams_of(conflict: ConflictView | None, side: str) -> int:
    """How many teams ``side`` has (one before there is a conflict)."""
    if conflict is None:
        return 1
    return sum(t["side"] == side for t in conflict["teams"])


def team_rows(conflict: ConflictView, side: str) -> int:
    """Lines a side of several teams draws: two a team while scripting, else one."""
    teams = teams_of(conflict, side)
    return teams * (2 if conflict["status"] in SCRIPTING else 1)


def team_row(layout: Layout) -> int:
    """The height of one line of a side of several teams: body text, closely set."""
    return layout.text("body") + layout.gap // 2


def _side_height(layout: Layout, conflict: ConflictView | None, side: str) -> int:
    if (teams_of(conflict, side) == 1 or conflict is None) and layout.portrait:
        return layout.text("title") + layout.text("heading") + 4 * layout.gap
    if teams_of(conflict, side) == 1 or conflict is None:
        return layout.text("title") + 2 * layout.text("heading") + 5 * layout.gap
    return team_rows(conflict, side) * team_row(layout) + 3 * layout.gap


def panels(
    layout: Layout, area: pygame.Rect, conflict: ConflictView | None = None
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """(GM's panel, patrol's panel, the rest below them).

    Side by side in landscape, one above the other in portrait, where half the
    width would make a side's lines smaller than their style. A side of several
    teams gives each its lines at body size (28 px at 800x480), so three teams
    on a side still leave room below for the action tests and their buttons.
    """
    gm_height, patrol_height = (_side_height(layout, conflict, s) for s in ("gm", "patrol"))
    if layout.portrait:
        gm = pygame.Rect(area.x, area.y, area.width, gm_height)
        patrol = pygame.Rect(area.x, gm.bottom + layout.gap, area.width, patrol_height)
        bottom = patrol.bottom
    else:
        top = pygame.Rect(area.x, area.y, area.width, max(gm_height, patrol_height))
        gm, patrol = columns(top, 2, layout.gap)
        bottom = top.bottom
    rest = pygame.Rect(area.x, bottom + layout.gap, area.width, area.bottom - bottom - layout.gap)
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
    gm, patrol, rest = panels(layout, area, conflict)
    sides: tuple[tuple[pygame.Rect, ConflictSide], ...] = ((gm, "gm"), (patrol, "patrol"))
    for rect, side in sides:
        teams = [t for t in conflict["teams"] if t["side"] == side]
        if len(teams) > 1:
            counts = conflict["status"] in SCRIPTING
            _draw_teams(surface, layout, rect, teams, counts, tr)
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
    shown = team["name"]  # the patrol's first team is "Patrol"; the GM's, the opponent's name
    if team["side"] == "patrol":
        shown = tr(shown)
    start = team["start"]
    amount = f"{team['disposition']} / {start}" if start else tr("no disposition yet")
    size = layout.text("title") if start else layout.text("body")
    if layout.portrait:  # the disposition at the row's end, the name in what is left
        used = widgets.text(surface, amount, disposition, size, theme.WAX, "black", "right")
        name.width = used.left - layout.gap - name.x
    else:
        widgets.text(surface, amount, disposition, size, theme.WAX, "black", "left")
    widgets.text(surface, shown, name, layout.text("heading"), theme.INK, "bold", "left")
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
    surface: pygame.Surface,
    layout: Layout,
    rect: pygame.Rect,
    teams: list[TeamView],
    counts: bool,
    tr: Tr,
) -> None:
    """A side with several teams: each team's name and disposition, in turn, and with
    ``counts`` (while scripting) its side's counts below it."""
    widgets.panel(surface, rect, theme.PARCHMENT, theme.EDGE, 3)
    inner = rect.inflate(-2 * layout.gap, -2 * layout.gap)
    size, height = layout.text("body"), team_row(layout)
    y = inner.y
    for team in teams:
        lines = team_lines(team, tr) if counts else team_lines(team, tr)[:1]
        for line, colour in zip(lines, (theme.WAX, theme.INK), strict=False):
            row = pygame.Rect(inner.x, y, inner.width, height)
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
    """The name's, the disposition's and the counts' rows; upright the name and the
    disposition share the first (the panels stack, and the buttons below need the room)."""
    if layout.portrait:
        first = pygame.Rect(inner.x, inner.y, inner.width, layout.text("title") + layout.gap)
        script = pygame.Rect(
            inner.x, first.bottom, inner.width, layout.text("heading") + layout.gap
        )
        return first, first.copy(), script
    heights = (layout.text("heading"), layout.text("title"), layout.text("heading"))
    found, y = [], inner.y
    for height in heights:
        found.append(pygame.Rect(inner.x, y, inner.width, height + layout.gap))
        y += height + layout.gap
    return found[0], found[1], found[2]


Line = tuple[str, str, tuple[int, int, int]]
"""Words, their text style and their colour."""


VOLLEY = mark("Volley")


def volley(conflict: ConflictView, tr: Tr) -> str:
    """Which volley this is ("Volley 2"): the bar's title may have no room for it, so the
    line saying what is happening now begins with it."""
    return f"{tr(VOLLEY)} {conflict['volley']}"


def now_lines(conflict: ConflictView, tr: Tr) -> list[Line]:
    """What is happening now, in words, after the volley: the status, or the two revealed
    actions face to face and each action test with its odds (the compromise is drawn
    apart)."""
    exchange = conflict["exchange"]
    if exchange is None:
        status = STATUS[conflict["status"]]
        return [(f"{volley(conflict, tr)} · {tr(status)}", "heading", theme.CREAM)]
    meet = (
        f"{volley(conflict, tr)} · {tr('GM')}: {tr(ACTION_NAMES[exchange['gm']['action']])}"
        f"  ·  {tr('Patrol')}: {tr(ACTION_NAMES[exchange['patrol']['action']])}"
    )
    return [(meet, "heading", theme.CHEESE)] + [
        (test_line(test, tr), "body", theme.CREAM) for test in exchange["tests"]
    ]


def line_height(layout: Layout, width: int, line: Line, face: str = "bold") -> int:
    """The height of ``line`` wrapped to ``width`` at its style's size, never made smaller:
    a sentence too long for the width takes another line."""
    font = theme.font(face, layout.text(line[1]))
    return len(widgets.lines_of(line[0], font, width)) * font.get_linesize()


def now_height(layout: Layout, width: int, conflict: ConflictView, tr: Tr) -> int:
    """The height :func:`_draw_now` takes, so the buttons go below it."""
    if conflict["status"] == "over" and conflict["compromise"] is not None:
        title = (_compromise_title(conflict, conflict["compromise"], tr), "heading", theme.CHEESE)
        terms = (_terms(conflict["compromise"], tr), "body", theme.CREAM)
        high = line_height(layout, width, title) + line_height(layout, width, terms, "regular")
        return high + 2 * layout.gap
    lines = now_lines(conflict, tr)
    return sum(line_height(layout, width, line) for line in lines) + layout.gap


def _draw_now(
    surface: pygame.Surface, layout: Layout, area: pygame.Rect, conflict: ConflictView, tr: Tr
) -> int:
    """What is happening now, in words; return the height used."""
    if conflict["status"] == "over" and conflict["compromise"] is not None:
        return _draw_compromise(surface, layout, area, conflict, conflict["compromise"], tr)
    y = area.y
    for line in now_lines(conflict, tr):
        rect = pygame.Rect(area.x, y, area.width, line_height(layout, area.width, line))
        widgets.wrapped(surface, line[0], rect, layout.text(line[1]), line[2], "bold")
        y = rect.bottom
    return y - area.y + layout.gap


STATUS = {
    "disposition": mark("Roll or set each side's disposition"),
    "scripting": mark("Both sides script three actions in secret"),
    "revealing": mark("Both scripts are locked: reveal the next action"),
    "acting": mark("Roll the action tests"),
    "maneuver": mark("Spend the maneuver's margin"),
    "over": mark("The conflict is over"),
}


def test_line(test: ActionTestView, tr: Tr) -> str:
    """One action test: who, with what, against what, and its chance or its result."""
    side = side_name(test["side"], tr)
    against = f"Ob {test['ob']}" if test["ob"] is not None else tr("versus")
    rating = tr(test["rating"])
    if test["instead"]:  # an ability stands in for a skill the actor lacks: say so
        rating = tr(builder.STANDS_IN).format(ability=rating, skill=tr(test["instead"]))
    head = f"{side}: {test['actor']} {rating} {test['pool']}D {tr('vs')} {against}"
    if test["rolled"]:
        return f"{head} · {tr('Successes')}: {test['successes']}"
    odds = test["odds"]
    chance = odds["win"] if builder.versus(odds) else odds["pass"]
    return f"{head} · {builder.percent(chance)}"


def _compromise_title(conflict: ConflictView, result: CompromiseView, tr: Tr) -> str:
    """The volley it ended in, who won and the compromise band."""
    won = result["winner"]
    winner = side_name(won, tr) if won else tr("Nobody")
    return f"{volley(conflict, tr)} · {tr(WINNER)}: {winner} · {tr(BANDS[result['band']])}"


def _terms(result: CompromiseView, tr: Tr) -> str:
    """Both sides' suggested terms, a line each."""
    winning, losing = result["winner_terms"], result["loser_terms"]
    return f"{tr(WINNER)}: {tr(winning) if winning else '-'}\n{tr(LOSER)}: {tr(losing)}"


def _draw_compromise(
    surface: pygame.Surface,
    layout: Layout,
    area: pygame.Rect,
    conflict: ConflictView,
    result: CompromiseView,
    tr: Tr,
) -> int:
    """The volley, who won, the compromise band, and both sides' suggested terms."""
    title: Line = (_compromise_title(conflict, result, tr), "heading", theme.CHEESE)
    high = line_height(layout, area.width, title)
    head = pygame.Rect(area.x, area.y, area.width, high)
    widgets.wrapped(surface, title[0], head, layout.text("heading"), theme.CHEESE, "bold")
    terms: Line = (_terms(result, tr), "body", theme.CREAM)
    high = line_height(layout, area.width, terms, "regular")
    below = pygame.Rect(area.x, head.bottom + layout.gap, area.width, high)
    widgets.wrapped(surface, terms[0], below, layout.text("body"), theme.CREAM)
    return below.bottom - area.y + layout.gap
