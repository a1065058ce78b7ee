"""What the table asks for in a conflict. JSON form: ``{"type": kind, **fields}``.

``side`` is always "gm" or "patrol", the two sides (each served by one action pad). One
line per command, as a script would send it::

    {"type": "mg.begin_conflict", "conflict": "fight", "patrol": ["Saxon", "Kenzie"], "captain": "Saxon", "goal": "Drive the weasel off", "opponent": "Weasel", "gm_goal": "Eat well", "gm_dice": 4}
    {"type": "mg.form_team", "side": "patrol", "members": ["Kenzie"], "captain": "Kenzie", "goal": "Save the cart"}
    {"type": "mg.roll_disposition", "side": "patrol", "ability": "Health", "helpers": ["Kenzie"], "faces": [6, 4, 1]}
    {"type": "mg.roll_disposition", "side": "patrol", "persona": 1, "trait_for": "Brave", "wise": "Weasel-wise"}
    {"type": "mg.disposition_explode", "side": "patrol", "faces": ["sword"]}
    {"type": "mg.set_disposition", "side": "gm", "disposition": 7}
    {"type": "mg.arm", "side": "patrol", "member": "Saxon", "weapon": "sword", "choice": "attack"}
    {"type": "mg.script", "side": "gm", "action": "attack", "actor": "Weasel"}
    {"type": "mg.unscript", "side": "gm"}
    {"type": "mg.clear_script", "side": "patrol"}
    {"type": "mg.lock", "side": "gm"}
    {"type": "mg.unlock", "side": "gm"}
    {"type": "mg.reveal"}
    {"type": "mg.help_action", "side": "patrol", "helper": "Kenzie", "skill": "Fighter"}
    {"type": "mg.action_trait_against", "side": "patrol", "trait": "Fearless", "opponent_bonus": true}
    {"type": "mg.action_trait_for", "side": "patrol", "trait": "Quick-witted"}
    {"type": "mg.action_nature", "side": "patrol", "nature": "within"}
    {"type": "mg.action_persona_dice", "side": "patrol", "points": 1}
    {"type": "mg.action_tap_nature", "side": "patrol", "within": true}
    {"type": "mg.roll_action", "side": "patrol", "skill": "Fighter", "faces": ["axe", "sword", "snake"]}
    {"type": "mg.action_explode", "side": "patrol", "faces": ["sword"]}
    {"type": "mg.action_wise", "side": "patrol", "wise": "Weather-wise", "way": "of_course", "faces": ["sword"]}
    {"type": "mg.action_level_three", "side": "patrol", "trait": "Fearless"}
    {"type": "mg.keep_roll", "side": "patrol"}
    {"type": "mg.break_action_tie", "side": "patrol", "trait": "Brave", "way": "against"}
    {"type": "mg.action_tiebreaker", "patrol_ability": "Will", "gm_dice": 3}
    {"type": "mg.maneuver", "side": "patrol", "effects": ["impede", "gain_position"]}
    {"type": "mg.maneuver", "side": "gm", "effects": ["disarm"], "target": "Saxon", "item": "sword"}
    {"type": "mg.end_conflict", "winner_terms": "Saxon is Tired", "loser_terms": "The weasel keeps one sack"}

``mg.script``'s ``action`` and ``actor`` are secret to its side until the
action is revealed; everything else is public.
"""

# ruff: noqa: E501

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from tablekit.rules.game import Command
from tablekit.rules.mouse_guard.limits import (
    MAX_MEMBERS,
    Dice,
    Disposition,
    Faces,
    Gear,
    Id,
    Name,
    Named,
    Names,
    Points,
    Terms,
    Text,
)

SideName = Literal["gm", "patrol"]
Members = Annotated[tuple[Name, ...], Meta(min_length=1, max_length=MAX_MEMBERS)]
"""The members of a new team or of the patrol: at least one."""
ConflictType = Literal[
    "argument", "chase", "fight", "fight_animal", "negotiation", "journey", "speech", "war", "other"
]


@dataclass(frozen=True)
class BeginConflict(Command):
    """Set-up: the type, the patrol's members and captain, both goals, and the GM's team.

    The GM's team is ``opponent`` (its members ``gm_members``, by default the
    opponent alone); a member with no sheet at the table rolls ``gm_dice``
    for any action. ``skill`` and ``ability`` are the GM's call for "other".
    """

    kind: ClassVar[str] = "mg.begin_conflict"
    conflict: ConflictType
    patrol: Members
    captain: Name
    opponent: Name
    goal: Text = ""
    gm_goal: Text = ""
    gm_members: Names = ()
    gm_dice: Dice = 0
    skill: Named = ""
    ability: Named = ""


@dataclass(frozen=True)
class FormTeam(Command):
    """Before any disposition on ``side``, ``members`` of its teams form a team of their own,
    led by ``captain``, with its own ``goal`` (and, for the GM, the ``dice`` its members
    without a sheet roll; by default the side's)."""

    kind: ClassVar[str] = "mg.form_team"
    side: SideName
    members: Members
    captain: Named = ""
    goal: Text = ""
    dice: Dice = 0


@dataclass(frozen=True)
class RollDisposition(Command):
    """The captain tests the type's skill, helped by the others; successes go on the ability.

    ``gear`` adds (or takes) points for armour and the like. ``team`` names the team by
    its captain; by default the side's first team without a disposition. As in any test
    the captain may spend ``persona`` points for dice, ``tap`` Nature ("within" or
    "outside" its scope), use a trait for (``trait_for``) or against (``trait_against``)
    itself, and add a ``wise`` of its own (I Am Wise).
    """

    kind: ClassVar[str] = "mg.roll_disposition"
    side: SideName
    ability: Named = ""
    skill: Named = ""
    helpers: Names = ()
    gear: Gear = 0
    faces: Faces = None
    team: Named = ""
    persona: Dice = 0
    tap: Literal["", "within", "outside"] = ""
    trait_for: Named = ""
    trait_against: Named = ""
    wise: Named = ""


@dataclass(frozen=True)
class DispositionExplode(Command):
    """After its disposition roll, before the first reveal, the captain of ``side``'s team
    (by its captain's name; by default the side's first) spends a Fate point: every axe
    rolls a new die, and every new axe again; the successes go on the disposition."""

    kind: ClassVar[str] = "mg.disposition_explode"
    side: SideName
    team: Named = ""
    faces: Faces = None


@dataclass(frozen=True)
class SetDisposition(Command):
    """A team's starting disposition given as a number (the GM's side, usually); ``team``
    as for :class:`RollDisposition`."""

    kind: ClassVar[str] = "mg.set_disposition"
    side: SideName
    disposition: Disposition
    team: Named = ""


@dataclass(frozen=True)
class Arm(Command):
    """``member`` takes up a weapon or tactic ("" puts it down) between actions."""

    kind: ClassVar[str] = "mg.arm"
    side: SideName
    member: Name
    weapon: Id
    choice: Id = ""


@dataclass(frozen=True)
class Script(Command):
    """Script ``action`` into the side's next slot; ``actor`` defaults to the rotation."""

    kind: ClassVar[str] = "mg.script"
    side: SideName
    action: Literal["attack", "defend", "feint", "maneuver"]
    actor: Named = ""


@dataclass(frozen=True)
class Unscript(Command):
    """Take back the last scripted action (the pad's Back)."""

    kind: ClassVar[str] = "mg.unscript"
    side: SideName


@dataclass(frozen=True)
class ClearScript(Command):
    """Take back the whole script (the pad's Back held down)."""

    kind: ClassVar[str] = "mg.clear_script"
    side: SideName


@dataclass(frozen=True)
class Lock(Command):
    kind: ClassVar[str] = "mg.lock"
    side: SideName


@dataclass(frozen=True)
class Unlock(Command):
    kind: ClassVar[str] = "mg.unlock"
    side: SideName


@dataclass(frozen=True)
class Reveal(Command):
    """Reveal the next action of both scripts, the GM's first."""

    kind: ClassVar[str] = "mg.reveal"


@dataclass(frozen=True)
class HelpAction(Command):
    """A team member who is not acting adds a die to the side's action test with the
    ``skill`` (or ability) or the ``wise`` it helps with: name one. The actor may name
    itself with a wise of its own (I Am Wise)."""

    kind: ClassVar[str] = "mg.help_action"
    side: SideName
    helper: Name
    skill: Named = ""
    wise: Named = ""


@dataclass(frozen=True)
class ActionTraitAgainst(Command):
    """Before the side rolls, its actor uses ``trait`` against itself: -1D for a check, or
    in a versus action (``opponent_bonus``) +2D to the other side for two."""

    kind: ClassVar[str] = "mg.action_trait_against"
    side: SideName
    trait: Name
    opponent_bonus: bool = False


@dataclass(frozen=True)
class ActionTraitFor(Command):
    """Before the side rolls, its actor uses a level 1 or 2 ``trait`` for itself: +1D."""

    kind: ClassVar[str] = "mg.action_trait_for"
    side: SideName
    trait: Name


@dataclass(frozen=True)
class RollAction(Command):
    """The side rolls its action test; ``skill`` picks among the sheet's choices, or names
    Nature, Will or Health to stand in for a skill the actor lacks."""

    kind: ClassVar[str] = "mg.roll_action"
    side: SideName
    skill: Named = ""
    faces: Faces = None


@dataclass(frozen=True)
class ActionNature(Command):
    """Before the side rolls, its actor rolls Nature in place of the action's skill,
    ``nature`` "within" Nature or "against" it (a failure taxes Nature)."""

    kind: ClassVar[str] = "mg.action_nature"
    side: SideName
    nature: Literal["within", "against"]


@dataclass(frozen=True)
class ActionPersonaDice(Command):
    """Before the side rolls, its actor spends Persona points for a die each."""

    kind: ClassVar[str] = "mg.action_persona_dice"
    side: SideName
    points: Points = 1


@dataclass(frozen=True)
class ActionTapNature(Command):
    """Before the side rolls, its actor spends a Persona point to add Nature's dice;
    ``within`` false (outside Nature's scope) costs a point of Nature too."""

    kind: ClassVar[str] = "mg.action_tap_nature"
    side: SideName
    within: bool = True


@dataclass(frozen=True)
class ActionExplode(Command):
    """After the side rolls, its actor spends a Fate point: a new die for every axe, and
    again for every new axe. ``faces`` are the new dice."""

    kind: ClassVar[str] = "mg.action_explode"
    side: SideName
    faces: Faces = None


@dataclass(frozen=True)
class ActionWise(Command):
    """After the side rolls, its actor uses ``wise``: "deeper_understanding" (a Fate point)
    rerolls one failed die, "of_course" (a Persona point) every failed die."""

    kind: ClassVar[str] = "mg.action_wise"
    side: SideName
    wise: Named
    way: Literal["deeper_understanding", "of_course"]
    faces: Faces = None


@dataclass(frozen=True)
class ActionLevelThree(Command):
    """After the side rolls, its actor's level 3 ``trait`` adds a success (or, where the
    table reads the sheet, rerolls the failed dice once a session)."""

    kind: ClassVar[str] = "mg.action_level_three"
    side: SideName
    trait: Name
    faces: Faces = None


@dataclass(frozen=True)
class KeepRoll(Command):
    """The side spends nothing more on its roll (no wise, Fate or trait): it stands as it is."""

    kind: ClassVar[str] = "mg.keep_roll"
    side: SideName


@dataclass(frozen=True)
class BreakActionTie(Command):
    """A tied versus action: the side's actor breaks it with ``trait``; "level_three" wins
    it for the side, "against" gives it to the other side for two checks."""

    kind: ClassVar[str] = "mg.break_action_tie"
    side: SideName
    trait: Name
    way: Literal["level_three", "against"]


@dataclass(frozen=True)
class ActionTiebreaker(Command):
    """A tied versus action: both actors roll Will, Health or Nature; a member without a
    sheet rolls ``gm_dice`` (by default its team's dice). A second tie fails both."""

    kind: ClassVar[str] = "mg.action_tiebreaker"
    gm_ability: Literal["Will", "Health", "Nature"] = "Will"
    patrol_ability: Literal["Will", "Health", "Nature"] = "Will"
    gm_dice: Dice = 0
    gm_faces: Faces = None
    patrol_faces: Faces = None


@dataclass(frozen=True)
class Maneuver(Command):
    """Spend a maneuver's margin on "impede", "gain_position" and "disarm" (each once).

    Disarm takes ``item`` (a weapon, gear or trait; by default the weapon)
    from ``target`` (by default the opposing actor).
    """

    kind: ClassVar[str] = "mg.maneuver"
    side: SideName
    effects: tuple[Literal["impede", "gain_position", "disarm"], ...] = ()
    target: Named = ""
    item: Named = ""


@dataclass(frozen=True)
class EndConflict(Command):
    """Close the conflict once the compromise is agreed (or abandon it).

    ``winner_terms`` and ``loser_terms`` are the terms the table agreed, each up
    to :data:`.state.TERMS_LENGTH` characters; only once a side has won.
    """

    kind: ClassVar[str] = "mg.end_conflict"
    winner_terms: Terms = ""
    loser_terms: Terms = ""


CONFLICT_COMMANDS: tuple[type[Command], ...] = (
    BeginConflict, FormTeam, RollDisposition, DispositionExplode, SetDisposition, Arm, Script, Unscript, ClearScript,
    Lock, Unlock, Reveal, HelpAction, ActionTraitAgainst, ActionTraitFor, ActionNature,
    ActionPersonaDice, ActionTapNature, RollAction,
    ActionExplode, ActionWise, ActionLevelThree, KeepRoll, BreakActionTie, ActionTiebreaker, Maneuver, EndConflict,
)  # fmt: skip
