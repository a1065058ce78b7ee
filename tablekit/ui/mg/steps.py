"""What can be done now on the Mouse Guard screen, outside a conflict.

The right side's entries for the patrol, for one mouse's sheet, and for a test
before and after its roll, in the summary's order. Each entry opens a form or
submits a command through the :class:`~tablekit.ui.mg.stage.Stage` that shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.view_types import (
    CharacterView,
    MouseGuardView,
    Option,
    TestView,
)
from tablekit.ui.form import Form
from tablekit.ui.mg import builder, conflict_forms, forms, patrol, session_forms
from tablekit.ui.mg.stage import Entry, Stage


def patrol_actions(stage: Stage, view: MouseGuardView) -> list[Entry]:
    """With the patrol shown: a new mouse, a conflict, the next phase, a note for the GM."""
    tr = stage.app.tr
    return [
        (tr("New mouse"), lambda: stage.show(forms.new_mouse(view, stage.submit, tr)), True),
        (
            tr("Conflict…"),
            lambda: stage.show(conflict_forms.begin_conflict(view, stage.submit, tr)),
            "mg.begin_conflict" in view["legal"] and bool(view["characters"]),
        ),
        (tr("Next phase"), partial(_next_phase, stage), "mg.set_phase" in view["legal"]),
        (
            tr("Note…"),
            lambda: stage.show(session_forms.note(stage.submit, tr)),
            "mg.note" in view["legal"],
        ),
    ]


def sheet_actions(stage: Stage, view: MouseGuardView) -> list[Entry]:
    """With a mouse's sheet shown: a test, its ratings and conditions, and advances due."""
    tr, submit = stage.app.tr, stage.submit
    sheet = forms.mouse(view, stage.selected or "")
    legal = set(view["legal"])
    found: list[Entry] = [
        (
            tr("Test…"),
            lambda: stage.show(forms.begin_test(sheet, submit, tr)),
            "mg.begin_test" in legal,
        ),
        (tr("Ratings…"), lambda: stage.show(forms.edit_ratings(sheet, submit, tr)), True),
        (
            tr("Conditions…"),
            lambda: stage.show(forms.edit_conditions(view, sheet, submit, tr)),
            True,
        ),
        (tr("Recover"), partial(submit, cmd.Recover(sheet["name"])), "mg.recover" in legal),
        (tr("More…"), lambda: stage.show(_more(stage, view, sheet)), True),
        (_about_label(stage, view), stage.toggle_about, True),
    ]
    for rating in sheet["advances_due"]:
        label = f"{tr('Advance')} {tr(rating)}"
        found.append((label, partial(submit, cmd.Advance(sheet["name"], rating)), True))
    return found


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
            "mg.add_character" in legal,
        ),
        (
            "who",
            tr("Age, rank, home…"),
            lambda: stage.show(forms.edit_identity(sheet, submit, tr)),
            "mg.add_character" in legal,
        ),
        (
            "contacts",
            tr("Contacts…"),
            lambda: stage.show(forms.edit_contacts(sheet, submit, tr)),
            "mg.add_character" in legal,
        ),
        (
            "gear",
            tr("Gear…"),
            lambda: stage.show(forms.edit_gear(sheet, submit, tr)),
            "mg.add_character" in legal,
        ),
        (
            "trait",
            tr("Trait…"),
            lambda: stage.show(
                forms.add_trait(sheet, submit, tr, view["ruleset"]["max_trait_level"])
            ),
            "mg.set_trait" in legal,
        ),
        (
            "wise",
            tr("Wise…"),
            lambda: stage.show(forms.add_wise(sheet, submit, tr)),
            "mg.set_wise" in legal,
        ),
        (
            "reward",
            tr("Reward…"),
            lambda: stage.show(session_forms.reward(sheet, submit, tr)),
            "mg.reward" in legal,
        ),
        (
            "prologue",
            tr("Prologue…"),
            lambda: stage.show(session_forms.prologue(view, sheet, submit, tr)),
            "mg.prologue" in legal,
        ),
        (
            "charge",
            tr("Charge trait…"),
            lambda: stage.show(forms.charge(sheet, submit, tr, view["ruleset"]["charge"])),
            "mg.charge_trait" in legal and bool(sheet["traits"]),
        ),
        (
            "recharge",
            tr("Recharge trait…"),
            lambda: stage.show(forms.recharge(sheet, submit, tr)),
            "mg.recharge_trait" in legal and any(t["used"] for t in sheet["traits"]),
        ),
        (
            "check",
            tr("Spend a check"),
            partial(submit, cmd.SpendCheck(sheet["name"])),
            "mg.spend_check" in legal and sheet["checks"] > 0,
        ),
        (
            "nature",
            tr("Nature for a skill…"),
            lambda: stage.show(forms.nature_test(sheet, submit, tr)),
            "mg.begin_test" in legal and any(forms.lacked(r) for r in sheet["ratings"]),
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


def test_steps(stage: Stage, view: MouseGuardView) -> list[Entry]:
    """With a test in progress: what adds to the pool and the roll, or what follows it."""
    test = view["test"]
    assert test is not None  # the scene asks for a test's steps only while one is in progress
    tr, submit = stage.app.tr, stage.submit
    legal = set(view["legal"])
    sheet = forms.mouse(view, test["tester"]["actor"])
    versus = test["kind"] == "versus"
    if test["to_roll"] is not None:
        who = tr("Roll for the GM") if test["to_roll"] == "opponent" else tr("Roll")
        steps: list[Entry] = [
            (
                tr("Trait against"),
                lambda: stage.show(forms.trait(sheet, submit, tr, True, versus)),
                "mg.use_trait_against" in legal and not test["tester"]["rolled"],
            ),
            (
                tr("Trait for"),
                lambda: stage.show(forms.trait(sheet, submit, tr, False, versus)),
                "mg.use_trait_for" in legal,
            ),
            (
                tr("Helpers"),
                lambda: stage.show(forms.helper(view, sheet["name"], submit, tr)),
                "mg.add_helper" in legal,
            ),
            (
                tr("Nature (Persona)"),
                lambda: submit(cmd.TapNature(sheet["name"])),
                "mg.tap_nature" in legal and sheet["persona"] > 0,
            ),
            (
                tr("Persona +1D"),
                lambda: submit(cmd.PersonaDice(sheet["name"])),
                "mg.persona_dice" in legal and sheet["persona"] > 0,
            ),
        ]
        # Steps already passed, or not open to this mouse, leave the column: it stays short.
        open_steps = [entry for entry in steps if entry[2]]
        return open_steps + [
            (who, lambda: stage.roll(cmd.Roll()), True),
            (tr("Cancel test"), lambda: submit(cmd.CancelTest()), True),
        ]
    return _after_roll(stage, view, test, sheet)


def _after_roll(
    stage: Stage, view: MouseGuardView, test: TestView, sheet: CharacterView
) -> list[Entry]:
    """After the roll: break a tie, the options still open, and Done once it is decided."""
    tr, submit = stage.app.tr, stage.submit
    chance, open_now = test["chance"], test["options"]
    found: list[Entry] = []
    if test["tied"]:
        found += [
            (
                tr("Level 3 breaks the tie"),
                lambda: stage.show(forms.level_three(sheet, submit, tr, True)),
                "mg.break_tie" in view["legal"],
            ),
            (
                tr("Give the GM the tie"),
                lambda: stage.show(forms.concede_tie(sheet, submit, tr)),
                "mg.break_tie" in view["legal"],
            ),
            (
                tr("Tiebreaker"),
                lambda: stage.show(forms.tiebreaker(submit, tr)),
                "mg.tiebreaker" in view["legal"],
            ),
        ]
    for name in builder.OPTIONS:
        if open_now.get(name):
            # Only the chance of reaching an obstacle names the options; win, tie, lose has none.
            label = builder.option_label(
                name, None if builder.versus(chance) else chance.get(name), tr
            )
            found.append((label, _option(stage, name, sheet), True))
    if test["passed"] is not None:
        found.append((tr("Done"), _finish(stage, test["passed"]), True))
    return found


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
