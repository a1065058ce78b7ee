"""What can be done now on the Mouse Guard screen, outside a conflict.

The right side's entries for the patrol, for one mouse's sheet, and for a test
before and after its roll, in the summary's order. Each entry opens a form or
submits a command through the :class:`~tablekit.ui.mg.stage.Stage` that shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from tablekit.rules.game import Command
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.view_types import (
    CharacterView,
    MouseGuardView,
    Option,
    TestView,
)
from tablekit.ui.form import Form
from tablekit.ui.i18n import mark
from tablekit.ui.mg import builder, conflict_forms, forms, patrol, session_forms
from tablekit.ui.mg.stage import Entry, Slots, Stage


def patrol_actions(stage: Stage, view: MouseGuardView) -> list[Entry]:
    """With the patrol shown: a new mouse, a conflict, the next phase, a note for the GM."""
    tr = stage.app.tr
    legal = set(view["legal"])
    conflict_open = ccmd.BeginConflict.kind in legal and bool(view["characters"])
    return [
        Entry(tr("New mouse"), lambda: stage.show(forms.new_mouse(view, stage.submit, tr)), True),
        Entry(
            tr("Conflict…"),
            lambda: stage.show(conflict_forms.begin_conflict(view, stage.submit, tr)),
            conflict_open,
            tr(NO_MICE).format(button=tr("New mouse")) if not view["characters"] else tr(NOT_NOW),
        ),
        Entry(
            tr("Next phase"), partial(_next_phase, stage), cmd.SetPhase.kind in legal, tr(NOT_NOW)
        ),
        Entry(
            tr("Note…"),
            lambda: stage.show(session_forms.note(stage.submit, tr)),
            cmd.Note.kind in legal,
            tr(NOT_NOW),
        ),
    ]


NO_MICE = mark("Add the patrol with {button} first")
NOT_NOW = mark("Not now: finish the test or the conflict first")


def sheet_actions(stage: Stage, view: MouseGuardView) -> list[Entry]:
    """With a mouse's sheet shown: a test, its ratings and conditions, and advances due."""
    tr, submit = stage.app.tr, stage.submit
    sheet = forms.mouse(view, stage.selected or "")
    legal = set(view["legal"])
    found: list[Entry] = [
        Entry(
            tr("Test…"),
            lambda: stage.show(forms.begin_test(sheet, submit, tr)),
            cmd.BeginTest.kind in legal,
            tr(NOT_NOW),
        ),
        Entry(tr("Ratings…"), lambda: stage.show(forms.edit_ratings(sheet, submit, tr)), True),
        Entry(
            tr("Conditions…"),
            lambda: stage.show(forms.edit_conditions(view, sheet, submit, tr)),
            True,
        ),
        Entry(
            tr("Recover…"),
            lambda: stage.show(forms.recover(view, sheet, submit, tr)),
            cmd.Recover.kind in legal and bool(sheet["conditions"]),
            tr(RECOVER_WHEN if sheet["conditions"] else NO_CONDITION).format(name=sheet["name"]),
        ),
        Entry(tr("More…"), lambda: stage.show(_more(stage, view, sheet)), True),
        Entry(_about_label(stage, view), stage.toggle_about, True, key="about"),
    ]
    for rating in sheet["advances_due"]:
        label = f"{tr('Advance')} {tr(rating)}"
        found.append(Entry(label, partial(submit, cmd.Advance(sheet["name"], rating)), True))
    return found


NO_CONDITION = mark("{name} has no condition to recover from")
RECOVER_WHEN = mark("Recovery is for the GM's turn or the players' turn, outside a test")


def _about_label(stage: Stage, view: MouseGuardView) -> str:
    """The About button names the page it opens next, in the same place: the sheet's words,
    then the ruleset's readings where it has some (the rules' About page), then numbers."""
    tr = stage.app.tr
    if stage.about and view["ruleset"]["readings"]:
        return tr("Readings")
    return tr("Numbers") if stage.about or stage.readings else tr("About")


def _more(stage: Stage, view: MouseGuardView, sheet: CharacterView) -> Form:
    """The sheet's less frequent changes, one tap away: traits, wises, rewards, checks,
    and a test of a skill the mouse lacks (Nature in its place)."""
    tr, submit = stage.app.tr, stage.submit
    legal = set(view["legal"])
    menu: list[tuple[str, str, Callable[[], object], bool]] = [
        (
            "story",
            tr("Belief, goal, instinct…"),
            lambda: stage.show(forms.edit_story(sheet, submit, tr)),
            cmd.AddCharacter.kind in legal,
        ),
        (
            "who",
            tr("Age, rank, home…"),
            lambda: stage.show(forms.edit_identity(sheet, submit, tr)),
            cmd.AddCharacter.kind in legal,
        ),
        (
            "contacts",
            tr("Contacts…"),
            lambda: stage.show(forms.edit_contacts(sheet, submit, tr)),
            cmd.AddCharacter.kind in legal,
        ),
        (
            "gear",
            tr("Gear…"),
            lambda: stage.show(forms.edit_gear(sheet, submit, tr)),
            cmd.AddCharacter.kind in legal,
        ),
        (
            "trait",
            tr("Trait…"),
            lambda: stage.show(
                forms.add_trait(sheet, submit, tr, view["ruleset"]["max_trait_level"])
            ),
            cmd.SetTrait.kind in legal,
        ),
        (
            "wise",
            tr("Wise…"),
            lambda: stage.show(forms.add_wise(sheet, submit, tr)),
            cmd.SetWise.kind in legal,
        ),
        (
            "reward",
            tr("Reward…"),
            lambda: stage.show(session_forms.reward(sheet, submit, tr)),
            cmd.Reward.kind in legal,
        ),
        (
            "prologue",
            tr("Prologue…"),
            lambda: stage.show(session_forms.prologue(view, sheet, submit, tr)),
            cmd.Prologue.kind in legal,
        ),
        (
            "charge",
            tr("Charge trait…"),
            lambda: stage.show(forms.charge(sheet, submit, tr, view["ruleset"]["charge"])),
            cmd.ChargeTrait.kind in legal and bool(sheet["traits"]),
        ),
        (
            "recharge",
            tr("Recharge trait…"),
            lambda: stage.show(forms.recharge(sheet, submit, tr)),
            cmd.RechargeTrait.kind in legal and any(t["used"] for t in sheet["traits"]),
        ),
        (
            "check",
            tr("Spend a check"),
            partial(submit, cmd.SpendCheck(sheet["name"])),
            cmd.SpendCheck.kind in legal and sheet["checks"] > 0,
        ),
        (
            "nature",
            tr("Nature for a skill…"),
            lambda: stage.show(forms.nature_test(sheet, submit, tr)),
            cmd.BeginTest.kind in legal and any(forms.lacked(r) for r in sheet["ratings"]),
        ),
    ]
    open_now = [(key, label) for key, label, _, allowed in menu if allowed]
    actions = {key: action for key, _, action, _ in menu}
    fields = forms.choice("what", tr("Change"), open_now, open_now[0][0] if open_now else "")

    def confirm(values: dict[str, Any]) -> bool:
        action = actions.get(values["what"])
        if action is not None:
            action()
        return True

    return Form(sheet["name"], [fields], confirm, tr("Open"))


TOO_LATE = mark("Too late: the pool is built in order (traits, help, Persona), then rolled")
ROLLED = mark("The roll has begun: the pools are closed")
NO_PERSONA = mark("{name} has no Persona point")
NO_TRAIT = mark("{name} has no trait")
GM_FIRST = mark("The GM rolls first")
GM_ROLLED = mark("The GM has rolled")
NO_OPTION = {
    "deeper_understanding": mark("Needs a Fate point, a wise and a failed die"),
    "of_course": mark("Needs a Persona point, a wise and a failed die"),
    "explode": mark("Needs a Fate point and an axe, once a roll"),
    "level_three": mark("Needs a level 3 trait not used this session"),
}
WISE_OPTIONS = ("deeper_understanding", "of_course")
NOT_DECIDED = mark("The result is not decided yet")

BEFORE_ROLL = 6
"""Cells of the steps before the roll: five steps, then Roll; the GM's roll goes apart."""


def test_steps(stage: Stage, view: MouseGuardView) -> tuple[Slots, Entry | None]:
    """With a test in progress, each in its own cell: what adds to the pool and the roll, or
    what follows it; and apart from them the GM's roll in a versus test, or Done.

    Every step keeps its cell for the whole of its phase (before the roll, after it):
    one that is past, or not open to this mouse, stays greyed with its reason. Roll is
    the last cell before the roll, and empty after it, so a second tap on Roll meets
    nothing."""
    test = view["test"]
    assert test is not None  # the scene asks for a test's steps only while one is in progress
    tr, submit = stage.app.tr, stage.submit
    if test["to_roll"] is None:
        return _after_roll(stage, view, test, forms.mouse(view, test["tester"]["actor"]))
    legal = set(view["legal"])
    sheet = forms.mouse(view, test["tester"]["actor"])
    versus = test["kind"] == "versus"
    name = sheet["name"]
    opened = test["opponent"] is not None and test["opponent"]["rolled"]
    late = tr(ROLLED) if opened else tr(TOO_LATE)
    traits = bool(sheet["traits"])
    persona = sheet["persona"] > 0

    def why(command: type[Command], has: bool, missing: str) -> str:
        return late if command.kind not in legal else "" if has else tr(missing).format(name=name)

    steps: Slots = [
        Entry(
            tr("Trait against"),
            lambda: stage.show(forms.trait(sheet, submit, tr, True, versus)),
            cmd.UseTraitAgainst.kind in legal and not test["tester"]["rolled"] and traits,
            why(cmd.UseTraitAgainst, traits, NO_TRAIT),
        ),
        Entry(
            tr("Trait for"),
            lambda: stage.show(forms.trait(sheet, submit, tr, False, versus)),
            cmd.UseTraitFor.kind in legal and traits,
            why(cmd.UseTraitFor, traits, NO_TRAIT),
        ),
        Entry(
            tr("Helpers"),
            lambda: stage.show(forms.helper(view, sheet["name"], submit, tr)),
            cmd.AddHelper.kind in legal,
            late,
        ),
        Entry(
            tr("Nature (Persona)"),
            lambda: submit(cmd.TapNature(sheet["name"])),
            cmd.TapNature.kind in legal and persona,
            why(cmd.TapNature, persona, NO_PERSONA),
        ),
        Entry(
            tr("Persona +1D"),
            lambda: submit(cmd.PersonaDice(sheet["name"])),
            cmd.PersonaDice.kind in legal and persona,
            why(cmd.PersonaDice, persona, NO_PERSONA),
        ),
        Entry(
            tr("Roll"),
            lambda: stage.roll(cmd.Roll()),
            test["to_roll"] == "tester",
            tr(GM_FIRST),
        ),
    ]
    gm_roll = (
        Entry(
            tr("Roll for the GM"),
            lambda: stage.roll(cmd.Roll()),
            test["to_roll"] == "opponent",
            tr(GM_ROLLED),
        )
        if versus
        else None
    )
    return steps, gm_roll


def _after_roll(
    stage: Stage, view: MouseGuardView, test: TestView, sheet: CharacterView
) -> tuple[Slots, Entry]:
    """After the roll, each in its cell: the options in the summary's order (those the
    ruleset has), then breaking a tie; Roll's cell stays empty. Done goes apart, below the
    result: where the screen the test returns to has no button, so a second tap on Done
    meets nothing."""
    tr = stage.app.tr
    chance, open_now = test["chance"], test["options"]
    wises = view["ruleset"]["wise_rerolls"]
    found: Slots = []
    for name in builder.OPTIONS:
        if name in WISE_OPTIONS and not wises:
            found.append(None)  # the ruleset has no wise rerolls: no button for them
            continue
        # Only the chance of reaching an obstacle names the options; win, tie, lose has none.
        odds = None if builder.versus(chance) else chance.get(name)
        found.append(
            Entry(
                builder.option_label(name, odds, tr),
                _option(stage, name, sheet),
                bool(open_now.get(name)),
                tr(NO_OPTION[name]),
                key=name,
                figure="" if odds is None else builder.percent(odds, tr),
            )
        )
    if test["tied"]:
        ties = partial(stage.show, tie_form(stage, view, sheet))
        found.append(Entry(tr("Break the tie…"), ties, cmd.BreakTie.kind in view["legal"]))
    else:
        found.append(None)
    passed = test["passed"]
    done = _finish(stage, passed) if passed is not None else (lambda: None)
    return found + [None], Entry(tr("Done"), done, passed is not None, tr(NOT_DECIDED))


def tie_form(stage: Stage, view: MouseGuardView, sheet: CharacterView) -> Form:
    """How the test's tie is broken: the tiebreaker, a level 3 trait of the tester's, or a
    trait used against for two checks; only the ways open to the tester are offered."""
    tr, submit = stage.app.tr, stage.submit
    ways: dict[str, Callable[[], Form]] = {}
    test = view["test"]
    if test is not None and not test["tiebreakers"]:
        ways["tiebreaker"] = lambda: forms.tiebreaker(submit, tr)
    top = view["ruleset"]["max_trait_level"] >= 3
    if top and any(t["level"] == 3 for t in sheet["traits"]):
        ways["level_three"] = lambda: forms.level_three(sheet, submit, tr, True)
    if sheet["traits"]:
        ways["against"] = lambda: forms.concede_tie(sheet, submit, tr)
    return forms.tie_ways(ways, stage.show, tr)


def _option(stage: Stage, name: Option, sheet: CharacterView) -> Callable[[], object]:
    """The option ``name`` after a roll: explode the axes, a level 3 trait, or a wise."""
    tr, submit = stage.app.tr, stage.submit
    if name == "explode":
        return lambda: stage.roll(cmd.Explode(sheet["name"]))
    if name == "level_three":
        reroll = stage.view()["ruleset"]["level_three"] == "reroll"
        roll = stage.roll if reroll else None
        return lambda: stage.show(forms.level_three(sheet, submit, tr, False, roll))
    return lambda: stage.show(forms.wise_option(sheet, submit, tr, name))


def _finish(stage: Stage, passed: bool) -> Callable[[], object]:
    """Done: a pass resolves at once; a failure asks the GM for a twist or a condition."""
    if passed:
        return lambda: stage.submit(cmd.Resolve())
    return lambda: stage.show(forms.failure(stage.view(), stage.submit, stage.app.tr))


def _next_phase(stage: Stage) -> None:
    """On to the next phase; after the players' turn or winter the prologue comes round.

    The first session on the device asks whether it begins the campaign or
    continues one played before: a continued campaign has a prologue at once.
    """
    order = list(patrol.PHASES)
    view = stage.view()
    now = view["phase"]
    following = "prologue" if now in ("players_turn", "winter") else order[order.index(now) + 1]
    if following == "prologue" and not view["sessions_begun"]:
        stage.show(session_forms.first_session(stage.submit, stage.app.tr))
        return
    stage.submit(cmd.SetPhase(following))
