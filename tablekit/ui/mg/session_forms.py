"""The forms that bracket a Mouse Guard session: the prologue's gift and the rewards at its end.

Built like every form of the screen (see :mod:`tablekit.ui.mg.forms`): each
confirm turns the chosen value into a command and submits it.
"""

from __future__ import annotations

from typing import Any, Literal

from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.view_types import CharacterView, MouseGuardView
from tablekit.ui.form import Field, Form
from tablekit.ui.i18n import mark
from tablekit.ui.mg.forms import Submit, Tr, choice

RewardName = Literal[
    "belief", "instinct", "goal", "against_belief", "goal_done", "workhorse", "mvp", "embodiment"
]

REWARDS: tuple[tuple[RewardName, str], ...] = (
    ("belief", mark("Belief (Fate)")),
    ("instinct", mark("Instinct (Fate)")),
    ("goal", mark("Goal (Fate)")),
    ("against_belief", mark("Against belief (Persona)")),
    ("goal_done", mark("Goal done (Persona)")),
    ("workhorse", mark("Workhorse (Persona)")),
    ("mvp", mark("MVP (Persona)")),
    ("embodiment", mark("Embodiment (Persona)")),
)
"""The session's rewards, with the point each earns."""


def reward(sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """A reward at the end of a session: Fate or Persona for what the mouse did."""
    options = [(key, tr(label)) for key, label in REWARDS]
    fields = choice("reward", tr("Reward"), options, "belief")

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.Reward(sheet["name"], values["reward"]))

    return Form(f"{sheet['name']}: {tr('Reward')}", [fields], confirm, tr("Give"))


def prologue(view: MouseGuardView, sheet: CharacterView, submit: Submit, tr: Tr) -> Form:
    """The prologue's gift: shake off a condition the ruleset lets a prologue recover
    (Hungry, Angry or Tired in Mouse Guard), or win back a point of Nature."""
    gifts = [c for c in view["ruleset"]["conditions"] if c["prologue"]]
    named = [(c["id"], c["name"]) for c in gifts]
    options = [(key, tr(name)) for key, name in named] + [("nature", tr("A point of Nature"))]
    fields = choice("recover", tr("Recover"), options, options[0][0])

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.Prologue(sheet["name"], values["recover"]))

    return Form(f"{sheet['name']}: {tr('Prologue')}", [fields], confirm, tr("Done"))


def note(submit: Submit, tr: Tr) -> Form:
    """The GM notes an obstacle or a twist for this session's turns, typed on the screen's keys."""
    kinds = [("obstacle", tr("Obstacle")), ("twist", tr("Twist"))]
    first = choice("note", tr("Note"), kinds, "obstacle")
    second = [Field("text", tr("What"), "text", "")]

    def confirm(values: dict[str, Any]) -> bool:
        kind: Literal["obstacle", "twist"] = "twist" if values["note"] == "twist" else "obstacle"
        return submit(cmd.Note(kind, values["text"].strip()))

    return Form(tr("Note"), [first, second], confirm, tr("Save"))


def first_session(submit: Submit, tr: Tr) -> Form:
    """The first session on the device: a new campaign, or one the table played before
    (which has a last mission to retell, so a prologue)."""
    options = [("new", tr("Begins the campaign")), ("continues", tr("Continues a campaign"))]
    fields = choice("campaign", tr("This session"), options, "new")

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.SetPhase("prologue", continues=values["campaign"] == "continues"))

    return Form(tr("First session"), [fields], confirm, tr("Start"))
