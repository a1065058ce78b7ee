"""Bosses from the storybook, defined once by touch and kept in the device's box.

A boss has any number of initiative cards, each with its own numbers. The
table names the boss, then enters its cards one at a time; the boss goes
into the box, and from then on every minion count (set-up, an encounter,
*Add minions*, a room's surge) offers it. When it enters a session whose
pack lacks it (or has it with other cards), the box's boss is sent first as
``mm.define_boss``, so the journal records the boss the session used.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from tablekit.local import box
from tablekit.rules.game import Command
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.content import CardEntry, MinionEntry
from tablekit.rules.mice_mystics.view_types import CatalogueMinion, MiceMysticsView
from tablekit.ui.form import Field, Form

Submit = Callable[[Command], bool]
Tr = Callable[[str], str]
OpenForm = Callable[[Form], None]

NEW_BOSS = "new_boss"
"""The toggle beside the minion counts that defines a new boss, who then arrives."""
HIGHEST = 12


def new_boss_field(tr: Tr) -> Field:
    """The toggle that defines a new boss before the minions are placed."""
    return Field(NEW_BOSS, tr("New boss…"), "toggle", False)


def extra(view: MiceMysticsView) -> list[tuple[str, str]]:
    """(id, name) of the box's bosses the session's pack does not list yet."""
    listed = {m["id"] for m in view["catalogue"]["minions"]}
    return [(m.id, m.name) for m in box.load().bosses() if m.id not in listed]


def bring(view: MiceMysticsView, minions: Iterable[str], submit: Submit) -> list[str] | None:
    """Define each arriving boss the box knows and the session lacks or has otherwise.

    Returns the ids defined (their numbers are then all known), or None if
    the session refused one.
    """
    catalogue = {m["id"]: m for m in view["catalogue"]["minions"]}
    kept = {m.id: m for m in box.load().bosses()}
    defined = []
    for minion in dict.fromkeys(minions):
        boss = kept.get(minion)
        if boss is None or _same(catalogue.get(minion), boss):
            continue
        if not submit(_command(boss)):
            return None
        defined.append(minion)
    return defined


def _same(shown: CatalogueMinion | None, boss: MinionEntry) -> bool:
    if shown is None or not shown["boss"]:
        return False
    cards = [
        (c["id"], *(c["numbers"].get(n) for n in ("battle", "defense", "life")))
        for c in shown["cards"]
    ]
    mine = [(f"{boss.id}:{c.id}", c.battle, c.defense, c.life) for c in boss.cards]
    return cards == mine


def _command(boss: MinionEntry) -> cmd.DefineBoss:
    cards = tuple(
        cmd.BossCard(c.id, c.name, c.battle or 0, c.defense or 0, c.life or 1) for c in boss.cards
    )
    return cmd.DefineBoss(boss.id, boss.name, cards, bool(boss.ranged))


def define(view: MiceMysticsView, tr: Tr, open_form: OpenForm, then: Callable[[str], bool]) -> Form:
    """The boss's name and whether he attacks at range; then his cards, one at a time.

    ``then`` gets the new boss's id once he is in the box.
    """
    taken = {m["id"] for m in view["catalogue"]["minions"] if not m["boss"]}
    pages = [
        [Field("name", tr("Boss name"), "text", "", required=True, capitals=True)],
        [Field("ranged", tr("Ranged"), "toggle", False)],
    ]

    def named(values: dict[str, Any]) -> bool:
        name = values["name"].strip()
        if not name:
            return False
        boss = MinionEntry(_id(name, taken), name, ranged=values["ranged"], boss=True)
        open_form(_card(boss, tr, open_form, then))
        return False

    return Form(tr("New boss"), pages, named, tr("OK"))


def _card(boss: MinionEntry, tr: Tr, open_form: OpenForm, then: Callable[[str], bool]) -> Form:
    """Initiative card number N of ``boss``: its name, its numbers, and whether more follow."""
    number = len(boss.cards) + 1
    numbers = [
        Field(n, tr(n.capitalize()), "number", None, low=1 if n == "life" else 0, high=HIGHEST,
              required=True)
        for n in ("battle", "defense", "life")
    ]  # fmt: skip
    pages = [
        [Field("card", tr("Card name"), "text", "", required=True, capitals=True)],
        [*numbers, Field("more", tr("Another card"), "toggle", number < 2)],
    ]

    def added(values: dict[str, Any]) -> bool:
        name = values["card"].strip()
        if not name:
            return False
        card = CardEntry(f"card{number}", name, values["battle"], values["defense"], values["life"])
        grown = MinionEntry(boss.id, boss.name, ranged=boss.ranged, boss=True,
                            cards=(*boss.cards, card))  # fmt: skip
        if values["more"]:
            open_form(_card(grown, tr, open_form, then))
            return False
        box.remember_boss(grown.id, grown.name, grown.cards, bool(grown.ranged))
        return then(grown.id)

    what = tr("initiative card")
    return Form(f"{boss.name}: {what} {number}", pages, added, tr("Add"))


def _id(name: str, taken: set[str]) -> str:
    """A content id from the boss's name: ASCII letters, digits and underscores."""
    slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:30] or "boss"
    return f"{slug}_boss" if slug in taken else slug
