"""A hero's starting equipment, entered once by touch and kept in the device's box.

When a hero joins a chapter and the session does not know its starting
equipment yet, the box's is sent as ``mm.set_equipment`` with no question
asked; if the box does not know it either, the table enters the cards one at
a time (a name, and whether it is a melee or ranged weapon) and the list goes
into the box for every later session. "Not now" leaves it unknown, and the
rules then let the mouse attack without a weapon, as the hero's panel says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablekit.local import box
from tablekit.rules.game import Command
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.ui.form import Field, Form
from tablekit.ui.i18n import mark

Submit = Callable[[Command], bool]
Tr = Callable[[str], str]
OpenForm = Callable[[Form], None]
Cards = list[tuple[str, str]]

KINDS = {"": mark("Not a weapon"), "melee": mark("Melee"), "ranged": mark("Ranged")}
"""A card's weapon kind, as the form offers it."""
SHOWN = (mark("melee"), mark("ranged"))
"""A weapon's kind beside its name on the hero's panel, "Sword (melee)"."""
MOST = 6
"""The most starting equipment cards the list shows (a hero card prints two or three)."""


def described(card: str, kind: str, tr: Tr) -> str:
    """A card as the panel shows it: a weapon with its kind, "Sword (melee)"; a name the
    catalogue knows (a pack's card, stored in English) in the table's language."""
    name = tr(card)
    return f"{name} ({tr(kind)})" if kind else name


def offer(
    hero: dict[str, Any], submit: Submit, tr: Tr, open_form: OpenForm, then: Callable[[], bool]
) -> bool:
    """Give the joining ``hero`` (a catalogue hero) its starting equipment, then ``then``.

    From the box when it knows the hero's; otherwise a list to fill in.
    """
    known = box.load().equipment(hero["id"])
    if known is None:
        open_form(enter(hero, [], submit, tr, open_form, then))
        return False
    if not submit(_command(hero["id"], list(known))):
        return False
    return then()


def enter(
    hero: dict[str, Any],
    cards: Cards,
    submit: Submit,
    tr: Tr,
    open_form: OpenForm,
    then: Callable[[], bool],
    later: Callable[[], bool] | None = None,
) -> Form:
    """The list of ``hero``'s starting equipment so far: add a card, done, or not now.

    Done sends the list (``mm.set_equipment``) and keeps it in the box; a card
    tapped off the list is left out. ``later`` is what "Not now" does
    (``then`` unless given).
    """
    choices = [("add", tr("Add a card…")), ("done", tr("Done")), ("later", tr("Not now"))]
    listed = [(str(n), described(card, kind, tr)) for n, (card, kind) in enumerate(cards)]
    fields = [
        Field("keep", "", "multi", tuple(k for k, _ in listed), listed[i : i + 2], wide=True)
        for i in range(0, min(len(listed), MOST), 2)
    ]
    fields.append(
        Field("next", "", "choice", None, choices, wide=True, required=True, submits=True)
    )

    def chosen(values: dict[str, Any]) -> bool:
        kept = [cards[int(n)] for n in values.get("keep", ()) if int(n) < len(cards)]
        if values["next"] == "later":
            return (later or then)()
        if values["next"] == "add":
            open_form(_card(hero, kept, submit, tr, open_form, then, later))
            return False
        if not submit(_command(hero["id"], kept)):
            return False
        box.remember_equipment(hero["id"], hero["name"], tuple(kept))
        return then()

    what = tr("starting equipment")
    return Form(f"{hero['name']}: {what}", [fields], chosen, tr("OK"))


def _card(
    hero: dict[str, Any],
    cards: Cards,
    submit: Submit,
    tr: Tr,
    open_form: OpenForm,
    then: Callable[[], bool],
    later: Callable[[], bool] | None,
) -> Form:
    """One starting equipment card: its name, then whether it is a weapon and of which kind."""
    kinds = [(kind, tr(label)) for kind, label in KINDS.items()]
    pages = [
        [Field("card", tr("Card name"), "text", "", required=True, capitals=True)],
        [Field("weapon", "", "choice", "", kinds, wide=True)],
    ]

    def added(values: dict[str, Any]) -> bool:
        name = values["card"].strip()
        if not name:
            return False
        open_form(
            enter(hero, [*cards, (name, values["weapon"])], submit, tr, open_form, then, later)
        )
        return False

    what = tr("a starting card")
    return Form(f"{hero['name']}: {what}", pages, added, tr("Add"))


def _command(hero: str, cards: Cards) -> cmd.SetEquipment:
    return cmd.SetEquipment(
        hero,
        tuple(cmd.EquipmentCard(card, kind) for card, kind in cards),  # type: ignore[arg-type]
    )
