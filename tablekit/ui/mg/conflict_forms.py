"""The forms that set a Mouse Guard conflict up and move it on: its kind and sides, the
dispositions, weapons and tactics, and a maneuver's spoils. The forms around an action's
roll (Nature, traits, help, a wise or a level 3 trait, a tie) are in
:mod:`tablekit.ui.mg.conflict_rolls`.

Built like every form of the screen (see :mod:`tablekit.ui.mg.forms`): each
confirm turns the chosen values into conflict commands and submits them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.view_types import (
    CharacterView,
    ConflictSide,
    ConflictView,
    MouseGuardView,
    TeamView,
    WeaponView,
)
from tablekit.ui.form import Field, Form
from tablekit.ui.i18n import mark
from tablekit.ui.mg.builder import STANDS_IN
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
        Field(
            "patrol", tr("The patrol"), "multi", tuple(n for n, _ in names), names, required=True
        ),
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


def unset(conflict: ConflictView, side: ConflictSide) -> TeamView | None:
    """``side``'s first team still without a starting disposition."""
    return next((t for t in conflict["teams"] if t["side"] == side and not t["start"]), None)


def form_team(conflict: ConflictView, submit: Submit, tr: Tr) -> Form:
    """Before the dispositions, members of one side form a team of their own, led by the
    first chosen (the sheet: "Determine participants and teams")."""
    members = [
        (f"{t['side']}|{m}", f"{side_label(t['side'], tr)}: {m}")
        for t in conflict["teams"]
        for m in t["members"]
    ]
    fields = [Field("members", tr("The new team"), "multi", (), members, required=True)]

    def confirm(values: dict[str, Any]) -> bool:
        chosen = [str(key).partition("|") for key in values["members"]]
        side: ConflictSide = "gm" if chosen and chosen[0][0] == "gm" else "patrol"
        names = tuple(name for where, _, name in chosen if where == side)
        return submit(ccmd.FormTeam(side, names)) if len(names) == len(chosen) else False

    return Form(tr("New team"), [fields], confirm, tr("Form"))


def column(key: str, label: str, options: list[tuple[str, str]], chosen: str) -> list[Field]:
    """One choice, an option a row: the first beside ``label``, the later ones the row's
    whole width, so a long option (what a shield or acting against Nature costs) reads
    whole at its size."""
    return [
        Field(key, "" if i else label, "choice", chosen, [option], wide=i > 0)
        for i, option in enumerate(options)
    ]


def side_label(side: str, tr: Tr) -> str:
    return tr("GM") if side == "gm" else tr("Patrol")


def patrol_disposition(
    conflict: ConflictView,
    submit: Submit,
    tr: Tr,
    gear: bool,
    sheets: Sequence[CharacterView] = (),
) -> Form:
    """The captain's disposition roll for the patrol's next team without one: which team
    mates help, and gear's dice where ``gear`` counts in the ruleset's conflicts. Where
    the captain (one of ``sheets``) lacks the skill, the title says Nature rolls for it."""
    team = unset(conflict, "patrol") or conflict["sides"]["patrol"]
    mates = [(m, m) for m in team["members"] if m != team["captain"]]
    captain = team["captain"]
    sheet = next((c for c in sheets if c["name"] == captain), None)
    fields = _what_is_rolled(conflict, sheet, tr)
    if mates:
        fields.append(Field("helpers", tr("Helpers"), "multi", (), mates))
    if gear:
        fields.append(Field("gear", tr("Gear (dice)"), "count", 0, high=3))
    options = _disposition_options(sheet, tr) if sheet else []  # a page each

    def confirm(values: dict[str, Any]) -> bool:
        helpers = tuple(values.get("helpers", ()))
        dice = values.get("gear", 0)
        trait, use = str(values.get("trait", "")), values.get("use", "for")
        tap = str(values.get("tap", ""))
        return submit(
            ccmd.RollDisposition(
                "patrol",
                ability=str(values.get("ability", "")),
                helpers=helpers,
                gear=dice,
                team=captain,
                persona=values.get("persona", 0),
                tap="within" if tap == "within" else "outside" if tap == "outside" else "",
                trait_for=trait if use == "for" else "",
                trait_against=trait if use == "against" else "",
                wise=str(values.get("wise", "")),
            )
        )

    title = _title(conflict, team, tr("Patrol's disposition"), tr)
    lacked = _lacked(conflict, captain, sheets)
    if lacked:
        title += " · " + tr(STANDS_IN).format(ability=tr("Nature"), skill=tr(lacked))
    if options and len(fields) + len(options[0]) <= ONE_COLUMN:
        fields, options = fields + options[0], options[1:]  # a page less to turn
    pages = [page for page in (fields, *options) if page] or [[]]
    return Form(title, pages, confirm, tr("Roll"))


ONE_COLUMN = 4
"""Fields a form's page holds in one column at 800x480: what is rolled shares the first
option page when both fit it, so a lone captain turns one page less."""


def _what_is_rolled(conflict: ConflictView, sheet: CharacterView | None, tr: Tr) -> list[Field]:
    """What the captain rolls and what its successes go on, so the form says it before
    the roll: the type's skill with the captain's rating, then its abilities, a choice
    where there are two (a fight's Health or Nature), the higher first chosen, as the
    rules take it when nothing is said."""
    if sheet is None:
        return []
    rated = {r["name"]: r["rating"] for r in sheet["ratings"]}
    skills = conflict["skills"]["disposition"]
    tested = [
        (s, f"{tr(s)} {rated[s]}")
        if rated.get(s, 0) > 0
        else (s, f"{tr(STANDS_IN).format(ability=tr('Nature'), skill=tr(s))} {rated['Nature']}")
        for s in skills[:1]
    ]
    abilities = [(a, f"{tr(a)} {rated.get(a, 0)}") for a in conflict["skills"]["abilities"]]
    best = max(abilities, key=lambda a: rated.get(a[0], 0))[0] if abilities else ""
    fields = [Field("tests", tr("Rolls"), "choice", tested[0][0], tested)] if tested else []
    if len(abilities) > 1:
        fields.append(Field("ability", tr("Adds to"), "choice", best, abilities))
    elif abilities:
        fields.append(Field("adds", tr("Adds to"), "choice", best, abilities))
    return fields


def _disposition_options(sheet: CharacterView, tr: Tr) -> list[list[Field]]:
    """The captain's test options for the disposition roll (the summary's Tests, steps
    2-5), a page each: Persona dice and a tap of Nature, a trait for or against, a wise
    of its own."""
    pages: list[list[Field]] = []
    if sheet["persona"] > 0:
        taps = [("", tr("No")), ("within", tr("Within")), ("outside", tr("Outside"))]
        high = sheet["persona"]
        persona = Field("persona", tr("Persona dice"), "count", 0, high=high)
        pages.append([persona, *choice("tap", tr("Tap Nature"), taps, "")])
    if sheet["traits"]:
        traits = [("", tr("None")), *((t["name"], t["name"]) for t in sheet["traits"])]
        ways = [("for", tr(TRAIT_USES["for"])), ("against", tr(TRAIT_USES["against"]))]
        pages.append(
            [*choice("trait", tr("Trait"), traits, ""), *column("use", tr("How"), ways, "for")]
        )
    if sheet["wises"]:
        wises = [("", tr("None")), *((w["name"], w["name"]) for w in sheet["wises"])]
        pages.append(choice("wise", tr("I Am Wise"), wises, "", per_row=2))
    return pages


def _lacked(conflict: ConflictView, captain: str, sheets: Sequence[CharacterView]) -> str:
    """The disposition's skill when ``captain`` has none of it, else "" (the sheet's
    Starting Disposition table)."""
    sheet = next((c for c in sheets if c["name"] == captain), None)
    if sheet is None:
        return ""
    rated = {r["name"]: r["rating"] for r in sheet["ratings"]}
    skills = conflict["skills"]["disposition"]
    if any(rated.get(skill, 0) > 0 for skill in skills):
        return ""
    return skills[0] if skills else ""


def gm_disposition(conflict: ConflictView, submit: Submit, tr: Tr) -> Form:
    """The GM's starting disposition for its next team without one, as the GM decides it."""
    team = unset(conflict, "gm") or conflict["sides"]["gm"]
    field = Field("disposition", tr("Disposition"), "count", 6, low=1, high=20)
    captain = team["captain"]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(ccmd.SetDisposition("gm", values["disposition"], team=captain))

    return Form(_title(conflict, team, tr("GM's disposition"), tr), [[field]], confirm, tr("Set"))


def _title(conflict: ConflictView, team: TeamView, title: str, tr: Tr) -> str:
    """A form's title, naming the team when its side has several."""
    if sum(t["side"] == team["side"] for t in conflict["teams"]) < 2:
        return title
    name = tr("{captain}'s team").format(captain=team["captain"])
    return f"{title}: {name}"


WEAPON_TITLES = (
    *(mark("Axe"), mark("Bow"), mark("Halberd"), mark("Hook and Line"), mark("Knife")),
    *(mark("Shield"), mark("Sling"), mark("Spear"), mark("Staff"), mark("Sword")),
    *(mark("Intimidation"), mark("Deception"), mark("Evidence"), mark("Roleplay")),
    *(mark("Promises"), mark("Repeating")),
)
"""The sheet's weapon and tactic titles (``conflict.armoury[].title``), for translation."""

ACTIONS = ("attack", "defend", "feint", "maneuver")

WEAPON_CHOICES = {
    "attack": mark("Attack"),
    "defend": mark("Defend"),
    "feint": mark("Feint"),
    "maneuver": mark("Maneuver"),
    "axe": mark("Axe"),
    "spear": mark("Spear"),
}
"""How a weapon's choices read: a sword's or roleplay's action, a halberd's hold."""


def arms(conflict: ConflictView, submit: Submit, show: Callable[[Form], None], tr: Tr) -> Form:
    """Who takes up which weapon or tactic of the conflict's armoury, or puts it down; a
    weapon that needs a choice (a sword's action, a halberd's hold) ``show``s a second form
    for it (the sheet's sample weapons). One option a row: "Hook and Line" reads whole."""
    teams = sorted(conflict["teams"], key=lambda t: t["side"] == "gm")  # the patrol first
    members = [(f"{t['side']}|{m}", m) for t in teams for m in t["members"]]
    armoury = {w["weapon"]: w for w in conflict["armoury"]}
    weapons = [(key, _weapon_label(w, tr)) for key, w in armoury.items()]
    who = choice("member", tr("Who"), members, members[0][0] if members else "", per_row=1)
    what = column("weapon", tr("Takes up"), [*weapons, ("", tr("Nothing"))], weapons[0][0])

    def confirm(values: dict[str, Any]) -> bool:
        where, _, member = str(values["member"]).partition("|")
        side: ConflictSide = "gm" if where == "gm" else "patrol"
        weapon = armoury.get(str(values["weapon"]))
        if weapon is None or not weapon["choices"]:
            return submit(ccmd.Arm(side, member, weapon["weapon"] if weapon else ""))
        show(arms_choice(side, member, weapon, submit, tr))
        return True

    return Form(tr("Weapons"), [who, what], confirm, tr("Arm"))


def _weapon_label(weapon: WeaponView, tr: Tr) -> str:
    """A weapon's name with what carrying it costs, as it is taken: "Shield (-1D Health)"
    (the sheet's Shield; the dice come off every Health roll of its bearer)."""
    costs = [f"{c['dice']:+d}D {tr(c['ability'])}" for c in weapon["costs"]]
    return f"{tr(weapon['title'])} ({', '.join(costs)})" if costs else tr(weapon["title"])


def arms_choice(
    side: ConflictSide, member: str, weapon: WeaponView, submit: Submit, tr: Tr
) -> Form:
    """The choice ``weapon`` needs: the action a sword's or roleplay's die goes to, or how
    a halberd is held."""
    options = [(key, tr(WEAPON_CHOICES.get(key, key))) for key in weapon["choices"]]
    held = not set(weapon["choices"]) <= set(ACTIONS)
    label = tr("Held as") if held else tr("+1D to")
    fields = choice("choice", label, options, options[0][0], per_row=1)
    name = weapon["title"]
    title = f"{member}: {tr(name)}"

    def confirm(values: dict[str, Any]) -> bool:
        return submit(ccmd.Arm(side, member, weapon["weapon"], str(values["choice"])))

    return Form(title, [fields], confirm, tr("Arm"))


Effect = Literal["impede", "gain_position", "disarm"]

EFFECTS: tuple[tuple[Effect, str], ...] = (
    ("impede", mark("Impede (1)")),
    ("gain_position", mark("Gain Position (2)")),
    ("disarm", mark("Disarm (3)")),
)


LONG = ("spear", "bow")
"""What a knife disarms for 1 (and a halberd held as a spear)."""


def maneuver(
    conflict: ConflictView, side: ConflictSide, margin: int, submit: Submit, tr: Tr
) -> Form:
    """What ``side``'s won maneuver margin buys, only what it can pay for (a knife's
    Disarm of a long weapon costs 1); Disarm names whom and what. The title says whose
    margin it is."""
    opponent: ConflictSide = "patrol" if side == "gm" else "gm"
    foes = conflict["sides"][opponent]
    targets = [(m, m) for m in foes["members"]]
    weapons = [a["weapon"] for a in foes["arms"]]
    items = [(weapon, tr(weapon)) for weapon in weapons]
    knife = any(a["weapon"] == "knife" for a in conflict["sides"][side]["arms"])
    long = any(
        a["weapon"] in LONG or (a["weapon"] == "halberd" and a["choice"] == "spear")
        for a in foes["arms"]
    )
    costs = {"impede": 1, "gain_position": 2, "disarm": 1 if knife and long else 3}
    effects = [
        (key, tr(KNIFE) if key == "disarm" and costs[key] == 1 else tr(label))
        for key, label in EFFECTS
        if costs[key] <= margin
    ]
    fields = [Field("effects", tr("Margin {n}").format(n=margin), "multi", (), effects)]
    if any(key == "disarm" for key, _ in effects):
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

    title = tr("{side} spends its maneuver margin").format(side=side_label(side, tr))
    return Form(title, [fields], confirm, tr("Spend"))


KNIFE = mark("Disarm (1, knife)")


TRAIT_USES = {
    "for": mark("For: +1D"),
    "against": mark("Against: -1D, 1 check"),
    "bonus": mark("Against: other side +2D, 2 checks"),
}
"""How a trait is used on an action (the summary's Tests, steps 2 and 3)."""
