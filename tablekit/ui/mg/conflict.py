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
from tablekit.ui.mg import pairs
from tablekit.ui.mg.pairs import ACTION_NAMES, side_name
from tablekit.ui.parts import Part

Tr = Callable[[str], str]

WINNER, LOSER = mark("Winner"), mark("Loser")
"""Words put together in the compromise's lines."""

BANDS = {
    "none": mark("No compromise"),
    "minor": mark("Minor compromise"),
    "compromise": mark("Compromise"),
    "major": mark("Major compromise"),
}


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


SINGLE = ("revealing", "acting", "maneuver")
"""Statuses whose panels are one row (a team's name and disposition): the counts are
only revealed ones then, and the action tests and the last pair want the room."""


def _side_height(layout: Layout, conflict: ConflictView | None, side: str) -> int:
    if teams_of(conflict, side) == 1 or conflict is None:
        single = conflict is not None and conflict["status"] in SINGLE
        rows = layout.text("title") + (0 if single else layout.text("heading") + layout.gap)
        return rows + 2 * layout.gap
    return team_rows(conflict, side) * team_row(layout) + 3 * layout.gap


def panels(
    layout: Layout, area: pygame.Rect, conflict: ConflictView | None = None
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """(GM's panel, patrol's panel, the rest below them): side by side lying down, one
    above the other upright.

    A team's name and disposition share the first row and its counts are the second
    (once the actions are being revealed the counts say no more than the line below,
    and the panel is one row). A side of several teams gives each its lines at body
    size (28 px at 800x480), so three teams on a side still leave room below for the
    action tests and their buttons.
    """
    gm_height, patrol_height = (_side_height(layout, conflict, s) for s in ("gm", "patrol"))
    if layout.portrait:  # half the width would make a side's lines smaller than their style
        gm = pygame.Rect(area.x, area.y, area.width, gm_height)
        patrol = pygame.Rect(area.x, gm.bottom + layout.gap, area.width, patrol_height)
        bottom = patrol.bottom
    else:
        top = pygame.Rect(area.x, area.y, area.width, max(gm_height, patrol_height))
        gm, patrol = columns(top, 2, layout.gap)
        bottom = top.bottom
    rest = pygame.Rect(area.x, bottom + layout.gap, area.width, area.bottom - bottom - layout.gap)
    return gm, patrol, rest


def parts(
    layout: Layout,
    area: pygame.Rect,
    conflict: ConflictView,
    missing: Mapping[str, str],
    tr: Tr,
    bottom: int | None = None,
) -> list[Part]:
    """Both sides on top, then what the conflict is doing now, down to ``bottom`` (where
    the buttons begin); once it is over, the whole compromise over the whole ``area``.

    ``missing`` names each side whose physical pad is configured but not
    answering, with its backend's reason: the table must know it is not heard.

    As parts (see :mod:`~tablekit.ui.parts`): each side's panel, keyed by its teams, and
    what is happening now, keyed by all but the scripts' counts, so a press on a pad
    repaints only its side's panel.
    """
    if conflict["status"] == "over" and conflict["compromise"] is not None:
        result = conflict["compromise"]
        over = area.copy()
        return [
            Part(
                "compromise",
                over,
                (conflict, tr),
                lambda s: draw_compromise(s, layout, over, conflict, result, tr),
            )
        ]
    gm, patrol, rest = panels(layout, area, conflict)
    sides: tuple[tuple[pygame.Rect, ConflictSide], ...] = ((gm, "gm"), (patrol, "patrol"))
    found = [_side_part(layout, rect, conflict, side, missing, tr) for rect, side in sides]
    if bottom is not None:
        rest.height = bottom - layout.gap - rest.y
    now = (unscripted(conflict), tr)
    found.append(Part("now", rest, now, lambda s: _draw_now(s, layout, rest, conflict, tr)))
    return found


def _side_part(
    layout: Layout,
    rect: pygame.Rect,
    conflict: ConflictView,
    side: ConflictSide,
    missing: Mapping[str, str],
    tr: Tr,
) -> Part:
    """One side's panel: its teams, or its one team, and a seal if its pad is missing."""
    teams = [t for t in conflict["teams"] if t["side"] == side]
    team, status, gone = conflict["sides"][side], conflict["status"], missing.get(side)

    def paint(surface: pygame.Surface) -> None:
        if len(teams) > 1:
            _draw_teams(surface, layout, rect, teams, status in SCRIPTING, tr)
        else:
            _draw_side(surface, layout, rect, team, status in SINGLE, tr)
        if gone is not None:
            _draw_missing(surface, layout, rect, tr)

    return Part(side, rect, (teams, team, status, gone, tr), paint)


COUNTS = ("script", "actions")
"""What each team holds of its script: only its side's panel shows it (as counts)."""


def unscripted(conflict: ConflictView) -> dict[str, object]:
    """``conflict`` without its teams' scripts: what the lines below the panels read."""

    def bare(team: TeamView) -> dict[str, object]:
        return {k: v for k, v in team.items() if k not in COUNTS}

    found: dict[str, object] = dict(conflict)
    found["teams"] = [bare(t) for t in conflict["teams"]]
    found["sides"] = {side: bare(conflict["sides"][side]) for side in ("gm", "patrol")}
    return found


def _draw_side(
    surface: pygame.Surface,
    layout: Layout,
    rect: pygame.Rect,
    team: TeamView,
    single: bool,
    tr: Tr,
) -> None:
    """A team's name with its disposition at the row's end; below them its counts,
    unless ``single``. Before its disposition is rolled the name has the row to itself and
    the line below says so (the counts come with the disposition), so a long name in
    Danish is never shrunk beside a long sentence."""
    widgets.panel(surface, rect, theme.PARCHMENT, theme.EDGE, 3)
    inner = rect.inflate(-2 * layout.gap, -2 * layout.gap)
    first = pygame.Rect(inner.x, inner.y, inner.width, layout.text("title"))
    shown = team["name"]  # the patrol's first team is "Patrol"; the GM's, the opponent's name
    if team["side"] == "patrol":
        shown = tr(shown)
    start = team["start"]
    name = first
    if start:
        amount = f"{team['disposition']} / {start}"
        used = widgets.text(
            surface, amount, first, layout.text("title"), theme.WAX, "black", "right"
        )
        name = pygame.Rect(first.x, first.y, used.left - layout.gap - first.x, first.height)
    widgets.text(surface, shown, name, layout.text("heading"), theme.INK, "bold", "left")
    if single:
        return
    below = pygame.Rect(inner.x, first.bottom + layout.gap, inner.width, layout.text("heading"))
    if not start:
        waiting = tr("no disposition yet")
        widgets.text(surface, waiting, below, layout.text("body"), theme.WAX, "black", "left")
        return
    line = script_line(team, team["script"]["revealed"], tr)
    widgets.text(surface, line, below, layout.text("heading"), theme.INK, "bold", "left")


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


Line = tuple[str, str, tuple[int, int, int]]
"""Words, their text style and their colour."""


VOLLEY = mark("Volley")


def volley(conflict: ConflictView, tr: Tr) -> str:
    """Which volley this is ("Volley 2"): the bar's title may have no room for it, so the
    line saying what is happening now begins with it."""
    return f"{tr(VOLLEY)} {conflict['volley']}"


def now_lines(conflict: ConflictView, tr: Tr) -> list[Line]:
    """What is happening now, in words, after the volley: the status, or the two revealed
    actions face to face (each side's test is drawn below it, apart)."""
    exchange = conflict["exchange"]
    if exchange is None:
        status = STATUS[conflict["status"]]
        return [(f"{volley(conflict, tr)} · {tr(status)}", "heading", theme.CREAM)]
    meet = (
        f"{volley(conflict, tr)} · {tr('GM')}: {tr(ACTION_NAMES[exchange['gm']['action']])}"
        f"  ·  {tr('Patrol')}: {tr(ACTION_NAMES[exchange['patrol']['action']])}"
    )
    return [(meet, "heading", theme.CHEESE)]


def line_height(layout: Layout, width: int, line: Line, face: str = "bold") -> int:
    """The height of ``line`` wrapped to ``width`` at its style's size, never made smaller:
    a sentence too long for the width takes another line."""
    font = theme.font(face, layout.text(line[1]))
    return len(widgets.lines_of(line[0], font, width)) * font.get_linesize()


def _draw_now(
    surface: pygame.Surface, layout: Layout, area: pygame.Rect, conflict: ConflictView, tr: Tr
) -> None:
    """What is happening now: the status, or the revealed pair with each side's test in
    its half; below the status the last settled pair, both rolls and what they came to,
    as much of it as ``area`` holds (the Log has it all)."""
    y = area.y
    for line in now_lines(conflict, tr):
        rect = pygame.Rect(area.x, y, area.width, line_height(layout, area.width, line))
        if rect.bottom > area.bottom:
            return  # three teams a side fill the screen with their counts while scripting
        widgets.wrapped(surface, line[0], rect, layout.text(line[1]), line[2], "bold")
        y = rect.bottom
    exchange = conflict["exchange"]
    if exchange is not None:
        tests: dict[str, ActionTestView] = {t["side"]: t for t in exchange["tests"]}
        rest = pygame.Rect(area.x, y, area.width, area.bottom - y)
        if layout.portrait:  # one below the other: a half's width would shrink the words
            halves = [rest, rest.copy()]
            tall = pairs.block_height(layout, rest.width, tests.get("gm"), tr)
            halves[1].y += tall + layout.gap
        else:
            halves = columns(rest, 2, layout.gap)
        for side, half in zip(("gm", "patrol"), halves, strict=True):
            test = tests.get(side)
            if test is not None:
                rival = tests.get("patrol" if side == "gm" else "gm")
                pairs.test_block(surface, layout, half, test, tr, rival)
            else:
                slot = exchange[side]  # type: ignore[literal-required]
                pairs.no_test(surface, layout, half, slot["action"], slot["actor"], tr)
        return
    high = pairs.line_height(layout)
    if not conflict["log"]:  # before the first pair, the disposition rolls stay in view
        if y + high <= area.bottom and any(t["start"] for t in conflict["teams"]):
            row = pygame.Rect(area.x, y, area.width, high)
            pairs.dispositions_row(surface, layout, row, conflict["teams"], tr)
        return
    last = conflict["log"][-1]
    tie = last["tie"]
    rows = 2 if tie and tie["way"] == "tiebreaker" and y + 2 * high <= area.bottom else 1
    if y + high <= area.bottom:
        rect = pygame.Rect(area.x, y, area.width, rows * high)
        pairs.rolls_row(surface, layout, rect, last, tr)
        y += rows * high
    said = pairs.outcome(last, conflict, tr, short=True)
    font = theme.font("bold", layout.text("body"))
    lines = widgets.lines_of(said, font, area.width)
    if y + len(lines) * high <= area.bottom:
        rect = pygame.Rect(area.x, y, area.width, len(lines) * high)
        widgets.wrapped(surface, said, rect, layout.text("body"), theme.CREAM, "bold")


STATUS = {
    "disposition": mark("Set each side's disposition"),
    "scripting": mark("Both sides script in secret"),
    "revealing": mark("Reveal the next action"),
    "acting": mark("Roll the action tests"),
    "maneuver": mark("Spend the maneuver's margin"),
    "over": mark("The conflict is over"),
}


LOST = mark("{side}: {now} / {start}, lost {lost}")
PAYS = mark("{side}, the winner: {terms}")
KEEPS = mark("{side}, the loser: {terms}")


def _compromise_title(conflict: ConflictView, result: CompromiseView, tr: Tr) -> str:
    """The volley it ended in, who won and the compromise band."""
    won = result["winner"]
    winner = _name(conflict, won, tr) if won else tr("Nobody")
    return f"{volley(conflict, tr)} · {tr(WINNER)}: {winner} · {tr(BANDS[result['band']])}"


def _name(conflict: ConflictView, side: str, tr: Tr) -> str:
    """A side as its first team is called: the opponent's name, or "Patrol"."""
    team = conflict["sides"]["gm" if side == "gm" else "patrol"]
    return tr(team["name"]) if side == "patrol" else team["name"]


def compromise_lines(conflict: ConflictView, result: CompromiseView, tr: Tr) -> list[Line]:
    """The whole compromise: who won and the band; what each side lost of its disposition;
    what the winner pays and what the loser keeps, each named."""
    lost = [
        tr(LOST).format(
            side=_name(conflict, side, tr),
            now=conflict["sides"][side]["disposition"],
            start=conflict["sides"][side]["start"],
            lost=result["lost"][side],
        )
        for side in ("gm", "patrol")
    ]
    found: list[Line] = [
        (_compromise_title(conflict, result, tr), "heading", theme.CHEESE),
        *((line, "heading", theme.CREAM) for line in lost),
    ]
    won, beaten = result["winner"], result["loser"]
    if won:
        terms = tr(result["winner_terms"])
        found.append(
            (tr(PAYS).format(side=_name(conflict, won, tr), terms=terms), "body", theme.CREAM)
        )
    if beaten:
        terms = tr(result["loser_terms"])
        found.append(
            (tr(KEEPS).format(side=_name(conflict, beaten, tr), terms=terms), "body", theme.CREAM)
        )
    if not won:
        found.append((tr(result["loser_terms"]) or "-", "body", theme.CREAM))
    return found


def draw_compromise(
    surface: pygame.Surface,
    layout: Layout,
    area: pygame.Rect,
    conflict: ConflictView,
    result: CompromiseView,
    tr: Tr,
) -> None:
    """The whole compromise over the whole area, every line at its size, wrapped; below it
    the pair that ended the conflict, both rolls, where there is room (the Log has it)."""
    y = area.y
    for line in compromise_lines(conflict, result, tr):
        face = "bold" if line[1] == "heading" else "regular"
        rect = pygame.Rect(area.x, y, area.width, line_height(layout, area.width, line, face))
        widgets.wrapped(surface, line[0], rect, layout.text(line[1]), line[2], face)
        y = rect.bottom + layout.gap // 2
    if not conflict["log"]:
        return
    last = conflict["log"][-1]
    y += layout.gap
    tall = pairs.entry_height(layout, last, area.width, conflict, tr)
    head = pairs.head_height(layout, last, area.width, tr)
    for shown, needs in ((True, tall), (False, tall - head)):  # its actions, if there is room
        if y + needs <= area.bottom:
            rect = pygame.Rect(area.x, y, area.width, area.bottom - y)
            pairs.draw_entry(surface, layout, rect, last, conflict, tr, shown)
            return
