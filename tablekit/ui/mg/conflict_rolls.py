"""The forms around an action's roll in a Mouse Guard conflict: before it, tapping Nature,
a trait, help and persona; after it, a wise or a level 3 trait; and breaking a tie.

Built like every form of the screen (see :mod:`tablekit.ui.mg.forms`): each
confirm turns the chosen values into conflict commands and submits them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from tablekit.rules.mouse_guard.character import ABILITIES
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.view_types import (
    ActionTestView,
    ConflictSide,
    MouseGuardView,
    RulesetView,
)
from tablekit.ui.form import Field, Form
from tablekit.ui.i18n import mark
from tablekit.ui.mg.builder import STANDS_IN
from tablekit.ui.mg.conflict_forms import TRAIT_USES, column
from tablekit.ui.mg.forms import TIE_WAYS, Submit, Tr, choice, ratings
from tablekit.ui.mg.forms import tie_ways as tie_form


def before_roll(view: MouseGuardView, test: ActionTestView, submit: Submit, tr: Tr) -> Form | None:
    """Before ``test``'s side rolls, everything that changes its pool, one page each: a
    trait of its actor used for or against it; who helps with which skill, ability or
    wise (the actor's own wise is I Am Wise); and the actor's Persona (the summary's
    Tests, steps 2-5, which action tests follow). None when nothing is open. Each choice
    is its own command, so undo takes them back one by one."""
    sheets = {c["name"]: c for c in view["characters"]}
    side, actor = test["side"], test["actor"]
    points = sheets[actor]["persona"] if actor in sheets else 0
    persona = _persona_fields(test, points, tr, view["ruleset"]) if points > 0 else []
    nature = _nature_page(view, test, tr)
    found = (nature, _trait_page(view, test, tr), _help_page(view, test, tr), persona)
    pages = [page for page in found if page]
    if not pages:
        return None
    stood = nature[0].value if nature else ""

    def confirm(values: dict[str, Any]) -> bool:
        way = values.get("nature_instead", stood)
        said = way in ("within", "against") and way != stood
        if said and not submit(ccmd.ActionNature(side, way)):
            return False
        trait, use = str(values.get("trait", "")), values.get("use", "for")
        if trait:
            chosen = (
                ccmd.ActionTraitFor(side, trait)
                if use == "for"
                else ccmd.ActionTraitAgainst(side, trait, use == "bonus")
            )
            if not submit(chosen):
                return False
        for name in sheets:
            via = str(values.get(f"help|{name}", ""))
            wise = via.removeprefix("wise:") if via.startswith("wise:") else ""
            if via and not submit(ccmd.HelpAction(side, name, "" if wise else via, wise)):
                return False
        return _spend_persona(values, side, submit)

    return Form(f"{actor}: {tr('Dice pool')}", pages, confirm, tr("Use"))


NATURE_WAYS = {
    "": mark("No"),
    "within": mark("Within Nature: no tax"),
    "against": mark("Against Nature: a failure taxes it"),
}
"""Nature in place of the action's skill (the sheet's Nature Rules), and what it costs."""


def _nature_page(view: MouseGuardView, test: ActionTestView, tr: Tr) -> list[Field]:
    """Nature in place of the skill: for an actor who lacks it (Nature stands in, against
    it unless the table says within) or who chooses to act with or against its Nature;
    none where the action tests Nature already or Nature is tapped into a pool it cannot
    join."""
    sheets = {c["name"] for c in view["characters"]}
    plain_nature = test["rating"] == "Nature" and not test["instead"]
    joins = view["ruleset"]["tap_with_nature"] or not test["tapped"]
    if test["actor"] not in sheets or plain_nature or not joins:
        return []
    if test["instead"]:  # standing in already: within or against, "Within" short beside
        label = tr(STANDS_IN).format(ability=tr("Nature"), skill=tr(test["instead"]))
        options = [("within", tr("Within")), ("against", tr(NATURE_WAYS["against"]))]
    else:
        label = tr("Nature instead")
        options = [(key, tr(NATURE_WAYS[key])) for key in ("", "within", "against")]
    return column("nature_instead", label, options, test["nature"])


def _trait_page(view: MouseGuardView, test: ActionTestView, tr: Tr) -> list[Field]:
    """The actor's traits and the ways still open to use one on this action."""
    sheet = next((c for c in view["characters"] if c["name"] == test["actor"]), None)
    if sheet is None or not sheet["traits"]:
        return []
    uses = [] if test["trait_for"] else ["for"]
    if not test["trait_against"]:
        exchange = view["conflict"]["exchange"] if view["conflict"] else None
        rival = [t for t in (exchange["tests"] if exchange else []) if t["side"] != test["side"]]
        versus = test["ob"] is None and rival and not rival[0]["rolled"]
        uses += ["against", "bonus"] if versus else ["against"]
    if not uses:
        return []
    used = {test["trait_for"], test["trait_against"]}
    traits = [(t["name"], t["name"]) for t in sheet["traits"] if t["name"] not in used]
    options = [("", tr("None")), *traits]
    ways = [(key, tr(TRAIT_USES[key])) for key in uses]
    return [
        *choice("trait", tr("Trait"), options, ""),
        *choice("use", tr("How"), ways, ways[0][0], per_row=1),
    ]


def _help_page(view: MouseGuardView, test: ActionTestView, tr: Tr) -> list[Field]:
    """A choice for each team mate with a sheet not helping yet (what it helps with), and
    the actor's own wises (I Am Wise) while it has added none."""
    conflict = view["conflict"]
    team = next(
        (
            t
            for t in (conflict["teams"] if conflict else [])
            if t["side"] == test["side"] and test["actor"] in t["members"]
        ),
        None,
    )
    sheets = {c["name"]: c for c in view["characters"]}
    helping = {h["name"] for h in test["helps"]} | set(test["helpers"])
    fields: list[Field] = []
    for name in team["members"] if team else []:
        sheet = sheets.get(name)
        if sheet is None or name in helping:
            continue
        wises = [(f"wise:{w['name']}", w["name"]) for w in sheet["wises"]]
        own = name == test["actor"]
        via = wises if own else ratings(sheet, tr) + wises
        label = tr("I Am Wise") if own else name
        if via:
            fields += choice(f"help|{name}", label, via, "")
    return fields


NATURE = (("none", mark("No")), ("within", mark("Within")))

OUTSIDE = {
    "tap": mark("Outside: costs 1 Nature"),
    "success": mark("Outside: 1 Nature if it succeeds"),
}
"""Tapping outside Nature's scope, saying what it costs by the ruleset's ``outside_tax``."""


def _persona_fields(test: ActionTestView, points: int, tr: Tr, rules: RulesetView) -> list[Field]:
    """The actor's Persona: a die a point (the sheet's Persona box), and a point to tap
    Nature, which outside Nature's scope costs a point of Nature too (the sheet's Tapping
    Nature; the ruleset says whether at once or on a success)."""
    fields = [Field("dice", tr("Persona dice"), "count", 0, low=0, high=points)]
    if not test["tapped"] and (test["rating"] != "Nature" or rules["tap_with_nature"]):
        outside = OUTSIDE[rules["outside_tax"]]
        nature = [(key, tr(label)) for key, label in (*NATURE, ("outside", outside))]
        fields += [  # one option a row, the later ones the row's whole width: what tapping
            # outside costs reads whole, at its size, even beside a portrait form's labels
            Field("nature", "" if i else tr("Tap Nature"), "choice", "none", [option], wide=i > 0)
            for i, option in enumerate(nature)
        ]
    return fields


def _spend_persona(values: dict[str, Any], side: ConflictSide, submit: Submit) -> bool:
    """The Persona dice, then the tap, as chosen on the Persona page (none if it had none)."""
    dice, tap = values.get("dice", 0), values.get("nature", "none")
    if dice and not submit(ccmd.ActionPersonaDice(side, dice)):
        return False
    if tap == "none":
        return True
    return submit(ccmd.ActionTapNature(side, within=tap == "within"))


WISE_WAYS = {
    "deeper_understanding": mark("Reroll 1 (Fate)"),
    "of_course": mark("Reroll all (Persona)"),
}


def after_roll(
    test: ActionTestView, roll: Submit, submit: Submit, tr: Tr, reroll: bool = False
) -> Form:
    """After the roll: a wise rerolls failed dice (step 7), a level 3 trait adds a success
    (step 9), or with ``reroll`` (the ruleset reads the sheet) rerolls the failed dice.
    Rerolls go through ``roll``, so a table with its own dice rolls them; a success added
    asks for no dice."""
    side = test["side"]
    uses: list[tuple[str, str]] = [(way, tr(WISE_WAYS[way])) for way in test["wise_ways"]]
    gives = tr("Reroll") if reroll else "+1s"
    uses += [(f"level_three|{t}", f"{t}: {gives}") for t in test["level_three"]]
    fields = choice("use", tr("Use"), uses, uses[0][0] if uses else "")
    wises = [(w, w) for w in test["wises"]]
    if test["wise_ways"] and len(wises) > 1:
        fields += choice("wise", tr("Wise"), wises, wises[0][0])

    def confirm(values: dict[str, Any]) -> bool:
        way, _, trait = str(values["use"]).partition("|")
        if way == "level_three" and reroll:
            return roll(ccmd.ActionLevelThree(side, trait))
        if way == "level_three":
            return submit(ccmd.ActionLevelThree(side, trait, faces=()))
        chosen: Literal["deeper_understanding", "of_course"] = (
            "of_course" if way == "of_course" else "deeper_understanding"
        )
        wise = values.get("wise") or (wises[0][0] if wises else "")
        return roll(ccmd.ActionWise(side, str(wise), chosen))

    return Form(tr("Wise or trait"), [fields], confirm, tr("Use"))


def tiebreaker(view: MouseGuardView, submit: Submit, tr: Tr) -> Form:
    """A tied action's tiebreaker (the summary's Tests, step 10: "roll tiebreaker
    Will/Health/Nature"): the ability each actor with a sheet rolls, less what its
    conditions and a carried shield take; a creature without one rolls the GM's dice."""
    conflict, sheets = view["conflict"], {c["name"] for c in view["characters"]}
    exchange = conflict["exchange"] if conflict else None
    abilities = [(str(a), tr(str(a))) for a in ABILITIES]
    fields: list[Field] = []
    gm_dice = 0
    for test in exchange["tests"] if exchange else []:
        side = test["side"]
        if test["actor"] in sheets:
            label = tr("GM rolls") if side == "gm" else tr("Mouse rolls")
            fields += choice(f"{side}_ability", label, abilities, "Will")
            continue
        team = (
            next(
                (
                    t
                    for t in conflict["teams"]
                    if t["side"] == side and test["actor"] in t["members"]
                ),
                None,
            )
            if conflict
            else None
        )
        gm_dice = team["dice"] if team else 1
        fields.append(Field("gm_dice", tr("GM's dice"), "count", gm_dice, low=1, high=15))

    def confirm(values: dict[str, Any]) -> bool:
        return submit(
            ccmd.ActionTiebreaker(
                _ability(values.get("gm_ability", "Will")),
                _ability(values.get("patrol_ability", "Will")),
                values.get("gm_dice", gm_dice) if gm_dice else 0,
            )
        )

    return Form(tr("Tiebreaker"), [fields], confirm, tr("Roll"))


def _ability(name: object) -> Literal["Will", "Health", "Nature"]:
    """A tiebreaker's ability as the command takes it."""
    return "Health" if name == "Health" else "Nature" if name == "Nature" else "Will"


def break_tie(
    view: MouseGuardView,
    submit: Submit,
    tr: Tr,
    way: Literal["level_three", "against"] = "level_three",
) -> Form:
    """A tied action broken with a trait of a tied actor, ``way``: a level 3 trait wins it
    for that side (only level 3 traits are offered), a trait used against gives it to the
    other side for two checks."""
    conflict, sheets = view["conflict"], {c["name"]: c for c in view["characters"]}
    exchange = conflict["exchange"] if conflict else None
    traits = [
        (f"{test['side']}|{trait['name']}", f"{test['actor']}: {trait['name']}")
        for test in (exchange["tests"] if exchange else [])
        if test["actor"] in sheets
        for trait in sheets[test["actor"]]["traits"]
        if way == "against" or trait["level"] == 3
    ]
    fields = choice("trait", tr("Trait"), traits, traits[0][0] if traits else "", per_row=2)

    def confirm(values: dict[str, Any]) -> bool:
        side_name, _, trait = str(values["trait"]).partition("|")
        side: ConflictSide = "gm" if side_name == "gm" else "patrol"
        return submit(ccmd.BreakActionTie(side, trait, way))

    title = tr(TIE_WAYS[way])
    return Form(title, [fields], confirm, tr("Use"))


def tie_ways(view: MouseGuardView, submit: Submit, show: Callable[[Form], None], tr: Tr) -> Form:
    """How a tied action is broken (the summary's Tests, step 10), each way saying what it
    does: the tiebreaker, a level 3 trait, or a trait used against; only the ways some
    tied actor can take."""
    conflict, sheets = view["conflict"], {c["name"]: c for c in view["characters"]}
    exchange = conflict["exchange"] if conflict else None
    actors = [t["actor"] for t in (exchange["tests"] if exchange else []) if t["actor"] in sheets]
    traits = [trait for actor in actors for trait in sheets[actor]["traits"]]
    ways: dict[str, Callable[[], Form]] = {"tiebreaker": lambda: tiebreaker(view, submit, tr)}
    if any(t["level"] == 3 for t in traits):
        ways["level_three"] = lambda: break_tie(view, submit, tr, "level_three")
    if traits:
        ways["against"] = lambda: break_tie(view, submit, tr, "against")
    return tie_form(ways, show, tr)
