"""The end of a chapter: asked once, then summed up before the next chapter is set up.

Victory is the table's word, so it is asked before it is given; a defeat comes
from the rules (the hourglass meets the end marker), so the table is asked
once after it, with Undo beside the answer. Then a summary of the chapter:
the rounds played, each mouse's wounds, cheese, found cards and achievements,
and what carries over into the next chapter of a campaign (rulebook, "Playing
Mice and Mystics as a Campaign").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from tablekit.rules.game import Command
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.campaign import story_number
from tablekit.rules.mice_mystics.view_types import Hero, MiceMysticsView
from tablekit.ui import theme, widgets
from tablekit.ui.form import Form
from tablekit.ui.i18n import mark
from tablekit.ui.layout import Layout, columns
from tablekit.ui.mm import equipment
from tablekit.ui.widgets import Button

Submit = Callable[[Command], bool]
Tr = Callable[[str], str]
Action = tuple[str, Callable[[], object]]
"""(label, what a tap does)"""

ACHIEVEMENTS = {
    "cheesemaster": mark("Cheesemaster"),
    "roachmaster": mark("Roachmaster"),
    "poisonmaster": mark("Poisonmaster"),
    "scaper": mark("Scaper"),
    "cat_tamer": mark("Cat tamer"),
}
"""The individual achievements' names, as their tokens say them."""

OUTCOMES = {"victory": mark("Victory"), "defeat": mark("Defeat")}

REASONS = (
    # The rules' reasons for a chapter's end (tablekit/rules/mice_mystics), said as they are.
    mark("The hourglass reached the chapter end marker"),
    mark("The mice met the chapter's victory conditions"),
)


def victory(submit: Submit, tr: Tr) -> Form:
    """Victory, asked once: the table's word that the chapter's conditions are met."""
    title = tr("Victory? The mice have met the chapter's victory conditions")
    return Form(title, [[]], lambda values: submit(cmd.DeclareVictory()), tr("Victory"))


@dataclass
class Ending:
    """A title, lines of words, and a row of buttons at the bottom, right first.

    The whole width is the panel's: nothing of the chapter is played meanwhile."""

    title: str
    lines: list[str]
    actions: list[Action]
    closed: bool = False
    typing: bool = False
    wide: bool = True

    def buttons(self, layout: Layout, area: pygame.Rect, tr: Tr) -> list[Button]:
        """The actions in the bottom row's right-hand cells, the last rightmost."""
        inner = area.inflate(-2 * layout.gap, -2 * layout.gap)
        row = pygame.Rect(inner.x, inner.bottom - layout.touch, inner.width, layout.touch)
        cells = columns(row, 3, layout.gap)[-len(self.actions) :] if self.actions else []
        last = len(self.actions) - 1
        return [
            Button(cell, label, action, fill=theme.CHEESE if n == last else theme.PARCHMENT)
            for n, (cell, (label, action)) in enumerate(zip(cells, self.actions, strict=True))
        ]

    def words_area(self, layout: Layout, area: pygame.Rect) -> pygame.Rect:
        """Where the lines go: under the title, above the buttons."""
        inner = area.inflate(-2 * layout.gap, -2 * layout.gap)
        top = inner.y + layout.touch
        bottom = inner.bottom - layout.touch - layout.gap
        return pygame.Rect(inner.x, top, inner.width, bottom - top)

    def draw(self, surface: pygame.Surface, layout: Layout, area: pygame.Rect, tr: Tr) -> None:
        widgets.panel(surface, area, theme.PARCHMENT, theme.CHEESE, 4)
        inner = area.inflate(-2 * layout.gap, -2 * layout.gap)
        title = pygame.Rect(inner.x, inner.y, inner.width, layout.touch)
        heading = layout.text("heading")
        if theme.font("title", heading).size(self.title)[0] <= title.width:
            widgets.text(surface, self.title, title, heading, theme.INK, "title", "left")
        else:
            widgets.wrapped(surface, self.title, title, layout.text("small"), theme.INK, "bold")
        room = self.words_area(layout, area)
        size = self._size(layout, room)
        y = room.y
        for line in self.lines:
            y += widgets.wrapped(
                surface, line, pygame.Rect(room.x, y, room.width, room.bottom - y), size
            )
        for button in self.buttons(layout, area, tr):
            button.draw(surface, layout.text("body"))

    def _size(self, layout: Layout, room: pygame.Rect) -> int:
        """The largest of body and small size at which every line fits, else the least."""
        for size in (layout.text("body"), layout.text("small"), widgets.LEAST):
            font = theme.font("regular", size)
            lines = sum(len(widgets.lines_of(line, font, room.width)) for line in self.lines)
            if lines * font.get_linesize() <= room.height:
                return size
        return widgets.LEAST


def defeat(view: MiceMysticsView, undo: Callable[[], object], ended: Callable[[], object],
           tr: Tr) -> Ending:  # fmt: skip
    """A defeat, asked once: the rules' reason, and Undo beside ending the chapter."""
    title = tr("Defeat: {chapter}").format(chapter=chapter_title(view, tr))
    why = tr(view["outcome_reason"]) if view["outcome_reason"] else ""
    lines = [why, tr("End the chapter here, or undo the last change?")]
    return Ending(title, [line for line in lines if line],
                  [(tr("Undo"), undo), (tr("End the chapter"), ended)])  # fmt: skip


def chapter_title(view: MiceMysticsView, tr: Tr) -> str:
    return view["chapter"] or tr("Chapter")


def summary(view: MiceMysticsView, next_chapter: Callable[[], object], tr: Tr) -> Ending:
    """The chapter summed up: its rounds, each mouse, the party's achievements and items,
    and what the next chapter of a campaign keeps."""
    outcome = tr(OUTCOMES[view["outcome"]])
    lines = [tr("Rounds played: {count}").format(count=view["round"])]
    lines += [hero_line(hero, tr) for hero in view["heroes"]]
    story = ", ".join(
        name if story_number(name) is None else str(story_number(name))
        for name in view["story_achievements"]
    )
    if story:
        lines.append(tr("Story achievements: {names}").format(names=story))
    if view["party_items"]:
        items = ", ".join(view["party_items"])
        lines.append(tr("Party items: {items}").format(items=items))
    lines.append(
        tr(
            "Carries over: story achievements, abilities, and one found card for each mouse "
            "(chosen as the next chapter starts). Cheese, party items and individual "
            "achievements do not."
        )
    )
    title = f"{chapter_title(view, tr)}: {outcome}"
    return Ending(title, lines, [(tr("Next chapter"), next_chapter)])


def hero_line(hero: Hero, tr: Tr) -> str:
    """ "Lily: wounds 2 · cheese 3 · found: Sword (melee) · Cheesemaster"."""
    kinds = {w["card"]: w["kind"] for w in hero["weapons"]}
    found = [equipment.described(c, kinds.get(c, ""), tr) for c in hero["equipped"] + hero["pack"]]
    parts = [
        tr("wounds {count}").format(count=hero["wounds"] + hero["poison"]),
        tr("cheese {count}").format(count=hero["cheese"]),
        tr("found: {cards}").format(cards=", ".join(found) or "—"),
    ]
    if hero["captured"]:
        parts.insert(0, tr("captured"))
    if hero["achievements"]:
        parts.append(", ".join(tr(ACHIEVEMENTS.get(a, a)) for a in hero["achievements"]))
    return f"{hero['name']}: {' · '.join(parts)}"
