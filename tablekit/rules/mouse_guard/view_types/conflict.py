"""A conflict in the Mouse Guard view: its teams and their scripts (an unrevealed action
is a :class:`~tablekit.rules.secret.Secret` of its side), the pair being tested, the
volley log, the compromise and how the last conflict ended."""

from __future__ import annotations

from typing import Literal, TypedDict

from tablekit.rules.mouse_guard.view_types.action import (
    Action,
    ActionTestView,
    ConflictSide,
    Part,
    TieView,
    Winner,
)
from tablekit.rules.mouse_guard.view_types.test import Face
from tablekit.rules.secret import Secret

Status = Literal["disposition", "scripting", "revealing", "acting", "maneuver", "over"]
"""Where a conflict stands."""

Interaction = Literal["independent", "versus", "feint_vs_defend", "feint_vs_attack"]
"""How two revealed actions meet (the sheet's action interaction table)."""

Effect = Literal["impede", "gain_position", "disarm"]
"""What a maneuver's margin buys."""

Band = Literal["none", "minor", "compromise", "major"]
"""How much of its starting disposition the winner lost, as a compromise reads it."""


class SkillsView(TypedDict):
    """The ratings each action tests in this conflict's type."""

    attack: list[str]
    defend: list[str]
    feint: list[str]
    maneuver: list[str]
    disposition: list[str]
    """The skill the captain tests for a starting disposition (one, or a choice)."""
    abilities: list[str]
    """The abilities its successes may be added to (a fight's Health or Nature)."""


class ScriptView(TypedDict):
    """The counts of a team's script the table may see."""

    filled: int
    slots: int
    locked: bool
    revealed: int
    """How many of its actions are public."""
    summary: str
    """E.g. "GM: 3 of 3, locked", "Patrol: 1 of 3 revealed", or with several teams on the
    side "Patrol (Saxon's team): 2 of 3"."""


class ScriptedAction(TypedDict):
    """A scripted action and who performs it; unrevealed, it is a Secret's value."""

    action: Action
    actor: str


class RevealedAction(ScriptedAction):
    """A scripted action the table has seen revealed."""

    revealed: Literal[True]


class ArmsView(TypedDict):
    """The weapon or tactic ``member`` carries; ``choice`` is its mode or chosen action."""

    member: str
    weapon: str
    choice: str


class TeamView(TypedDict):
    """One team of a conflict (a side has one, or several)."""

    side: ConflictSide
    index: int
    """Its place among its side's teams, from 0."""
    name: str
    captain: str
    members: list[str]
    goal: str
    dice: int
    """What a member without a sheet rolls for any action."""
    start: int
    """The starting disposition, 0 until set."""
    disposition: int
    parts: list[Part]
    faces: list[Face]
    script: ScriptView
    actions: list[RevealedAction | Secret]
    """The volley's script in order. An unrevealed action is a Secret of the
    side holding a :class:`ScriptedAction`; after projection an audience
    other than that side sees ``{"hidden": true}`` there."""
    impeded: bool
    positioned: bool
    arms: list[ArmsView]
    disarmed: list[str]


class SidesView(TypedDict):
    """Each side's team in play (the one tested now, or scripting now), the GM's first."""

    gm: TeamView
    patrol: TeamView


class DispositionChange(TypedDict):
    """Disposition an action took from (negative) or gave back to ``side``."""

    side: ConflictSide
    reason: str
    amount: int


class ManeuverMargin(TypedDict):
    """A side's maneuver margin still to spend."""

    side: ConflictSide
    margin: int


class Bought(TypedDict):
    """What a side bought with its maneuver margin."""

    side: ConflictSide
    effects: list[Effect]


class ExchangeView(TypedDict):
    """One revealed pair of actions, from the reveal until its effects are settled."""

    volley: int
    slot: int
    gm: ScriptedAction
    patrol: ScriptedAction
    interaction: Interaction
    tests: list[ActionTestView]
    changes: list[DispositionChange]
    maneuvers: list[ManeuverMargin]
    bought: list[Bought]
    tied: bool
    """A versus roll tied and waiting for the tie to be broken."""
    tie: TieView | None
    """How the tie was broken; None when there was none to break."""


class LogRoll(TypedDict):
    """One side's roll in a settled pair, as it stood when the pair settled."""

    side: ConflictSide
    actor: str
    rating: str
    ob: int | None
    """None in a versus roll."""
    faces: list[Face]
    """Every die as it lies: the roll with its rerolls, then Fate's explosion."""
    successes: int
    margin: int
    """Successes over the obstacle, or over the other side's in a versus roll (negative
    when fewer; a broken tie is won by 1)."""


class LogEntry(TypedDict):
    """One settled pair of actions in the volley log: both actions, both rolls, who won,
    what the margin bought and how the dispositions changed."""

    volley: int
    slot: int
    gm: ScriptedAction
    patrol: ScriptedAction
    interaction: Interaction
    rolls: list[LogRoll]
    winner: Winner
    """The side that won a versus roll; "" in other meetings or when both failed a tie."""
    tie: TieView | None
    changes: list[DispositionChange]
    bought: list[Bought]
    dispositions: LostView
    """Each side's disposition (its team in this pair) once the pair had settled."""


class LostView(TypedDict):
    """How much of its starting disposition each side lost."""

    gm: int
    patrol: int


class CompromiseRow(TypedDict):
    """A row of the compromise table: each side's terms for a band."""

    band: Band
    winner: str
    loser: str


class CompromiseView(TypedDict):
    """The compromise once the conflict is over; ``winner`` is "" when nobody won."""

    winner: Winner
    loser: Winner
    lost: LostView
    band: Band
    winner_terms: str
    loser_terms: str
    table: list[CompromiseRow]
    """Every band, "none" to "major"."""


class WeaponView(TypedDict):
    """A weapon or argument tactic a member may take up in this conflict (``mg.arm``)."""

    weapon: str
    """As ``mg.arm`` names it, e.g. "hook_and_line"."""
    title: str
    choices: list[str]
    """What a mouse picks when taking it up (a sword's action, a halberd's hold); empty
    when nothing."""
    costs: list[AbilityDice]
    """Dice its bearer's rolls of an ability gain or lose while it is carried (the sheet's
    Shield: -1D Health)."""


class AbilityDice(TypedDict):
    """Dice every roll of ``ability`` gains (negative: loses)."""

    ability: str
    dice: int


class ConflictView(TypedDict):
    """The conflict in progress."""

    type: str
    """The conflict type, e.g. "fight" (see :data:`.conflict.skills.TYPES`)."""
    title: str
    status: Status
    volley: int
    """Volleys begun."""
    revealed: int
    """Actions revealed in this volley."""
    skills: SkillsView
    sides: SidesView
    teams: list[TeamView]
    """Every team, the GM's first, each side's in order."""
    exchange: ExchangeView | None
    """The revealed pair being tested."""
    history: list[ExchangeView]
    """Every settled action, oldest first."""
    log: list[LogEntry]
    """The volley log: every settled pair, oldest first, as the table reads it back."""
    compromise: CompromiseView | None
    armoury: list[WeaponView]
    """The weapons and tactics this type of conflict allows under the ruleset."""


class LastConflict(TypedDict):
    """How the last conflict ended, kept after ``mg.end_conflict`` closed it."""

    type: str
    opponent: str
    """The GM's side's name."""
    winner: Winner
    """"" when nobody won or the conflict was abandoned."""
    band: Band | Literal[""]
    """The compromise's band; "" when the conflict was abandoned."""
    lost: LostView
    winner_terms: str
    """The terms the table agreed for the winner, in its own words ("" if none given)."""
    loser_terms: str
    abandoned: bool
    """Whether the conflict was ended before a side had won."""
