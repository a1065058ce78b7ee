"""Numbers off the physical cards, asked for in place and kept in the device's box.

Wherever a rule is about to need a number the session's pack lacks (heroes
joining a chapter, minions arriving at set-up, from an encounter, a surge or
a chapter rule), :func:`fill` first gives each figure its missing numbers:

* from the box (:mod:`tablekit.local.box`), when it holds them all, with no
  question asked;
* otherwise with a form asking for exactly the missing numbers, pre-filled
  from the box where it knows some; what the table saves there goes into
  the box for every later session.

Either way the numbers reach the session as ``mm.set_stats`` commands, so
the journal records the numbers the session used and the rules never read
the box. Then the action the table chose goes on, with no second tap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any, TypedDict

from tablekit.local import box
from tablekit.rules.game import Command
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.view_types import MiceMysticsView
from tablekit.ui.form import Field, Form

Submit = Callable[[Command], bool]
Tr = Callable[[str], str]
OpenForm = Callable[[Form], None]

HERO_NUMBERS = ("battle", "defense", "lore", "move", "life")
MINION_NUMBERS = ("battle", "defense", "life", "ranged")
CARD_NUMBERS = ("battle", "defense", "life")
HIGHEST = 12
"""The highest life a card's numbers take; its other numbers are one digit (:data:`DIGIT`)."""
DIGIT = 9
"""The highest battle, defense, lore or move: one keypad tap each, the next number follows."""


class Figure(TypedDict):
    """A hero, minion type, or boss or boss card, with the numbers it has and lacks."""

    id: str
    name: str
    kind: str
    """hero, minion, boss or card: which numbers its card carries."""
    missing: list[str]
    numbers: dict[str, int | bool]


def figures(
    view: MiceMysticsView, heroes: Iterable[str] = (), minions: Iterable[str] = ()
) -> list[Figure]:
    """The catalogue's heroes and minion types named, a boss with each of its cards."""
    wanted_heroes, wanted_minions = set(heroes), set(minions)
    found: list[Figure] = []
    for hero in view["catalogue"]["heroes"]:
        if hero["id"] in wanted_heroes:
            found.append(_figure(hero["id"], hero["name"], "hero", hero))
    for minion in view["catalogue"]["minions"]:
        if minion["id"] not in wanted_minions:
            continue
        kind = "boss" if minion["boss"] else "minion"
        found.append(_figure(minion["id"], minion["name"], kind, minion))
        found += [_figure(c["id"], c["name"], "card", c) for c in minion["cards"]]
    return found


def figure(view: MiceMysticsView, figure_id: str) -> Figure | None:
    """The figure ``figure_id`` names: a hero, a minion type or ``boss:card``."""
    minion_id = figure_id.partition(":")[0]
    for found in figures(view, (figure_id,), (minion_id,)):
        if found["id"] == figure_id:
            return found
    return None


def _figure(figure_id: str, name: str, kind: str, entry: Any) -> Figure:
    return {
        "id": figure_id,
        "name": name,
        "kind": kind,
        "missing": list(entry["missing"]),
        "numbers": {k: v for k, v in entry["numbers"].items() if v is not None},
    }


def fill(
    wanted: list[Figure], submit: Submit, tr: Tr, open_form: OpenForm, then: Callable[[], bool]
) -> bool:
    """Give every figure in ``wanted`` its missing numbers, then do ``then``.

    Returns what ``then`` returns, or False while a form is open asking; the
    form goes on with the rest when saved.
    """
    kept = box.load()
    for at, one in enumerate(wanted):
        if not one["missing"]:
            continue
        known = kept.numbers(one["id"])
        if all(n in known for n in one["missing"]):
            given: dict[str, Any] = {n: known[n] for n in one["missing"]}
            if not submit(cmd.SetStats(one["id"], **given)):
                return False
            continue
        go_on = partial(fill, wanted[at + 1 :], submit, tr, open_form, then)
        open_form(ask(one, submit, tr, go_on))
        return False
    return then()


def ask(one: Figure, submit: Submit, tr: Tr, then: Callable[[], bool]) -> Form:
    """A form for the numbers ``one`` lacks, beside those it has (filled in, so that each
    hero's or minion's numbers keep their places from one form to the next), the keypad
    on the first one missing."""
    return _form(one, list(_names(one["kind"])), submit, tr, then)


def correct(one: Figure, submit: Submit, tr: Tr) -> Form:
    """A form for all of ``one``'s numbers, pre-filled from the pack, then the box."""
    return _form(one, list(_names(one["kind"])), submit, tr, lambda: True)


def _names(kind: str) -> tuple[str, ...]:
    return {"hero": HERO_NUMBERS, "card": CARD_NUMBERS, "boss": ("ranged",)}.get(
        kind, MINION_NUMBERS
    )


def _form(one: Figure, names: list[str], submit: Submit, tr: Tr, then: Callable[[], bool]) -> Form:
    known = {**box.load().numbers(one["id"]), **one["numbers"]}
    fields: list[Field] = []
    for name in names:
        if name == "ranged":
            fields.append(Field(name, tr("Ranged"), "toggle", bool(known.get(name, False))))
        else:
            value = known.get(name)  # nobody knows it yet: "?" until the table sets it
            label = tr(name.capitalize())
            high = HIGHEST if name == "life" else DIGIT
            low = 1 if name == "life" else 0
            fields.append(
                Field(name, label, "number", value, low=low, high=high, required=value is None)
            )

    def save(values: dict[str, Any]) -> bool:
        numbers = {n: values[n] for n in names}
        if not submit(cmd.SetStats(one["id"], **numbers)):
            return False
        box.remember(one["id"], one["name"], numbers, hero=one["kind"] == "hero")
        return then()

    return Form(f"{one['name']}: {tr('numbers')}", [fields], save, tr("Save"))
