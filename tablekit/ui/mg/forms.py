"""The forms of the Mouse Guard screen for a mouse, its sheet and a test, from the table view.

Each builder returns a :class:`~tablekit.ui.form.Form` whose confirm turns the
chosen values into commands and submits them; a refusal leaves the form open
with the reason on screen. Every choice is a tap: mice, ratings, traits and
wises are offered from the sheets, so nothing but a new name is typed. A
conflict's forms are in :mod:`~tablekit.ui.mg.conflict_forms` and
:mod:`~tablekit.ui.mg.conflict_rolls`, the prologue's and the rewards' in
:mod:`~tablekit.ui.mg.session_forms`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, cast

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.character import ABILITIES
from tablekit.rules.mouse_guard.limits import TEXT_LENGTH
from tablekit.rules.mouse_guard.sheet_fields import SheetFields, written
from tablekit.rules.mouse_guard.view_types import CharacterView, MouseGuardView, RatingView
from tablekit.ui.form import Field, Form
from tablekit.ui.i18n import mark
from tablekit.ui.mg.patrol import CONTACT_NAMES

Submit = Callable[[Command], bool]
Tr = Callable[[str], str]

PER_ROW = 3
"""Options offered side by side in one row of a choice."""

CONDITIONS = (mark("Hungry"), mark("Angry"), mark("Tired"), mark("Injured"), mark("Sick"))
"""Mouse Guard's condition names, for the catalogue (a hack's come with its ruleset)."""


SKILLS = (
    *(mark("Fighter"), mark("Healer"), mark("Hunter"), mark("Instructor"), mark("Pathfinder")),
    *(mark("Scout"), mark("Survivalist"), mark("Weather Watcher"), mark("Orator")),
    *(mark("Deceiver"), mark("Persuader")),
)
"""The skills printed on Mouse Guard's sheet, for the catalogue: a sheet names them in the
table's language (a hack's ruleset may keep its text's own words)."""


def conditions(view: MouseGuardView, tr: Tr) -> list[tuple[str, str]]:
    """(id, name) of the ruleset's conditions, in the recovery order, named in ``tr``'s language."""
    names = [(c["id"], c["name"]) for c in view["ruleset"]["conditions"]]
    return [(key, tr(name)) for key, name in names]


def choice(
    key: str, label: str, options: Sequence[tuple[str, str]], chosen: str, per_row: int = PER_ROW
) -> list[Field]:
    """One choice spread over rows of ``per_row`` options, labelled once."""
    return [
        Field(key, label if i == 0 else "", "choice", chosen, options[i : i + per_row])
        for i in range(0, max(1, len(options)), per_row)
    ]


def mouse(view: MouseGuardView, name: str) -> CharacterView:
    """The sheet of the mouse called ``name``."""
    return next(c for c in view["characters"] if c["name"] == name)


def ratings(sheet: CharacterView, tr: Tr, rated_only: bool = True) -> list[tuple[str, str]]:
    """(name, label) of the mouse's abilities and skills, the rated ones unless asked."""
    return [
        (r["name"], f"{tr(r['name'])} {r['rating']}")
        for r in sheet["ratings"]
        if r["rating"] or not rated_only
    ]


TRAITS = (
    *(mark("Bold"), mark("Brave"), mark("Calm"), mark("Clever")),
    *(mark("Curious"), mark("Fearless"), mark("Quick-witted")),
)
"""Traits a new sheet offers by a tap, in the table's language; any other is typed later
(More…, Trait…)."""


def new_mouse(view: MouseGuardView, submit: Submit, tr: Tr) -> Form:
    """A new character in one form: a name; then the three abilities, the starting points
    and the ruleset's skills, each a stepper (the form turns pages as they fill the
    screen); then a trait by a tap, and its level where traits have levels."""
    rules = view["ruleset"]
    first = [Field("name", tr("Name"), "text", "")]
    numbers = [
        Field("Nature", tr("Nature"), "count", 3, low=1, high=6),
        Field("Will", tr("Will"), "count", 3, low=1, high=6),
        Field("Health", tr("Health"), "count", 3, low=1, high=6),
        Field("fate", tr("Fate"), "count", rules["start_fate"], high=9),
        Field("persona", tr("Persona"), "count", rules["start_persona"], high=9),
        *(Field(f"skill|{s}", tr(s), "count", 0, high=6) for s in rules["skills"]),
    ]
    options = [("", tr("None")), *((tr(t), tr(t)) for t in TRAITS)]
    trait = [Field("trait", tr("Trait"), "choice", "", options[:2])]  # labelled, then rows
    trait += [  # of three across the whole width, so each reads whole
        Field("trait", "", "choice", "", options[i : i + 3], wide=True)
        for i in range(2, len(options), 3)
    ]
    if rules["max_trait_level"] > 1:
        trait.append(Field("level", tr("Level"), "count", 1, low=1, high=rules["max_trait_level"]))

    def confirm(values: dict[str, Any]) -> bool:
        skills = [
            {"name": s, "rating": values[f"skill|{s}"]}
            for s in rules["skills"]
            if values[f"skill|{s}"]
        ]
        chosen = str(values.get("trait", ""))
        sheet = {
            "name": values["name"].strip(),
            "ratings": [{"name": a, "rating": values[a]} for a in ABILITIES] + skills,
            "fate": values["fate"],
            "persona": values["persona"],
            "traits": [{"name": chosen, "level": values.get("level", 1)}] if chosen else [],
        }
        return submit(sheet_command(sheet))

    return Form(tr("New mouse"), [first, numbers, trait], confirm, tr("Add"))


def edit_ratings(sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """Every ability and skill of one mouse as a stepper; only the changed ones are sent."""
    fields = [
        Field(name, tr(name), "count", r["rating"], high=6)
        for r in sheet["ratings"]
        for name in [r["name"]]
    ]

    def confirm(values: dict[str, Any]) -> bool:
        return all(
            submit(cmd.SetRating(sheet["name"], r["name"], values[r["name"]]))
            for r in sheet["ratings"]
            if values[r["name"]] != r["rating"]
        )

    return Form(f"{sheet['name']}: {tr('Ratings')}", [fields], confirm, tr("Save"))


def edit_conditions(view: MouseGuardView, sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """The mouse's conditions, any of them at once; only the changes are sent."""
    options = conditions(view, tr)
    now = tuple(sheet["conditions"])
    field = Field("conditions", tr("Conditions"), "multi", now, options)

    def confirm(values: dict[str, Any]) -> bool:
        chosen = set(values["conditions"])
        return all(
            submit(cmd.SetCondition(sheet["name"], key, key in chosen))
            for key, _ in options
            if (key in chosen) != (key in now)
        )

    return Form(f"{sheet['name']}: {tr('Conditions')}", [[field]], confirm, tr("Save"))


def add_trait(sheet: CharacterView, submit: Submit, tr: Tr, top: int = 3) -> Form:
    """A trait by name and level, up to the ruleset's ``top`` (set-up or a winter session)."""
    fields = [
        Field("trait", tr("Trait"), "text", ""),
        Field("level", tr("Level"), "count", 1, low=1, high=top),
    ]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.SetTrait(sheet["name"], values["trait"].strip(), values["level"]))

    return Form(f"{sheet['name']}: {tr('Trait')}", [fields], confirm, tr("Add"))


def add_wise(sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """A wise by name (set-up or a winter session)."""
    field = Field("wise", tr("Wise"), "text", "")

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.SetWise(sheet["name"], values["wise"].strip()))

    return Form(f"{sheet['name']}: {tr('Wise')}", [[field]], confirm, tr("Add"))


def begin_test(sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """What is tested, against which obstacle, and whether the GM opposes with dice."""
    options = ratings(sheet, tr)
    nature = [("", tr("No")), ("within", tr("Within")), ("against", tr("Against"))]
    first = choice("rating", tr("Test"), options, options[0][0] if options else "")
    second = [
        Field("ob", tr("Obstacle"), "count", 2, high=12),
        Field("versus", tr("GM's dice (versus)"), "count", 0, high=15),
        *choice("nature", tr("Nature instead"), nature, ""),
    ]

    def confirm(values: dict[str, Any]) -> bool:
        versus = values["versus"]
        return submit(
            cmd.BeginTest(
                sheet["name"],
                values["nature"] and "Nature" or values["rating"],
                0 if versus else values["ob"],
                values["nature"],
                "GM" if versus else "",
                versus_dice=versus,
            )
        )

    return Form(f"{sheet['name']}: {tr('Test')}", [first, second], confirm, tr("Start"))


def nature_test(sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """A test of a skill the mouse lacks, Nature rolling in its place (the summary's Tests,
    step 1, "Skill/Ability or Nature"; the sheet's Nature Rules): which skill, then the
    obstacle or the GM's dice, and whether the deed is within Nature or against it (a
    failure then taxes Nature). The test's title says "Nature for" the skill."""
    missing = [(r["name"], tr(r["name"])) for r in sheet["ratings"] if lacked(r)]
    first = missing[0][0] if missing else ""
    skills = [
        Field("rating", "", "choice", first, missing[i : i + 3], wide=True)
        for i in range(0, max(1, len(missing)), 3)
    ]
    ways = [("against", tr("Against Nature: a failure taxes it")), ("within", tr("Within"))]
    second = [
        Field("ob", tr("Obstacle"), "count", 2, high=12),
        Field("versus", tr("GM's dice (versus)"), "count", 0, high=15),
        Field("nature", tr("Nature instead"), "choice", "against", [ways[1]]),
        Field("nature", "", "choice", "against", [ways[0]], wide=True),
    ]

    def confirm(values: dict[str, Any]) -> bool:
        versus = values["versus"]
        return submit(
            cmd.BeginTest(
                sheet["name"],
                values["rating"],
                0 if versus else values["ob"],
                values["nature"],
                "GM" if versus else "",
                versus_dice=versus,
            )
        )

    title = f"{sheet['name']}: {tr('Nature for a skill')}"
    return Form(title, [skills, second], confirm, tr("Start"))


def lacked(rating: RatingView) -> bool:
    """Whether ``rating`` is a skill with no dice (Nature, Will and Health never are)."""
    return rating["name"] not in {str(a) for a in ABILITIES} and rating["rating"] < 1


def trait(sheet: CharacterView, submit: Submit, tr: Tr, against: bool, versus: bool) -> Form:
    """A trait used against the mouse (a check, or two in a versus test) or for it (+1D)."""
    options = [(t["name"], t["name"]) for t in sheet["traits"]]
    fields = choice("trait", tr("Trait"), options, options[0][0] if options else "")
    if against and versus:
        fields.append(Field("bonus", tr("Give the GM +2D (2 checks)"), "toggle", False))

    def confirm(values: dict[str, Any]) -> bool:
        if against:
            bonus = bool(values.get("bonus", False))
            return submit(cmd.UseTraitAgainst(sheet["name"], values["trait"], bonus))
        return submit(cmd.UseTraitFor(sheet["name"], values["trait"]))

    title = tr("Trait against") if against else tr("Trait for")
    return Form(title, [fields], confirm, tr("Use"))


def helper(view: MouseGuardView, tester: str, submit: Submit, tr: Tr) -> Form:
    """Another mouse helps with a skill, an ability or a wise; the roller may add its own wise.

    The roller's own wise is "I Am Wise" (the sheet's basic dice rules).
    """
    pages = []
    for other in view["characters"]:
        wises = [(f"wise:{w['name']}", w["name"]) for w in other["wises"]]
        via = wises if other["name"] == tester else ratings(other, tr) + wises
        if via:
            pages.append(choice(other["name"], other["name"], via, ""))
    if not pages:
        pages = [[Field("none", tr("No mouse can help"), "toggle", False)]]

    def confirm(values: dict[str, Any]) -> bool:
        chosen = [(name, via) for name, via in values.items() if name != "none" and via]
        return all(
            submit(
                cmd.AddHelper(
                    tester,
                    name,
                    skill="" if via.startswith("wise:") else via,
                    wise=via.removeprefix("wise:") if via.startswith("wise:") else "",
                )
            )
            for name, via in chosen
        )

    return Form(tr("Helpers"), [[field for page in pages for field in page]], confirm, tr("Help"))


def wise_option(sheet: CharacterView, submit: Submit, tr: Tr, kind: str) -> Form:
    """Deeper Understanding (Fate) or Of Course! (Persona), with one of the mouse's wises."""
    options = [(w["name"], w["name"]) for w in sheet["wises"]]
    fields = choice("wise", tr("Wise"), options, options[0][0] if options else "")

    def confirm(values: dict[str, Any]) -> bool:
        if kind == "of_course":
            return submit(cmd.OfCourse(sheet["name"], values["wise"]))
        return submit(cmd.DeeperUnderstanding(sheet["name"], values["wise"]))

    title = tr("Of Course!") if kind == "of_course" else tr("Deeper Understanding")
    return Form(title, [fields], confirm, tr("Reroll"))


def level_three(
    sheet: CharacterView, submit: Submit, tr: Tr, tie: bool, roll: Submit | None = None
) -> Form:
    """A level 3 trait: the tie broken in the mouse's favour, or after the roll a success
    (no dice: it never asks the tray), or where the ruleset reads the sheet a reroll of the
    failed dice through ``roll``, so a table with its own dice rolls them like any reroll."""
    options = [(t["name"], t["name"]) for t in sheet["traits"] if t["level"] == 3]
    fields = choice("trait", tr("Trait"), options, options[0][0] if options else "")

    def confirm(values: dict[str, Any]) -> bool:
        if tie:
            return submit(cmd.BreakTie(sheet["name"], values["trait"], "level_three"))
        if roll is not None:
            return roll(cmd.LevelThree(sheet["name"], values["trait"]))
        return submit(cmd.LevelThree(sheet["name"], values["trait"], faces=()))

    return Form(tr("Level 3 trait"), [fields], confirm, tr("Use"))


def concede_tie(sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """A trait used against the mouse to hand the GM the tie, for two checks."""
    options = [(t["name"], t["name"]) for t in sheet["traits"]]
    fields = choice("trait", tr("Trait"), options, options[0][0] if options else "")

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.BreakTie(sheet["name"], values["trait"], "against"))

    return Form(tr("Give the GM the tie"), [fields], confirm, tr("Use"))


TIE_WAYS = {
    "tiebreaker": mark("Tiebreaker: each side rolls Will, Health or Nature"),
    "level_three": mark("A level 3 trait wins it"),
    "against": mark("A trait used against: the other side wins, 2 checks"),
}
"""The ways to break a tie (the summary's Tests, step 10), explained where they are chosen."""


def tie_ways(ways: dict[str, Callable[[], Form]], show: Callable[[Form], None], tr: Tr) -> Form:
    """How a tie is broken, each way saying what it does, one a row; Next opens the way's
    own form (``ways``: only those open to the side, the tiebreaker first)."""
    options = [(key, tr(TIE_WAYS[key])) for key in TIE_WAYS if key in ways]
    fields = [
        Field("way", "", "choice", options[0][0] if options else "", [option], wide=True)
        for option in options
    ]

    def confirm(values: dict[str, Any]) -> bool:
        chosen = ways.get(str(values["way"]))
        if chosen is not None:
            show(chosen())
        return True

    return Form(tr("Break the tie"), [fields], confirm, tr("Next"))


def tiebreaker(submit: Submit, tr: Tr) -> Form:
    """The tiebreaker roll: which ability each side rolls, and the GM's dice."""
    abilities = [(a, tr(a)) for a in ABILITIES]
    fields = [
        *choice("ability", tr("Mouse rolls"), abilities, "Will"),
        *choice("theirs", tr("GM rolls"), abilities, "Will"),
        Field("dice", tr("GM's dice"), "count", 3, high=15),
    ]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.Tiebreaker(values["ability"], values["theirs"], values["dice"]))

    return Form(tr("Tiebreaker"), [fields], confirm, tr("Roll"))


def recover(view: MouseGuardView, sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """Recovery from the mouse's first condition in the recovery order, said before it
    begins: the test it takes (Angry: Will, Ob 2), or that it goes without a roll."""
    held = [c for c in view["ruleset"]["conditions"] if c["id"] in sheet["conditions"]]
    first = held[0] if held else None
    if first is None:
        title = sheet["name"]
    elif first["recovery_ability"]:
        test = f"{tr(first['recovery_ability'])}, Ob {first['recovery_ob']}"
        title = f"{sheet['name']}: {tr(first['name'])} · {test}"
    else:
        title = f"{sheet['name']}: " + tr("{condition}: recovered without a roll").format(
            condition=tr(first["name"])
        )

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.Recover(sheet["name"]))

    return Form(title, [[]], confirm, tr("Recover"))


def cancel_test(submit: Submit, tr: Tr) -> Form:
    """The test dropped without a result, asked once: Persona, Fate and checks it spent
    stay spent (Undo takes them back)."""

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.CancelTest())

    title = tr("Drop the test? What it spent stays spent; Undo takes it back.")
    return Form(title, [[]], confirm, tr("Cancel test"))


def failure(view: MouseGuardView, submit: Submit, tr: Tr) -> Form:
    """The GM's call on a failed test: a twist, or success with a condition."""
    options = [("twist", tr("Twist"))] + conditions(view, tr)
    fields = choice("outcome", tr("The GM chooses"), options, "twist")

    def confirm(values: dict[str, Any]) -> bool:
        if values["outcome"] == "twist":
            return submit(cmd.Resolve("twist"))
        return submit(cmd.Resolve("condition", values["outcome"]))

    return Form(tr("Failed"), [fields], confirm, tr("Done"))


EXTRAS = ("checks", "advances_due", "prologue_done")
"""What the view adds to a sheet; a sheet sent back to the rules leaves them out."""


def replaced(sheet: CharacterView, **changes: Any) -> cmd.AddCharacter:
    """The command that puts the mouse's sheet back with ``changes`` made."""
    plain = {key: value for key, value in sheet.items() if key not in EXTRAS}
    return sheet_command(plain | changes, replace=True)


def sheet_command(data: dict[str, Any], replace: bool = False) -> cmd.AddCharacter:
    """``mg.add_character`` with ``data`` as the sheet. A sheet beyond a limit (one kept
    from before the limits) goes as it is, so the session refuses it like any other
    command, naming the field."""
    try:
        return cmd.AddCharacter(written(data), replace)
    except RuleError:
        return cmd.AddCharacter(cast(SheetFields, data), replace)


def edit_story(sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """Belief, goal and instinct, each typed on a page of its own."""
    story: tuple[tuple[Literal["belief", "goal", "instinct"], str], ...] = (
        ("belief", "Belief"),
        ("goal", "Goal"),
        ("instinct", "Instinct"),
    )
    pages = [
        [Field(key, tr(label), "text", sheet[key], longest=TEXT_LENGTH)] for key, label in story
    ]

    def confirm(values: dict[str, Any]) -> bool:
        words = {key: values[key].strip() for key in ("belief", "goal", "instinct")}
        return submit(replaced(sheet, **words))

    return Form(f"{sheet['name']}: {tr('Belief, goal, instinct')}", pages, confirm, tr("Save"))


RANKS = (
    mark("Tenderpaw"),
    mark("Guardmouse"),
    mark("Patrol Guard"),
    mark("Patrol Leader"),
    mark("Guard Captain"),
)


def edit_identity(sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """Age and rank by taps, then home, fur and cloak typed."""
    who = sheet["identity"]
    ranks = [(rank, tr(rank)) for rank in RANKS]
    first = [
        Field("age", tr("Age"), "count", who["age"], high=99),
        *choice("rank", tr("Rank"), ranks, who["rank"]),
    ]
    words: tuple[Literal["home", "fur", "cloak"], ...] = ("home", "fur", "cloak")
    typed = [[Field(key, tr(key.capitalize()), "text", who[key])] for key in words]

    def confirm(values: dict[str, Any]) -> bool:
        identity = {key: values[key] for key in ("age", "rank")} | {
            key: values[key].strip() for key in ("home", "fur", "cloak")
        }
        return submit(replaced(sheet, identity=identity))

    return Form(f"{sheet['name']}: {tr('Who')}", [first, *typed], confirm, tr("Save"))


def edit_contacts(sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """Parents, senior artisan, mentor, friend and enemy, each typed on a page of its own."""
    known = sheet["contacts"]
    pages = [[Field(key, tr(label), "text", known[key])] for key, label in CONTACT_NAMES.items()]

    def confirm(values: dict[str, Any]) -> bool:
        contacts = {key: values[key].strip() for key in CONTACT_NAMES}
        return submit(replaced(sheet, contacts=contacts))

    return Form(f"{sheet['name']}: {tr('Contacts')}", pages, confirm, tr("Save"))


def edit_gear(sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """The gear the mouse keeps (untick an item to drop it), then one new item typed."""
    carried = sheet["gear"]
    keep = [Field("keep", tr("Keep"), "multi", tuple(carried), [(g, g) for g in carried])]
    typed = [Field("new", tr("New gear"), "text", "")]

    def confirm(values: dict[str, Any]) -> bool:
        kept = [item for item in carried if item in values.get("keep", ())]
        new = values["new"].strip()
        return submit(replaced(sheet, gear=kept + ([new] if new and new not in kept else [])))

    return Form(
        f"{sheet['name']}: {tr('Gear')}", [keep, typed] if carried else [typed], confirm, tr("Save")
    )


def charge(sheet: CharacterView, submit: Submit, tr: Tr, cost: int) -> Form:
    """Checks spent to raise a trait one level until the session ends."""
    options = [(t["name"], f"{t['name']} {t['level']}") for t in sheet["traits"]]
    fields = choice("trait", f"{tr('Trait')} ({cost} {tr('checks')})", options, options[0][0])

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.ChargeTrait(sheet["name"], values["trait"]))

    return Form(f"{sheet['name']}: {tr('Charge trait…')}", [fields], confirm, tr("Use"))


def recharge(sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """Checks spent so a trait used this session helps once more."""
    options = [(t["name"], t["name"]) for t in sheet["traits"] if t["used"]]
    fields = choice("trait", tr("Trait"), options, options[0][0] if options else "")

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.RechargeTrait(sheet["name"], values["trait"]))

    return Form(f"{sheet['name']}: {tr('Recharge trait…')}", [fields], confirm, tr("Use"))
