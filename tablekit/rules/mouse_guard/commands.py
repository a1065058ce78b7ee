"""What the table can ask for, in the summary's order. JSON form: ``{"type": kind, **fields}``.

Commands that roll take optional ``faces`` (names like "axe" or pips like 6),
so a camera or taps on the screen can give the dice; without them the
injected random source rolls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from tablekit.rules.game import Command
from tablekit.rules.mouse_guard.limits import (
    Checks,
    Dice,
    Faces,
    Name,
    Named,
    NoteText,
    Ob,
    Points,
    RatingValue,
    Text,
    TraitLevel,
)
from tablekit.rules.mouse_guard.sheet_fields import SheetFields


@dataclass(frozen=True)
class AddCharacter(Command):
    """A whole sheet as JSON (see :func:`.sheet.sheet_json`), each field within its limits
    (:class:`~.sheet_fields.SheetFields`); ``replace`` overwrites one."""

    kind: ClassVar[str] = "mg.add_character"
    sheet: SheetFields
    replace: bool = False


@dataclass(frozen=True)
class RemoveCharacter(Command):
    kind: ClassVar[str] = "mg.remove_character"
    character: Name


@dataclass(frozen=True)
class SetRating(Command):
    """An ability or skill at 0-6; a name not on the sheet adds a custom skill."""

    kind: ClassVar[str] = "mg.set_rating"
    character: Name
    rating: Name
    value: RatingValue


@dataclass(frozen=True)
class SetTrait(Command):
    """A trait at level 1-3, or 0 to remove it: in set-up or a winter session."""

    kind: ClassVar[str] = "mg.set_trait"
    character: Name
    trait: Name
    level: TraitLevel


@dataclass(frozen=True)
class SetWise(Command):
    """Learn (or, ``known`` false, forget) a wise: in set-up or a winter session."""

    kind: ClassVar[str] = "mg.set_wise"
    character: Name
    wise: Name
    known: bool = True


@dataclass(frozen=True)
class SetPhase(Command):
    """Move the session on; "prologue" begins a new session. ``continues`` says the first
    session on the device continues a campaign played before, so it has a prologue too."""

    kind: ClassVar[str] = "mg.set_phase"
    phase: Literal["setup", "prologue", "mission", "goals", "gm_turn", "players_turn", "winter"]
    continues: bool = False


@dataclass(frozen=True)
class Prologue(Command):
    """The chosen mouse's prologue, from the second session on (or in a first session
    that continues a campaign), once a session: recover a condition the ruleset lets a
    prologue recover (Hungry/Thirsty, Angry or Tired in Mouse Guard), or regain "nature"."""

    kind: ClassVar[str] = "mg.prologue"
    character: Name
    recover: Named


@dataclass(frozen=True)
class Note(Command):
    """The GM notes an ``obstacle`` or a ``twist`` (1-80 characters of ``text``) for this
    session's turns. The field is ``note``, not ``kind``: ``kind`` names the command."""

    kind: ClassVar[str] = "mg.note"
    note: Literal["obstacle", "twist"]
    text: NoteText


@dataclass(frozen=True)
class SetMission(Command):
    kind: ClassVar[str] = "mg.set_mission"
    mission: Text


@dataclass(frozen=True)
class SetGoal(Command):
    kind: ClassVar[str] = "mg.set_goal"
    character: Name
    goal: Text


@dataclass(frozen=True)
class Reward(Command):
    """Fate for a belief, an instinct or working toward a goal; Persona for acting
    against a belief, an accomplished goal, Workhorse, MVP and Embodiment."""

    kind: ClassVar[str] = "mg.reward"
    character: Name
    reward: Literal[
        "belief",
        "instinct",
        "goal",
        "against_belief",
        "goal_done",
        "workhorse",
        "mvp",
        "embodiment",
    ]


@dataclass(frozen=True)
class BeginTest(Command):
    """Step 1: the base pool. ``nature`` "within" or "against" puts Nature in place of
    ``rating``. A versus test names ``versus``: a character (with ``versus_rating``)
    or the GM's side (with ``versus_dice``). ``recovery`` tests ignore condition dice."""

    kind: ClassVar[str] = "mg.begin_test"
    character: Name
    rating: Named
    ob: Ob = 0
    nature: Literal["", "within", "against"] = ""
    versus: Named = ""
    versus_rating: Named = ""
    versus_dice: Dice = 0


@dataclass(frozen=True)
class UseTraitAgainst(Command):
    """Step 2: -1D for a check, or in a versus test +2D to the opponent for two."""

    kind: ClassVar[str] = "mg.use_trait_against"
    character: Name
    trait: Name
    opponent_bonus: bool = False


@dataclass(frozen=True)
class UseTraitFor(Command):
    """Step 3: +1D from an unused level 1 or 2 trait."""

    kind: ClassVar[str] = "mg.use_trait_for"
    character: Name
    trait: Name


@dataclass(frozen=True)
class AddHelper(Command):
    """Step 4: ``helper`` adds a die to ``character``'s side with a skill, ability or wise."""

    kind: ClassVar[str] = "mg.add_helper"
    character: Name
    helper: Name
    skill: Named = ""
    wise: Named = ""


@dataclass(frozen=True)
class TapNature(Command):
    """Step 5: a Persona point adds Nature; ``within`` says the deed is in Nature's scope."""

    kind: ClassVar[str] = "mg.tap_nature"
    character: Name
    within: bool = True


@dataclass(frozen=True)
class PersonaDice(Command):
    """Step 5: Persona points spent for dice, one die per point (the sheet's Persona box)."""

    kind: ClassVar[str] = "mg.persona_dice"
    character: Name
    points: Points = 1


@dataclass(frozen=True)
class Roll(Command):
    """Step 6: the next side rolls (in a versus test the opponent first)."""

    kind: ClassVar[str] = "mg.roll"
    faces: Faces = None


@dataclass(frozen=True)
class DeeperUnderstanding(Command):
    """Step 7: a Fate point and a wise reroll one failed die."""

    kind: ClassVar[str] = "mg.deeper_understanding"
    character: Name
    wise: Name
    faces: Faces = None


@dataclass(frozen=True)
class OfCourse(Command):
    """Step 7: a Persona point and a wise reroll every failed die."""

    kind: ClassVar[str] = "mg.of_course"
    character: Name
    wise: Name
    faces: Faces = None


@dataclass(frozen=True)
class Explode(Command):
    """Step 8: a Fate point rolls a new die for every axe, and again for new axes."""

    kind: ClassVar[str] = "mg.explode"
    character: Name
    faces: Faces = None


@dataclass(frozen=True)
class LevelThree(Command):
    """Step 9: a level 3 trait adds a success (or, by the sheet, rerolls failed dice)."""

    kind: ClassVar[str] = "mg.level_three"
    character: Name
    trait: Name
    faces: Faces = None


@dataclass(frozen=True)
class BreakTie(Command):
    """Step 10: "level_three" wins the tie for ``character``'s side; "against" gives it
    to the other side for two checks on ``trait``."""

    kind: ClassVar[str] = "mg.break_tie"
    character: Name
    trait: Name
    way: Literal["level_three", "against"]


@dataclass(frozen=True)
class Tiebreaker(Command):
    """Step 10: both sides roll Will, Health or Nature; a second tie fails both sides."""

    kind: ClassVar[str] = "mg.tiebreaker"
    ability: Literal["Will", "Health", "Nature"]
    opponent_ability: Literal["Will", "Health", "Nature"] = "Will"
    opponent_dice: Dice = 0
    faces: Faces = None
    opponent_faces: Faces = None


@dataclass(frozen=True)
class Resolve(Command):
    """Steps 11-12: mark the result; on a failure the GM chooses a twist or a condition."""

    kind: ClassVar[str] = "mg.resolve"
    outcome: Literal["", "twist", "condition"] = ""
    condition: Named = ""


@dataclass(frozen=True)
class CancelTest(Command):
    kind: ClassVar[str] = "mg.cancel_test"


@dataclass(frozen=True)
class SetCondition(Command):
    """Give or (``on`` false) take away a condition, by the ruleset's id or name."""

    kind: ClassVar[str] = "mg.set_condition"
    character: Name
    condition: Name
    on: bool = True


@dataclass(frozen=True)
class Recover(Command):
    """Begin the recovery test for the first condition in the recovery order, paid in
    checks; ``faces`` rolls it at once. Hungry/Thirsty is recovered without a test."""

    kind: ClassVar[str] = "mg.recover"
    character: Name
    faces: Faces = None


@dataclass(frozen=True)
class SpendCheck(Command):
    kind: ClassVar[str] = "mg.spend_check"
    character: Name
    amount: Checks = 1
    reason: Text = ""


@dataclass(frozen=True)
class EarnChecks(Command):
    """Checks on a trait earned outside a test here (e.g. in a conflict)."""

    kind: ClassVar[str] = "mg.earn_checks"
    character: Name
    trait: Name
    amount: Checks


@dataclass(frozen=True)
class ChargeTrait(Command):
    kind: ClassVar[str] = "mg.charge_trait"
    character: Name
    trait: Name


@dataclass(frozen=True)
class RechargeTrait(Command):
    kind: ClassVar[str] = "mg.recharge_trait"
    character: Name
    trait: Name


@dataclass(frozen=True)
class Advance(Command):
    """Raise a rating whose advance is due, when the player agrees."""

    kind: ClassVar[str] = "mg.advance"
    character: Name
    rating: Name


COMMANDS: tuple[type[Command], ...] = (
    AddCharacter, RemoveCharacter, SetRating, SetTrait, SetWise, SetPhase, Prologue, Note,
    SetMission, SetGoal, Reward, BeginTest, UseTraitAgainst, UseTraitFor, AddHelper,
    TapNature, PersonaDice, Roll, DeeperUnderstanding, OfCourse, Explode, LevelThree, BreakTie,
    Tiebreaker, Resolve, CancelTest, SetCondition, Recover, SpendCheck, EarnChecks,
    ChargeTrait, RechargeTrait, Advance,
)  # fmt: skip
