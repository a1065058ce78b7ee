"""The patrol at a glance and one mouse's sheet, drawn from the Mouse Guard view.

The overview shows every mouse's conditions, Fate, Persona and checks; the
sheet shows one mouse's ratings with their pass and fail tallies, traits,
wises and the advances it may take. Both only draw: the scene owns the buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

import pygame

from tablekit.rules.mouse_guard.view_types import CharacterView, MouseGuardView, Phase
from tablekit.ui import theme, widgets
from tablekit.ui.i18n import mark
from tablekit.ui.layout import Layout, columns, rows

Tr = Callable[[str], str]

PHASES: dict[Phase, str] = {
    "setup": mark("Setting up"),
    "prologue": mark("Prologue"),
    "mission": mark("Mission"),
    "goals": mark("Goals"),
    "gm_turn": mark("GM's turn"),
    "players_turn": mark("Players' turn"),
    "winter": mark("Winter session"),
}
"""What the table reads for each phase of a session (translated on screen)."""


def phase_name(phase: Phase, tr: Tr) -> str:
    """The phase as the table reads it, in its language."""
    return tr(PHASES[phase])


def counts(sheet: CharacterView, tr: Tr) -> str:
    """Fate, Persona and checks in words, for the overview and the sheet."""
    return (
        f"{tr('Fate')} {sheet['fate']} · {tr('Persona')} {sheet['persona']} · "
        f"{tr('Checks')} {sheet['checks']}"
    )


def conditions(sheet: CharacterView, tr: Tr) -> str:
    """The mouse's conditions, or Healthy. ``tr`` knows the ruleset's names for the ids
    (see :func:`ruleset_words`)."""
    found = [tr(c) for c in sheet["conditions"]]
    return ", ".join(found) if found else tr("Healthy")


def ruleset_words(view: MouseGuardView, tr: Tr) -> Tr:
    """``tr`` that also shows a condition's id as its name in the ruleset, translated."""
    names = {c["id"]: c["name"] for c in view["ruleset"]["conditions"]}
    return lambda text: tr(names.get(text, text))


def mouse_rows(
    layout: Layout, area: pygame.Rect, count: int, extra: Sequence[int] = ()
) -> list[pygame.Rect]:
    """One row per mouse in the overview, as many as fit: two lines of body text, and the
    lines in ``extra`` more (a mouse whose conditions have lines of their own)."""
    line = layout.text("body")
    found: list[pygame.Rect] = []
    y = area.y
    for index in range(count):
        lines = 2 + (extra[index] if index < len(extra) else 0)
        height = lines * line + (lines + 1) * layout.gap
        if y + height > area.bottom:
            break
        found.append(pygame.Rect(area.x, y, area.width, height))
        y += height + layout.gap
    return found


def placed_rows(
    view: MouseGuardView, layout: Layout, area: pygame.Rect, tr: Tr
) -> list[pygame.Rect]:
    """The overview's rows for the patrol in ``view``: a mouse whose conditions do not fit
    beside its name at their size gets a line of its own for them (nothing is shrunk)."""
    tr = ruleset_words(view, tr)
    font = theme.font("bold", layout.text("body"))
    inner = area.width - 2 * layout.gap
    extra = [
        len(widgets.lines_of(conditions(sheet, tr), font, inner))
        if font.size(sheet["name"])[0] + layout.gap + font.size(conditions(sheet, tr))[0] > inner
        else 0
        for sheet in view["characters"]
    ]
    return mouse_rows(layout, area, len(view["characters"]), extra)


def draw_patrol(
    surface: pygame.Surface, layout: Layout, area: pygame.Rect, view: MouseGuardView, tr: Tr
) -> None:
    """Every mouse as a row (see :func:`placed_rows`; a tap on one opens its sheet): its
    name and conditions (a healthy mouse in plain ink, conditions in wax red), then its
    Fate, Persona and checks, every line at body size."""
    mice = view["characters"]
    placed = placed_rows(view, layout, area, tr)
    tr = ruleset_words(view, tr)
    if not mice:
        widgets.wrapped(
            surface,
            tr(NOBODY).format(button=tr("New mouse")),  # the ruleset's name for the button
            area,
            layout.text("body"),
            theme.CREAM,
        )
        return
    size = layout.text("body")
    for row, sheet in zip(placed, mice, strict=False):
        widgets.panel(surface, row, theme.PARCHMENT, theme.EDGE, 3)
        inner = row.inflate(-2 * layout.gap, -layout.gap)
        lines = rows(inner, inner.height // (size + layout.gap), 0)
        said = conditions(sheet, tr)
        colour = theme.WAX if sheet["conditions"] else theme.INK
        name = widgets.text(surface, sheet["name"], lines[0], size, theme.INK, "bold", "left")
        if len(lines) > 2:  # the conditions have lines of their own, wrapped at their size
            where = pygame.Rect(inner.x, lines[1].y, inner.width, lines[-1].y - lines[1].y)
            widgets.wrapped(surface, said, where, size, colour, "bold")
        else:
            beside = pygame.Rect(name.right + layout.gap, lines[0].y, 0, lines[0].height)
            beside.width = lines[0].right - beside.x
            widgets.text(surface, said, beside, size, colour, "bold", "right")
        widgets.text(surface, counts(sheet, tr), lines[-1], size, theme.INK, "regular", "left")
    below = pygame.Rect(area.x, placed[-1].bottom + layout.gap, area.width, 0)
    below.height = max(0, area.bottom - below.y)
    draw_notes(surface, layout, below, view, tr)


NOBODY = mark("Nobody yet: add the patrol with {button}.")

NOTE_NAMES = {"obstacle": mark("Obstacle"), "twist": mark("Twist")}


def draw_notes(
    surface: pygame.Surface, layout: Layout, area: pygame.Rect, view: MouseGuardView, tr: Tr
) -> None:
    """The GM's obstacles and twists of this session, the newest that fit, at full size.

    Older notes give way rather than the type shrinking; `tablekit state` has them all.
    """
    font = theme.font("regular", layout.text("body"))
    room = area.height // font.get_linesize()
    shown: list[str] = []
    for note in reversed(view["notes"]):
        words = f"{tr(NOTE_NAMES[note['kind']])}: {note['text']}"
        lines = widgets.lines_of(words, font, area.width)
        if len(shown) + len(lines) > room:
            break
        shown = lines + shown
    for number, line in enumerate(shown):
        image = widgets.rendered(font, line, theme.CREAM)  # cached, not rendered every frame
        surface.blit(image, (area.x, area.y + number * font.get_linesize()))


def draw_phase(
    surface: pygame.Surface, layout: Layout, area: pygame.Rect, view: MouseGuardView, tr: Tr
) -> int:
    """The phase of the session, large; return the height used."""
    height = layout.text("title") + layout.gap
    line = pygame.Rect(area.x, area.y, area.width, height)
    widgets.text(
        surface, phase_name(view["phase"], tr), line, layout.text("title"), theme.CHEESE, "title"
    )
    return height


def rating_lines(sheet: CharacterView, tr: Tr) -> list[str]:
    """Each rated ability or skill as "Name 3 (passes 1, fails 0)"; advances due marked."""
    due = set(sheet["advances_due"])
    return [
        f"{tr(r['name'])} {r['rating']}  ({r['passes']}/{r['fails']})"
        + (f"  ★ {tr('advance!')}" if r["name"] in due else "")
        for r in sheet["ratings"]
        if r["rating"]
    ]


def draw_sheet(
    surface: pygame.Surface,
    layout: Layout,
    area: pygame.Rect,
    sheet: CharacterView,
    tr: Tr,
    view: MouseGuardView,
) -> None:
    """One mouse: counts and conditions, then ratings in two columns, then traits and wises."""
    size = layout.text("body")
    line = size + layout.gap
    y = area.y
    for words, colour in ((counts(sheet, tr), theme.CREAM), (conditions(sheet, tr), theme.CHEESE)):
        widgets.text(
            surface, words, pygame.Rect(area.x, y, area.width, line), size, colour, "bold", "left"
        )
        y += line
    lines = rating_lines(sheet, tr)
    half = (len(lines) + 1) // 2
    left, right = columns(pygame.Rect(area.x, y, area.width, area.bottom - y), 2, layout.gap)
    for column, part in ((left, lines[:half]), (right, lines[half:])):
        for number, words in enumerate(part):
            rect = pygame.Rect(column.x, column.y + number * line, column.width, line)
            widgets.text(surface, words, rect, size, theme.CREAM, "regular", "left")
    y += half * line + layout.gap
    traits = ", ".join(f"{t['name']} {t['level']}" for t in sheet["traits"]) or "-"
    wises = ", ".join(w["name"] for w in sheet["wises"]) or "-"
    below = pygame.Rect(area.x, y, area.width, max(0, area.bottom - y))
    widgets.wrapped(
        surface, f"{tr('Traits')}: {traits}\n{tr('Wises')}: {wises}", below, size, theme.CREAM
    )


Contact = Literal["parents", "senior_artisan", "mentor", "friend", "enemy"]

CONTACT_NAMES: dict[Contact, str] = {
    "parents": mark("Parents"),
    "senior_artisan": mark("Senior artisan"),
    "mentor": mark("Mentor"),
    "friend": mark("Friend"),
    "enemy": mark("Enemy"),
}


def about_lines(sheet: CharacterView, tr: Tr, view: MouseGuardView) -> list[str]:
    """The words on the sheet: belief, goal, instinct, who the mouse is, its contacts and gear,
    and what its Nature covers (the ruleset's descriptors)."""
    rules = view["ruleset"]
    nature = f"{tr('Nature')} ({tr(rules['nature'])}): " + ", ".join(
        tr(word) for word in rules["descriptors"]
    )
    who = sheet["identity"]
    facts = [str(who["age"]) if who["age"] else "", who["home"], who["fur"], who["rank"]]
    facts.append(f"{tr('cloak')} {who['cloak']}" if who["cloak"] else "")
    contacts = [
        f"{tr(label)} {sheet['contacts'][key]}"
        for key, label in CONTACT_NAMES.items()
        if sheet["contacts"][key]
    ]
    return [
        f"{tr('Belief')}: {sheet['belief'] or '-'}",
        f"{tr('Goal')}: {sheet['goal'] or '-'}",
        f"{tr('Instinct')}: {sheet['instinct'] or '-'}",
        " · ".join(fact for fact in facts if fact) or "-",
        f"{tr('Contacts')}: {', '.join(contacts) or '-'}",
        f"{tr('Gear')}: {', '.join(sheet['gear']) or '-'}",
        nature,
    ]


READINGS = {
    "against_success_untaxed": mark("Against Nature: a success costs no Nature"),
    "fate_keeps_sixes": mark("Fate: the 6s stay, each rolls a new die"),
    "recovery_spared": mark("Recovery tests lose no dice to conditions"),
    "free_check": mark("A free check each in the players' turn"),
}
"""How each reading of a hack's silent text reads on the About page (one short line)."""

FREE_RECOVERY = mark("{condition}: recovered without a roll")


def reading_lines(view: MouseGuardView, tr: Tr) -> list[str]:
    """The readings the ruleset's engine makes where its text is silent, one short line
    each; a condition recovered without a roll is named. Empty for Mouse Guard."""
    rules = view["ruleset"]
    found: list[str] = []
    for reading in rules["readings"]:
        if reading != "free_recovery":
            found.append(tr(READINGS[reading]))
            continue
        found += [
            tr(FREE_RECOVERY).format(condition=tr(c["name"]))
            for c in rules["conditions"]
            if not c["recovery_ability"]
        ]
    return found


READ_SO = mark("Where the rules are silent")


def draw_about(
    surface: pygame.Surface,
    layout: Layout,
    area: pygame.Rect,
    sheet: CharacterView,
    tr: Tr,
    view: MouseGuardView,
) -> None:
    """The sheet's words, each wrapped to the width, one after another."""
    size = layout.text("body")
    y = area.y
    for words in about_lines(sheet, tr, view):
        rect = pygame.Rect(area.x, y, area.width, max(0, area.bottom - y))
        y += widgets.wrapped(surface, words, rect, size, theme.CREAM) + layout.gap // 2


def draw_readings(
    surface: pygame.Surface,
    layout: Layout,
    area: pygame.Rect,
    sheet: CharacterView,
    tr: Tr,
    view: MouseGuardView,
) -> None:
    """The rules' About page: where the ruleset's own text is silent, how the engine reads
    it (docs/rulesets.md), under a heading, one line each, wrapped to the width."""
    y = area.y
    lines = [(tr(READ_SO), "heading", theme.CHEESE)]
    lines += [(words, "body", theme.CREAM) for words in reading_lines(view, tr)]
    for words, style, colour in lines:
        rect = pygame.Rect(area.x, y, area.width, max(0, area.bottom - y))
        y += widgets.wrapped(surface, words, rect, layout.text(style), colour) + layout.gap // 2
