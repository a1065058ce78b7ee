"""The forms of a Mouse Guard conflict: its kind and sides, the dispositions, tapping Nature,
a wise or a level 3 trait after a roll, a maneuver and a tie.

Built like every form of the screen (see :mod:`tablekit.ui.mg.forms`): each
confirm turns the chosen values into conflict commands and submits them.
"""

from __future__ import annotations

from typing import Any, Literal

from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.view_types import (
    ActionTestView,
    ConflictSide,
    ConflictView,
    MouseGuardView,
)
from tablekit.ui.form import Field, Form
from tablekit.ui.i18n import mark
from tablekit.ui.mg.forms import Submit, Tr, choice

CONFLICTS = (
    ("fight", mark("Fight")),
    ("fight_animal", mark("Fight Animal")),
    ("chase", mark("Chase")),
    ("argument", mark("Argument")),
    ("negotiation", mark("Negotiation")),
    ("speech", mark("Speech")),
    ("journey", mark("Journey")),
    ("war", mark("War")),
)
"""The kinds of conflict a table starts by touch ("other" needs its skills named: scripts)."""


def begin_conflict(view: MouseGuardView, submit: Submit, tr: Tr) -> Form:
    """The kind of conflict, who of the patrol takes part, their captain, and the GM's dice."""
    names = [(c["name"], c["name"]) for c in view["characters"]]
    kinds = [(key, tr(label)) for key, label in CONFLICTS]
    first = choice("conflict", tr("Conflict"), kinds, "fight")
    second = [
        Field("patrol", tr("The patrol"), "multi", tuple(n for n, _ in names), names),
        *choice("captain", tr("Captain"), names, names[0][0] if names else ""),
        Field("gm_dice", tr("GM's dice for each action"), "count", 4, low=1, high=12),
    ]

    def confirm(values: dict[str, Any]) -> bool:
        members = tuple(n for n, _ in names if n in values["patrol"])
        return submit(
            ccmd.BeginConflict(
                values["conflict"],
                members,
                values["captain"],
                tr("Opponent"),
                gm_dice=values["gm_dice"],
            )
        )

    return Form(tr("Conflict"), [first, second], confirm, tr("Begin"))


def patrol_disposition(conflict: ConflictView, submit: Submit, tr: Tr) -> Form:
    """The captain's disposition roll: which team mates help, and gear's dice."""
    team = conflict["sides"]["patrol"]
    mates = [(m, m) for m in team["members"] if m != team["captain"]]
    fields = [Field("helpers", tr("Helpers"), "multi", (), mates)] if mates else []
    fields.append(Field("gear", tr("Gear (dice)"), "count", 0, high=3))

    def confirm(values: dict[str, Any]) -> bool:
        helpers = tuple(values.get("helpers", ()))
        return submit(ccmd.RollDisposition("patrol", helpers=helpers, gear=values["gear"]))

    return Form(tr("Patrol's disposition"), [fields], confirm, tr("Roll"))


def gm_disposition(submit: Submit, tr: Tr) -> Form:
    """The GM's starting disposition, as the GM decides it."""
    field = Field("disposition", tr("Disposition"), "count", 6, low=1, high=20)

    def confirm(values: dict[str, Any]) -> bool:
        return submit(ccmd.SetDisposition("gm", values["disposition"]))

    return Form(tr("GM's disposition"), [[field]], confirm, tr("Set"))


Effect = Literal["impede", "gain_position", "disarm"]

EFFECTS: tuple[tuple[Effect, str], ...] = (
    ("impede", mark("Impede (1)")),
    ("gain_position", mark("Gain Position (2)")),
    ("disarm", mark("Disarm (3)")),
)


def maneuver(
    conflict: ConflictView, side: ConflictSide, margin: int, submit: Submit, tr: Tr
) -> Form:
    """What a won maneuver's margin buys; Disarm names whom and what."""
    opponent: ConflictSide = "patrol" if side == "gm" else "gm"
    targets = [(m, m) for m in conflict["sides"][opponent]["members"]]
    weapons = [a["weapon"] for a in conflict["sides"][opponent]["arms"]]
    items = [(weapon, tr(weapon)) for weapon in weapons]
    effects = [(key, tr(label)) for key, label in EFFECTS]
    fields = [Field("effects", tr("Margin {n}").format(n=margin), "multi", (), effects)]
    fields += choice("target", tr("Disarm whom"), targets, targets[0][0] if targets else "")
    if items:
        fields += choice("item", tr("Take what"), items, items[0][0])

    def confirm(values: dict[str, Any]) -> bool:
        chosen = tuple(key for key, _ in EFFECTS if key in values["effects"])
        disarm = "disarm" in chosen
        return submit(
            ccmd.Maneuver(
                side,
                chosen,
                values.get("target", "") if disarm else "",
                values.get("item", "") if disarm else "",
            )
        )

    return Form(tr("Maneuver"), [fields], confirm, tr("Spend"))


def tap_nature(side: ConflictSide, submit: Submit, tr: Tr) -> Form:
    """A Persona point adds Nature to the side's pool; outside Nature's scope it costs a point
    of Nature too (the sheet's Tapping Nature)."""
    scopes = [
        ("within", tr("Within Nature (1 Persona)")),
        ("outside", tr("Outside Nature (1 Persona, 1 Nature)")),
    ]
    fields = choice("scope", tr("Is it within the mouse's Nature?"), scopes, "within")

    def confirm(values: dict[str, Any]) -> bool:
        return submit(ccmd.ActionTapNature(side, within=values["scope"] == "within"))

    return Form(tr("Tap Nature"), [fields], confirm, tr("Tap"))


WISE_WAYS = {
    "deeper_understanding": mark("{wise}: reroll one failed die (1 Fate)"),
    "of_course": mark("{wise}: reroll every failed die (1 Persona)"),
}


def after_roll(test: ActionTestView, roll: Submit, submit: Submit, tr: Tr) -> Form:
    """After the roll: a wise rerolls failed dice (step 7), a level 3 trait adds a success
    (step 9). Rerolls go through ``roll``, so a table with its own dice rolls them."""
    side = test["side"]
    uses = [
        (f"{way}|{wise}", tr(WISE_WAYS[way]).format(wise=wise))
        for wise in test["wises"]
        for way in test["wise_ways"]
    ]
    uses += [
        (f"level_three|{trait}", tr("{trait}: level 3, one more success").format(trait=trait))
        for trait in test["level_three"]
    ]
    fields = choice("use", tr("Use"), uses, uses[0][0] if uses else "")

    def confirm(values: dict[str, Any]) -> bool:
        way, _, name = str(values["use"]).partition("|")
        if way == "level_three":
            return submit(ccmd.ActionLevelThree(side, name))
        chosen: Literal["deeper_understanding", "of_course"] = (
            "of_course" if way == "of_course" else "deeper_understanding"
        )
        return roll(ccmd.ActionWise(side, name, chosen))

    return Form(tr("Wise or trait"), [fields], confirm, tr("Use"))


def break_tie(view: MouseGuardView, submit: Submit, tr: Tr) -> Form:
    """A tied action broken with a trait of a tied actor: level 3 wins it for that side, a
    trait used against gives it to the other side for two checks."""
    conflict, sheets = view["conflict"], {c["name"]: c for c in view["characters"]}
    exchange = conflict["exchange"] if conflict else None
    traits = [
        (f"{test['side']}|{trait['name']}", f"{test['actor']}: {trait['name']}")
        for test in (exchange["tests"] if exchange else [])
        if test["actor"] in sheets
        for trait in sheets[test["actor"]]["traits"]
    ]
    ways = [("level_three", tr("Level 3 wins it")), ("against", tr("Give it away (2 checks)"))]
    fields = [
        *choice("trait", tr("Trait"), traits, traits[0][0] if traits else ""),
        *choice("way", tr("How"), ways, "level_three"),
    ]

    def confirm(values: dict[str, Any]) -> bool:
        side_name, _, trait = str(values["trait"]).partition("|")
        side: ConflictSide = "gm" if side_name == "gm" else "patrol"
        way: Literal["level_three", "against"] = (
            "against" if values["way"] == "against" else "level_three"
        )
        return submit(ccmd.BreakActionTie(side, trait, way))

    return Form(tr("Break the tie"), [fields], confirm, tr("Use"))
