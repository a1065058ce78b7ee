"""The Mouse Guard conflict forms cannot produce a value the command schemas refuse
(issue 12, Build 1): every stepper's lowest and highest value, and every option, makes a
command that passes :func:`tablekit.session.codec.check`; typed text stops at a name's
longest."""

from __future__ import annotations

import itertools
import json
from typing import Any

from clocks import TEST_CLOCK

from tablekit.rules.game import Command
from tablekit.rules.mouse_guard.game import MouseGuard
from tablekit.rules.mouse_guard.limits import NAME_LENGTH
from tablekit.rules.mouse_guard.state import State
from tablekit.session import Journal, Session
from tablekit.session.codec import check
from tablekit.ui.form import Field, Form
from tablekit.ui.mg import conflict_forms, forms

MICE = ["Saxon", "Kenzie"]


def session() -> Session[State]:
    made: Session[State] = Session.create(
        Journal(":memory:", clock=TEST_CLOCK), "limits", MouseGuard()
    )
    for name in MICE:
        sheet = {"name": name, "ratings": [{"name": "Health", "rating": 4}]}
        made.apply(made.parse(json.dumps({"type": "mg.add_character", "sheet": sheet})))
    begin = {"type": "mg.begin_conflict", "conflict": "fight", "patrol": MICE,
             "captain": "Saxon", "opponent": "Weasel", "gm_dice": 4}  # fmt: skip
    made.apply(made.parse(json.dumps(begin)))
    return made


def extremes(form: Form) -> list[dict[str, Any]]:
    """Every combination of each count's ends and each choice's options."""
    fields: list[Field] = [f for page in form.pages for f in page]
    ranges: list[list[tuple[str, Any]]] = []
    for f in fields:
        if f.kind == "count":
            ranges.append([(f.key, f.low), (f.key, f.high)])
        elif f.kind == "choice":
            ranges.append([(f.key, value) for value, _ in f.options])
        elif f.kind == "multi":  # a required one is never confirmed empty
            every = tuple(v for v, _ in f.options)
            ones = [(f.key, (v,)) for v in every]
            ranges.append([*ones, (f.key, every), *([] if f.required else [(f.key, ())])])
    found = []
    for combo in itertools.product(*ranges):
        values = dict(form.values)
        for key, value in combo:
            values[key] = value
        found.append(values)
    return found


def checked(form: Form, made: list[Command]) -> None:
    for values in extremes(form):
        form.confirm(values)
    assert made
    for command in made:
        check(command)  # raises a CommandError on anything the schema refuses


def test_every_conflict_forms_extremes_pass_the_schema() -> None:
    """A form confirmed at any stepper's end or with any option gives a command the schema
    takes; a multiple choice that must not be empty (the patrol, a new team) is required."""
    table = session()
    view: Any = table.table_view()
    conflict = view["conflict"]
    made: list[Command] = []

    def submit(command: Command) -> bool:
        made.append(command)
        return True

    shown: list[Form] = []
    tr = str
    for form in (
        conflict_forms.begin_conflict(view, submit, tr),
        conflict_forms.patrol_disposition(conflict, submit, tr, gear=True),
        conflict_forms.gm_disposition(conflict, submit, tr),
        conflict_forms.form_team(conflict, submit, tr),
        conflict_forms.arms(conflict, submit, shown.append, tr),
        conflict_forms.maneuver(conflict, "patrol", 3, submit, tr),
    ):
        made.clear()
        checked(form, made)
    for form in shown:  # a sword's, a halberd's choice
        made.clear()
        checked(form, made)


def test_typed_text_stops_at_a_names_longest() -> None:
    form = Form("Name", [[Field("name", "Name", "text", "")]], lambda values: True)
    form.type("x" * (NAME_LENGTH + 10))
    assert len(form.values["name"]) == NAME_LENGTH


def test_the_sheet_forms_typed_to_the_end_pass_the_sheet_schema() -> None:
    """Every typed field of the sheet's forms (name, belief, goal, instinct, home, fur,
    cloak, contacts, gear, trait, wise) typed long past any limit still makes a sheet
    the schema takes: the on-screen keys stop first (issue 12, Build 1)."""
    table = session()
    view: Any = table.table_view()
    saxon = forms.mouse(view, "Saxon")
    made: list[Command] = []

    def submit(command: Command) -> bool:
        made.append(command)
        return True

    tr = str
    for form in (
        forms.new_mouse(view, submit, tr),
        forms.edit_story(saxon, submit, tr),
        forms.edit_identity(saxon, submit, tr),
        forms.edit_contacts(saxon, submit, tr),
        forms.edit_gear(saxon, submit, tr),
        forms.add_trait(saxon, submit, tr),
        forms.add_wise(saxon, submit, tr),
    ):
        for page in range(len(form.pages)):
            form.page = page
            form.type("x" * 3000)
        made.clear()
        form.confirm(dict(form.values))
        assert made, form.title
        for command in made:
            check(command)
