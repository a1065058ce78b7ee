"""A revealed pair of actions in words and dice: each side's test while it is rolled, and
every settled pair in the volley log (``conflict.log``).

Every roll stays in view: an action test shows its dice as soon as they are down,
the last settled pair (both rolls, the margin, what changed) stays below the status
until the next pair is revealed, and the Log lists every pair of the conflict.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from tablekit.rules.mouse_guard.view_types import (
    ActionTestView,
    ConflictView,
    LogEntry,
    TeamView,
)
from tablekit.ui import icons, theme, widgets
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

EFFECT_NAMES = {
    "impede": mark("Impede"),
    "gain_position": mark("Gain Position"),
    "disarm": mark("Disarm"),
}

NO_TEST = mark("{action}: no test")
WINS_BY = mark("{side} wins by {n}")
BOTH_FAIL = mark("A second tie: both fail")
PASSES = mark("{side} passes by {n}")
FAILS = mark("{side} fails")
BOUGHT = mark("{side} buys {effects}")
NOTHING_BOUGHT = mark("{side} lets the margin go")
TIEBREAKER = mark("Tiebreaker")
NO_CHANGE = mark("No disposition changed")
EMPTY_LOG = mark("No action has been settled yet.")
LOG_TITLE = mark("Volley log")


def side_name(side: str, tr: Tr) -> str:
    """ "GM" or "Patrol", in the table's language."""
    return tr(SIDE_NAMES[side])


def dice_line(
    surface: pygame.Surface | None,
    layout: Layout,
    rect: pygame.Rect,
    faces: Sequence[str],
    words: str,
    colour: tuple[int, int, int] = theme.CREAM,
) -> None:
    """``faces`` as dice, each nearly a line of body text tall (smaller, never below 18 px,
    when many must share the row), then ``words`` after them at body size."""
    size = layout.text("body")
    font = theme.font("bold", size)
    room = rect.width - (font.size(words)[0] + layout.gap if words else 0)
    step = font.get_linesize()
    if faces and room < step * len(faces):
        step = max(widgets.LEAST + 4, room // len(faces))
    x = rect.x
    for face in faces:
        die = pygame.Rect(x, rect.centery - (step - 4) // 2, step - 4, step - 4)
        if surface is not None:
            icons.guard_die(surface, die, face)
        x += step
    if words and surface is not None:
        at = pygame.Rect(x + (layout.gap if faces else 0), rect.y, rect.right - x, rect.height)
        widgets.text(surface, words, at, size, colour, "bold", "left")


def line_height(layout: Layout) -> int:
    """One line of the pairs' text or dice."""
    return theme.font("bold", layout.text("body")).get_linesize()


def block_height(layout: Layout, width: int, test: ActionTestView | None, tr: Tr) -> int:
    """The height :func:`test_block` takes at ``width``: who rolls what, wrapped at its
    size, then a line of odds or dice."""
    font = theme.font("bold", layout.text("body"))
    words = _who(test, tr) if test is not None else ""
    return (len(widgets.lines_of(words, font, width)) + 1) * line_height(layout)


DICE_OF = mark("{actor}'s dice")
"""What a member without a sheet rolls: the GM's dice for it ("Weasel's dice")."""


def _who(test: ActionTestView, tr: Tr) -> str:
    if test["rating"] == "dice":
        return tr(DICE_OF).format(actor=test["actor"])
    rating = tr(test["rating"])
    if test["instead"]:  # an ability stands in for a skill the actor lacks: say so
        rating = tr(builder.STANDS_IN).format(ability=rating, skill=tr(test["instead"]))
    return f"{test['actor']} · {rating}"


def test_block(
    surface: pygame.Surface,
    layout: Layout,
    rect: pygame.Rect,
    test: ActionTestView,
    tr: Tr,
    rival: ActionTestView | None = None,
) -> None:
    """A side's action test: who rolls what (wrapped, never smaller); then the pool, the
    obstacle and the chance, or once rolled its dice and successes."""
    line = line_height(layout)
    font = theme.font("bold", layout.text("body"))
    who = _who(test, tr)
    first = pygame.Rect(
        rect.x, rect.y, rect.width, len(widgets.lines_of(who, font, rect.width)) * line
    )
    widgets.wrapped(surface, who, first, layout.text("body"), theme.CREAM, "bold")
    second = pygame.Rect(rect.x, first.bottom, rect.width, line)
    if test["rolled"]:
        faces = test["faces"] + test["explosion"]
        dice_line(surface, layout, second, faces, f"= {test['successes']}", theme.CHEESE)
        return
    widgets.text(surface, odds_words(test, rival, tr), second, layout.text("body"),
                 theme.CREAM, "bold", "left")  # fmt: skip


def odds_words(test: ActionTestView, rival: ActionTestView | None, tr: Tr) -> str:
    """The pool against the obstacle and the chance the action counts, "5D vs Ob 0 ·
    96.88%"; in a versus roll against the other side's pool, with the chance to win."""
    odds = test["odds"]
    if builder.versus(odds):
        theirs = f"{rival['pool']}D" if rival is not None else "?"
        chance = tr("{chance} to win").format(chance=builder.percent(odds["win"], tr))
        return f"{test['pool']}D {tr('vs')} {theirs} · {chance}"
    return f"{test['pool']}D {tr('vs')} Ob {test['ob']} · {builder.percent(odds['pass'], tr)}"


def no_test(
    surface: pygame.Surface, layout: Layout, rect: pygame.Rect, action: str, actor: str, tr: Tr
) -> None:
    """A side whose action does not test (a Defend met by a Feint, a Feint met by an
    Attack): it says so."""
    line = pygame.Rect(rect.x, rect.y, rect.width, line_height(layout))
    words = f"{actor} · {tr(NO_TEST).format(action=tr(ACTION_NAMES[action]))}"
    widgets.wrapped(surface, words, line, layout.text("body"), theme.CREAM, "bold")


def outcome(entry: LogEntry, conflict: ConflictView, tr: Tr, short: bool = False) -> str:
    """What the pair came to, in words: who won and by how much, or (unless ``short``)
    who passed; each disposition change with the disposition after it; what a maneuver
    bought."""
    names = {
        "gm": conflict["sides"]["gm"]["name"],
        "patrol": tr(conflict["sides"]["patrol"]["name"]),
    }
    said: list[str] = []
    if entry["interaction"] == "versus":
        winner = entry["winner"]
        if winner:
            margin = next(r["margin"] for r in entry["rolls"] if r["side"] == winner)
            said.append(tr(WINS_BY).format(side=names[winner], n=margin))
        else:
            said.append(tr(BOTH_FAIL))
    elif not short:
        for roll in entry["rolls"]:
            passed = roll["successes"] >= max(1, roll["ob"] or 0)
            words = PASSES if passed else FAILS
            said.append(tr(words).format(side=names[roll["side"]], n=max(0, roll["margin"])))
    for change in entry["changes"]:
        side = change["side"]
        after = entry["dispositions"][side]
        said.append(f"{names[side]} {change['amount']:+d} → {after}")
    for bought in entry["bought"]:
        effects = ", ".join(tr(EFFECT_NAMES[e]) for e in bought["effects"])
        words = BOUGHT if effects else NOTHING_BOUGHT
        said.append(tr(words).format(side=names[bought["side"]], effects=effects))
    return " · ".join(said) or tr(NO_CHANGE)


def headline(entry: LogEntry, tr: Tr) -> str:
    """ "Volley 1 · 2: GM Attack · Patrol Defend"."""
    gm, patrol = entry["gm"], entry["patrol"]
    return (
        f"{tr('Volley')} {entry['volley']} · {entry['slot'] + 1}: "
        f"{side_name('gm', tr)} {tr(ACTION_NAMES[gm['action']])} ({gm['actor']}) · "
        f"{side_name('patrol', tr)} {tr(ACTION_NAMES[patrol['action']])} ({patrol['actor']})"
    )


def rolls_row(
    surface: pygame.Surface | None,
    layout: Layout,
    rect: pygame.Rect,
    entry: LogEntry,
    tr: Tr,
) -> None:
    """Both sides' dice and successes side by side, the GM's on the left (a side that did
    not test says so); a tiebreaker's dice follow on a row of their own, if ``rect`` is
    two rows tall."""
    halves = dict(zip(("gm", "patrol"), columns(rect, 2, layout.gap), strict=True))
    line = line_height(layout)
    for side, half in halves.items():
        roll = next((r for r in entry["rolls"] if r["side"] == side), None)
        row = pygame.Rect(half.x, half.y, half.width, line)
        if roll is None:
            action = entry[side]["action"]  # type: ignore[literal-required]
            if surface is not None:
                words = tr(NO_TEST).format(action=tr(ACTION_NAMES[action]))
                widgets.text(surface, words, row, layout.text("body"), theme.CREAM, "bold", "left")
            continue
        dice_line(surface, layout, row, roll["faces"], f"= {roll['successes']}", theme.CHEESE)
    tie = entry["tie"]
    if tie and tie["way"] == "tiebreaker" and rect.height >= 2 * line:
        for side, half in halves.items():
            row = pygame.Rect(half.x, half.y + line, half.width, line)
            faces = tie["gm_faces"] if side == "gm" else tie["patrol_faces"]
            won = sum(face != "snake" for face in faces)
            words = f"= {won} ({tr(TIEBREAKER)})"
            dice_line(surface, layout, row, faces, words, theme.CREAM)


GIVEN = mark("{n}, given")


def disposition_words(team: TeamView, tr: Tr, whole: bool = False) -> str:
    """A team's starting disposition after its dice, "= 7"; ``whole``, how it was made,
    "= 7: Health 5, Fighter +3, tired -1"; a given one "7, given"."""
    parts = [p for p in team["parts"] if p["reason"] != "given"]
    if not team["faces"] and not parts:
        return tr(GIVEN).format(n=team["start"])
    if not whole or not parts:
        return f"= {team['start']}"
    first = f"{tr(parts[0]['reason'])} {parts[0]['amount']}"
    made = [f"{tr(p['reason'])} {p['amount']:+d}" for p in parts[1:]]
    return f"= {team['start']}: {', '.join([first, *made])}"


def dispositions_row(
    surface: pygame.Surface,
    layout: Layout,
    rect: pygame.Rect,
    teams: list[TeamView],
    tr: Tr,
    whole: bool = False,
) -> int:
    """Each team's disposition roll, its dice and its number (``whole``: how it was made):
    lying in two halves, the GM's on the left, one team a side; or, ``whole``, a line a team
    with its name, each side's teams in turn. Return the height used."""
    line = line_height(layout)
    shown = [t for t in teams if t["start"]]
    if whole:
        for number, team in enumerate(shown):
            row = pygame.Rect(rect.x, rect.y + number * line, rect.width, line)
            name = tr(team["name"]) if team["side"] == "patrol" else team["name"]
            words = f"{name} {disposition_words(team, tr, True)}"
            dice_line(surface, layout, row, team["faces"], words, theme.CREAM)
        return len(shown) * line
    halves = dict(zip(("gm", "patrol"), columns(rect, 2, layout.gap), strict=True))
    for side, half in halves.items():
        first = next((t for t in shown if t["side"] == side), None)
        if first is not None:
            row = pygame.Rect(half.x, half.y, half.width, line)
            words = disposition_words(first, tr)
            dice_line(surface, layout, row, first["faces"], words, theme.CHEESE)
    return line


def head_height(layout: Layout, entry: LogEntry, width: int, tr: Tr) -> int:
    """The height of a pair's headline (its two actions) at ``width``."""
    font = theme.font("bold", layout.text("body"))
    return len(widgets.lines_of(headline(entry, tr), font, width)) * line_height(layout)


def entry_height(
    layout: Layout, entry: LogEntry, width: int, conflict: ConflictView, tr: Tr
) -> int:
    """The height :func:`draw_entry` takes at ``width``."""
    line = line_height(layout)
    font = theme.font("bold", layout.text("body"))
    tie = entry["tie"]
    rows = 2 if tie and tie["way"] == "tiebreaker" else 1
    heads = len(widgets.lines_of(headline(entry, tr), font, width))
    said = len(widgets.lines_of(outcome(entry, conflict, tr), font, width))
    return (heads + rows + said) * line


def draw_entry(
    surface: pygame.Surface,
    layout: Layout,
    rect: pygame.Rect,
    entry: LogEntry,
    conflict: ConflictView,
    tr: Tr,
    head: bool = True,
) -> int:
    """One settled pair: its two actions (with ``head``), both rolls, what it came to;
    return the height used."""
    line = line_height(layout)
    font = theme.font("bold", layout.text("body"))
    y = rect.y
    if head:
        words = headline(entry, tr)
        tall = len(widgets.lines_of(words, font, rect.width)) * line
        widgets.wrapped(surface, words, pygame.Rect(rect.x, y, rect.width, tall),
                        layout.text("body"), theme.CHEESE, "bold")  # fmt: skip
        y += tall
    tie = entry["tie"]
    rows = 2 if tie and tie["way"] == "tiebreaker" else 1
    rolls_row(surface, layout, pygame.Rect(rect.x, y, rect.width, rows * line), entry, tr)
    y += rows * line
    words = outcome(entry, conflict, tr)
    tall = len(widgets.lines_of(words, font, rect.width)) * line
    widgets.wrapped(surface, words, pygame.Rect(rect.x, y, rect.width, tall),
                    layout.text("body"), theme.CREAM, "bold")  # fmt: skip
    return y + tall - rect.y
