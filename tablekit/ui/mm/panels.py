"""Panels for one figure (a hero or a minion card) and for setting up a chapter.

A figure panel is a grid of one-tap changes: a wound, a cheese, a marker on
or off. Nothing here changes state; every button submits one command.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

import pygame

from tablekit.local import box
from tablekit.rules.game import Command
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.campaign import story_number
from tablekit.rules.mice_mystics.mice import Marker
from tablekit.rules.mice_mystics.view_types import (
    CatalogueHero,
    Hero,
    MiceMysticsView,
    MinionCard,
)
from tablekit.ui import theme, widgets
from tablekit.ui.form import Field, Form
from tablekit.ui.i18n import mark
from tablekit.ui.layout import Layout, columns, rows
from tablekit.ui.mm import bosses, ending, equipment, forms, numbers
from tablekit.ui.mm.board import MARKER_NAMES
from tablekit.ui.widgets import Button

Submit = Callable[[Command], bool]
Tr = Callable[[str], str]
Action = tuple[str, Callable[[], object], bool, bool]
"""(label, action, enabled, selected)"""
Cell = Action | None
"""An action in its cell of a panel's grid, or an empty cell that keeps its place."""
HeroNumber = Literal["battle", "defense", "lore", "move", "life"]
HERO_NUMBERS: tuple[HeroNumber, ...] = ("battle", "defense", "lore", "move", "life")
HERO_FACTS = 3
"""Lines a hero's panel keeps for its facts (numbers; wounds, cheese and achievements;
gear, or that it is not entered), so its grid lies the same for every hero and stays put
as a line comes or goes; and the grid has room for its labels at full size."""
NEW_CARD = "\x00new"
"""The choice that types a card the box does not know yet."""

FIGURE_CELLS = 6
"""The figures of a minion card its panel has cells for: Wound and Remove of each keep
their places as figures are removed or a surge brings more."""


@dataclass
class FigurePanel:
    """A title, a few lines of facts, and a grid of one-tap actions."""

    title: str
    facts: list[str]
    actions: list[Cell]
    """The grid's cells in reading order; an empty one (None) keeps the cells after it in
    their places while what it stands for is absent (a minion figure removed)."""
    close: Callable[[], None]
    closed: bool = False
    typing: bool = False
    wide: bool = False
    per_row: int = 4
    fact_lines: int = 0
    """Lines kept for facts even while fewer are said, so the buttons keep their places."""

    def dismiss(self) -> None:
        self.closed = True

    def buttons(self, layout: Layout, area: pygame.Rect, tr: Tr) -> list[Button]:
        inner = area.inflate(-2 * layout.gap, -2 * layout.gap)
        lines = max(len(self.facts), self.fact_lines)
        top = inner.y + layout.touch + lines * (layout.text("small") + 6) + 4
        grid = pygame.Rect(inner.x, top, inner.width, inner.bottom - top)
        per_row = self.per_row if not layout.portrait else 4
        lines = max(1, (len(self.actions) + per_row - 1) // per_row)
        height = min(layout.touch, (grid.height + 4) // lines - 4)
        found = []
        for index, entry in enumerate(self.actions):
            if entry is None:
                continue
            label, action, enabled, selected = entry
            row = rows(grid, lines, 4, height)[index // per_row]
            cell = columns(row, per_row, 4)[index % per_row]
            found.append(Button(cell, label, action, enabled, selected))
        return found + [Button(self._close_rect(layout, inner), tr("Close"), self.close)]

    def _close_rect(self, layout: Layout, inner: pygame.Rect) -> pygame.Rect:
        """Close sits at the title's right end, leaving the rows below to the actions."""
        width = max(layout.touch * 2, inner.width // 4)
        return pygame.Rect(inner.right - width, inner.y, width, layout.touch)

    def draw(self, surface: pygame.Surface, layout: Layout, area: pygame.Rect, tr: Tr) -> None:
        widgets.panel(surface, area, theme.PARCHMENT, theme.CHEESE, 4)
        inner = area.inflate(-2 * layout.gap, -2 * layout.gap)
        title = pygame.Rect(inner.x, inner.y, inner.width, layout.touch)
        title.width = self._close_rect(layout, inner).left - layout.gap - title.x
        widgets.text(surface, self.title, title, layout.text("heading"), theme.INK, "title", "left")
        y = title.bottom
        for fact in self.facts:
            line = pygame.Rect(inner.x, y, inner.width, layout.text("small") + 6)
            widgets.text(surface, fact, line, layout.text("small"), theme.INK, "bold", "left")
            y = line.bottom
        for button in self.buttons(layout, area, tr):
            button.draw(surface, layout.text("body"))


def figure_panel(
    view: MiceMysticsView,
    card_id: str,
    submit: Submit,
    close: Callable[[], None],
    tr: Tr,
    open_form: Callable[[Form], None],
) -> FigurePanel | None:
    """The panel of the card ``card_id`` on the track, or None if it has left."""
    hero = next((h for h in view["heroes"] if h["id"] == card_id), None)
    if hero is not None:
        return _hero_panel(view, hero, submit, close, tr, open_form)
    card = next((c for c in view["track"] if c["card"] == card_id), None)
    if card is None or card["side"] != "minion":
        return None
    return _minion_panel(view, card, submit, close, tr, open_form)


def _hero_panel(
    view: MiceMysticsView,
    hero: Hero,
    submit: Submit,
    close: Callable[[], None],
    tr: Tr,
    open_form: Callable[[Form], None],
) -> FigurePanel:
    me = hero["id"]
    active = not hero["captured"]
    wounded, poisoned, fed = hero["wounds"] > 0, hero["poison"] > 0, hero["cheese"] > 0
    has_ability = active and bool(hero["abilities"])
    own = active and view["current"] == me  # free actions belong to the mouse whose turn it is
    has_cards = bool(hero["pack"] or hero["equipped"])
    stats = " · ".join(f"{tr(n.capitalize())} {hero[n]}" for n in HERO_NUMBERS)
    wounds = f"{tr('Wounds')} {hero['wounds']} ({tr('poison')} {hero['poison']})"
    held = [f"{wounds} · {tr('Cheese')} {hero['cheese']}"]
    if hero["achievements"]:
        held.append(f"{tr('Achievements')}: {', '.join(hero['achievements'])}")
    facts = [stats, " · ".join(held), *_gear_facts(hero, tr)]
    actions: list[Cell] = [
        (tr("Wound"), lambda: submit(cmd.WoundMouse(me)), active, False),
        (tr("Poison"), lambda: submit(cmd.WoundMouse(me, poison=True)), active, False),
        (tr("Heal"), lambda: submit(cmd.HealMouse(me)), active and wounded, False),
        (
            tr("Heal poison"),
            lambda: submit(cmd.HealMouse(me, poison=True)),
            active and poisoned,
            False,
        ),
        (tr("Cheese +1"), lambda: submit(cmd.GainCheese(me, 1)), active, False),
        (tr("Cheese −1"), lambda: submit(cmd.GainCheese(me, -1)), active and fed, False),
        (
            tr("Level up"),
            lambda: open_form(_level_up(me, submit, tr)),
            own and hero["level_up"],
            False,
        ),
        (tr("Capture"), lambda: submit(cmd.CaptureMouse(me)), active, False),
        (tr("Ability"), lambda: open_form(forms.use_ability(hero, submit, tr)), has_ability, False),
        (tr("Equip"), lambda: open_form(forms.equip(hero, submit, tr)), own, False),
        (tr("Gear"), lambda: open_form(_gear(hero, submit, tr, open_form)), True, False),
        (tr("Share"), lambda: open_form(forms.share(view, hero, submit, tr)), own, False),
        (tr("Discard"), lambda: open_form(forms.discard(hero, submit, tr)), has_cards, False),
        (
            tr("Roach steals"),
            lambda: forms.roach_steals(view, hero, submit, tr, open_form),
            fed,
            False,
        ),
    ]
    for marker in Marker:
        on = marker.value in hero["markers"]
        actions.append(
            (
                tr(MARKER_NAMES[marker.value]),
                partial(submit, cmd.SetMarker(me, marker, not on)),
                active,
                on,
            )
        )
    title = f"{hero['name']} ({', '.join(hero['classes'])})"
    return FigurePanel(title, facts, actions, close, wide=True, per_row=4, fact_lines=HERO_FACTS)


def _gear_facts(hero: Hero, tr: Tr) -> list[str]:
    """What the hero has equipped (weapons with their kind) and in its pack; and, while its
    starting equipment is unknown, that the weapon rule is not followed for it."""
    kinds = {w["card"]: w["kind"] for w in hero["weapons"]}
    worn = [equipment.described(c, kinds.get(c, ""), tr) for c in hero["kit"] + hero["equipped"]]
    pack = [equipment.described(c, kinds.get(c, ""), tr) for c in hero["pack"]]
    said = [
        f"{tr('Equipped')}: {', '.join(worn) or '—'}",
        f"{tr('Pack')}: {', '.join(pack) or '—'}",
    ]
    if not hero["equipment_known"]:
        said = [f"{tr('Pack')}: {', '.join(pack)}"] if pack else []
        said.insert(0, tr(GEAR_UNKNOWN))
    return [" · ".join(said)]


GEAR_UNKNOWN = mark("Gear not entered: attacks need no weapon")
"""Said of a hero whose starting equipment is not entered (Gear) yet."""


def _gear(hero: Hero, submit: Submit, tr: Tr, open_form: Callable[[Form], None]) -> Form:
    """The hero's starting equipment, entered or changed in play (kept in the box too)."""
    kinds = {w["card"]: w["kind"] for w in hero["weapons"]}
    cards = [(card, kinds.get(card, "")) for card in hero["starting_equipment"]]
    return equipment.enter(dict(hero), cards, submit, tr, open_form, lambda: True)


def _minion_panel(
    view: MiceMysticsView,
    card: MinionCard,
    submit: Submit,
    close: Callable[[], None],
    tr: Tr,
    open_form: Callable[[Form], None],
) -> FigurePanel:
    card_id = card["card"]
    wounds = ", ".join(f"{w}/{card['life']}" for w in card["wounds"])
    facts = [f"{tr('Figures')} {card['figures']} · {tr('Wounds')} {wounds}"]
    if card["current"]:
        facts.append(_attacks_fact(view, card, tr))
    actions: list[Cell] = []
    for figure in range(1, FIGURE_CELLS + 1):  # a removed figure's cells stay empty
        target = f"{card_id}#{figure}"
        if figure > card["figures"]:
            actions += [None, None]
            continue
        actions.append(
            (f"{tr('Wound')} {figure}", partial(submit, cmd.WoundMinion(target)), True, False)
        )
        actions.append(
            (f"{tr('Remove')} {figure}", partial(submit, cmd.RemoveMinion(target)), True, False)
        )
    known = numbers.figure(view, card_id)
    if known is not None:
        one = known
        actions.append(
            (tr("Numbers"), lambda: open_form(numbers.correct(one, submit, tr)), True, False)
        )
    return FigurePanel(card["name"], facts, actions, close, wide=True)


def _attacks_fact(view: MiceMysticsView, card: MinionCard, tr: Tr) -> str:
    """On the card's own turn, which of its figures have made their one attack and which
    have yet to: "Attacked this turn: 1 · Yet to attack: 2"."""
    attacked = view["turn"]["attacked"]
    waiting = [f for f in range(1, card["figures"] + 1) if f not in attacked]
    done = ", ".join(str(f) for f in attacked) or "—"
    left = ", ".join(str(f) for f in waiting) or "—"
    return f"{tr('Attacked this turn')}: {done} · {tr('Yet to attack')}: {left}"


def _level_up(hero: str, submit: Submit, tr: Tr) -> Form:
    fields = [Field("ability", tr("New ability"), "text", "", capitals=True)]
    return Form(
        tr("Level up"), [fields], lambda v: submit(cmd.LevelUp(v["ability"])), tr("Level up")
    )


def _ability(
    hero: CatalogueHero,
    chosen: dict[str, str],
    then: Callable[[], bool],
    tr: Tr,
    open_form: Callable[[Form], None],
    others: Sequence[CatalogueHero] = (),
) -> Form:
    """The ability card a hero starts the chapter with, one tap on a list: the cards this
    device's box knows for the hero, then those it knows for ``others`` of one of its
    classes (a card is its class's, rulebook "Choose an ability"), then the hero's
    classes themselves ("Leader card": the card in hand, not named), or a new card typed
    once and kept in the box for every later session."""
    kept = box.load()
    title = f"{hero['name']}: {tr('ability card')}"

    def typed(values: dict[str, Any]) -> bool:
        card = values["ability"].strip()
        if not card:
            return False
        box.remember_ability(hero["id"], hero["name"], card)
        chosen[hero["id"]] = card
        return then()

    named = [[Field("ability", tr("Ability card"), "text", "", required=True, capitals=True)]]
    typing = Form(title, named, typed, tr("OK"))

    def picked(values: dict[str, Any]) -> bool:
        if values["ability"] == NEW_CARD:
            open_form(typing)
            return False
        chosen[hero["id"]] = values["ability"]
        return then()

    shared = [
        o for o in others if o["id"] != hero["id"] and set(o["classes"]) & set(hero["classes"])
    ]
    known = [*kept.abilities(hero["id"]), *(c for o in shared for c in kept.abilities(o["id"]))]
    classes = [tr("{kind} card").format(kind=kind.capitalize()) for kind in hero["classes"]]
    cards = list(dict.fromkeys([*known[-5:], *classes]))
    options = [(card, card) for card in cards] + [(NEW_CARD, tr("New card…"))]
    fields = [
        Field("ability", "", "choice", None, options[i : i + 2], wide=True, required=True,
              submits=True)
        for i in range(0, len(options), 2)
    ]  # fmt: skip
    return Form(title, [fields], picked, tr("OK"))


def _keep(
    hero: CatalogueHero, found: list[str], kept: dict[str, str], then: Callable[[], bool], tr: Tr
) -> Form:
    """The one found card a hero carries into the next chapter of a campaign."""
    options = [("", tr("None")), *((card, card) for card in found[:5])]
    fields = [
        Field("keep", tr("Keep") if i == 0 else "", "choice", "", options[i : i + 3])
        for i in range(0, len(options), 3)
    ]

    def keep(values: dict[str, Any]) -> bool:
        kept[hero["id"]] = values["keep"]
        return then()

    return Form(f"{hero['name']}: {tr('card to keep')}", [fields], keep, tr("OK"))


def next_chapter(view: MiceMysticsView) -> int:
    """The chapter to suggest: the one after a chapter won, the same again after a defeat,
    else the first. The view's chapter is in the table's language ("Kapitel 3")."""
    found = re.search(r"(\d+)$", view["chapter"])
    if view["outcome"] not in ("victory", "defeat") or found is None:
        return 1
    number = int(found.group(1))
    return min(CHAPTERS, number + 1 if view["outcome"] == "victory" else number)


CHAPTERS = 16
"""The highest chapter number the set-up offers."""


def setup_form(
    now: Callable[[], MiceMysticsView], submit: Submit, tr: Tr, open_form: Callable[[Form], None]
) -> Form:
    """Choosing heroes, chapter and end page, and the minions on the board at the start.

    ``now`` gives the current view: numbers entered meanwhile count at once.
    """
    view = now()
    heroes = view["catalogue"]["heroes"]
    options = [(h["id"], h["name"]) for h in heroes]
    played = tuple(h["id"] for h in view["heroes"]) if view["outcome"] != "setup" else ()
    first = [
        Field("chapter", tr("Chapter"), "count", next_chapter(view), low=1, high=CHAPTERS),
        Field("end", tr("End marker page"), "count", 8, low=1, high=30),
    ] + [
        Field("heroes", "", "multi", played, options[i : i + 2], wide=True, required=True)
        for i in range(0, len(options), 2)
    ]

    abilities: dict[str, str] = {}
    keeps: dict[str, str] = {}
    later: set[str] = set()
    ended = view["outcome"] in ("defeat", "victory")
    before: dict[str, Hero] = {h["id"]: h for h in view["heroes"]} if ended else {}

    def start(values: dict[str, Any]) -> bool:
        """Ask for what is still missing, one form at a time, then start."""
        again = partial(start, values)
        waiting = forms.new_boss_first(now(), values, "min:", tr, open_form, again)
        if waiting is not None:
            return waiting
        arriving = [g.minion for g in forms.groups(values, "min:")]
        if bosses.bring(now(), arriving, submit) is None:
            return False
        wanted = numbers.figures(now(), values["heroes"], arriving)
        if any(one["missing"] for one in wanted):
            return numbers.fill(wanted, submit, tr, open_form, again)
        for hero in now()["catalogue"]["heroes"]:
            hero_id, last = hero["id"], before.get(hero["id"])
            if hero_id not in values["heroes"]:
                continue
            if hero_id not in abilities and not (last and last["abilities"]):
                others = now()["catalogue"]["heroes"]
                open_form(_ability(hero, abilities, again, tr, open_form, others))
                return False
            found = last["pack"] + last["equipped"] if last else []
            if found and hero_id not in keeps:
                open_form(_keep(hero, found, keeps, again, tr))
                return False
            if not hero["equipment_known"] and hero_id not in later:
                later.add(hero_id)  # asked once: "Not now" leaves it for another time
                return equipment.offer(dict(hero), submit, tr, open_form, again)
        choices = tuple(
            cmd.HeroChoice(h, abilities.get(h, ""), keeps.get(h, "")) for h in values["heroes"]
        )
        chapter = f"Chapter {values['chapter']}"  # stored in English, shown in any language
        return submit(
            cmd.StartChapter(chapter, values["end"], choices, forms.groups(values, "min:"))
        )

    title = tr("New chapter")
    if view["outcome"] in ("defeat", "victory"):
        title = f"{tr(view['outcome'].capitalize())}: {tr('next chapter')}"
    counts = forms.minion_counts(view, "min:", kind="number")
    pages = [first, [*counts, bosses.new_boss_field(tr)]]
    return Form(title, pages, start, tr("Start"), cancellable=False)


def _story_facts(view: MiceMysticsView, tr: Tr) -> list[str]:
    """The story achievements the mice hold, so nobody records one twice: by their number in
    the story book, a name a script gave as it is."""
    held = []
    for name in view["story_achievements"]:
        number = story_number(name)
        held.append(name if number is None else str(number))
    label = tr("Story achievements")
    return [f"{label}: {', '.join(held)}"] if held else []


def chapter_menu(
    view: MiceMysticsView, submit: Submit, tr: Tr, open_form: Callable[[Form], None]
) -> FigurePanel:
    """Encounters, chapter placements, story achievements and victory."""
    legal = set(view["legal"])
    menu = FigurePanel(tr("Chapter"), _story_facts(view, tr), [], lambda: None, fact_lines=1)
    menu.close = menu.dismiss

    def then(build: Callable[[], Form]) -> Callable[[], None]:
        return lambda: open_form(build())

    def victory() -> None:
        open_form(ending.victory(submit, tr))  # asked once

    menu.actions = [
        (
            tr("Encounter"),
            then(lambda: forms.encounter(view, submit, tr, open_form)),
            cmd.DrawEncounter.kind in legal,
            False,
        ),
        (
            tr("Add minions"),
            then(lambda: forms.add_minions(view, submit, tr, open_form)),
            cmd.AddMinions.kind in legal,
            False,
        ),
        (
            tr("Story"),
            then(lambda: forms.story(submit, tr)),
            cmd.StoryAchievement.kind in legal,
            False,
        ),
        (
            tr("Victory"),
            victory,
            cmd.DeclareVictory.kind in legal,
            False,
        ),
    ]
    menu.per_row = 2
    return menu
