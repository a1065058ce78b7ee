"""What happened in a conflict. Every die is in here as its face, so replay never rolls.

``ActionScripted`` carries its side's secret (the action and its actor);
:func:`tablekit.rules.mouse_guard.conflict.secrecy.hidden` names those fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tablekit.rules.game import Event
from tablekit.rules.mouse_guard.conflict.state import (
    ActionTest,
    Arms,
    Conflict,
    Outcome,
    Part,
    Slot,
)


@dataclass(frozen=True)
class ConflictBegun(Event):
    kind: ClassVar[str] = "mg.conflict_begun"
    conflict: Conflict


@dataclass(frozen=True)
class TeamFormed(Event):
    """``members`` leave their team on ``side`` for a new one, led by ``captain``."""

    kind: ClassVar[str] = "mg.team_formed"
    side: str
    members: tuple[str, ...]
    captain: str
    goal: str = ""
    dice: int = 0


@dataclass(frozen=True)
class DispositionSet(Event):
    """A team's starting disposition, the parts it was made of and the dice rolled for it;
    ``team`` is its index among ``side``'s teams."""

    kind: ClassVar[str] = "mg.disposition_set"
    side: str
    disposition: int
    parts: tuple[Part, ...] = ()
    faces: tuple[str, ...] = ()
    team: int = 0
    rating: str = ""
    """The rating the captain rolled for it ("" when given, and in older journals)."""


@dataclass(frozen=True)
class DispositionExploded(Event):
    """Fate spent on the axes of ``side``'s team ``team``'s disposition roll: the new dice,
    whose successes go on its disposition."""

    kind: ClassVar[str] = "mg.disposition_exploded"
    side: str
    team: int
    faces: tuple[str, ...]


@dataclass(frozen=True)
class Armed(Event):
    kind: ClassVar[str] = "mg.armed"
    side: str
    arms: Arms


@dataclass(frozen=True)
class ActionScripted(Event):
    """Secret to ``side`` until revealed."""

    kind: ClassVar[str] = "mg.action_scripted"
    side: str
    action: str
    actor: str


@dataclass(frozen=True)
class ActionUnscripted(Event):
    kind: ClassVar[str] = "mg.action_unscripted"
    side: str


@dataclass(frozen=True)
class ScriptCleared(Event):
    kind: ClassVar[str] = "mg.script_cleared"
    side: str


@dataclass(frozen=True)
class ScriptLocked(Event):
    kind: ClassVar[str] = "mg.script_locked"
    side: str
    locked: bool


@dataclass(frozen=True)
class ActionRevealed(Event):
    """The action in ``slot`` of ``side``'s team ``team``, public from now on."""

    kind: ClassVar[str] = "mg.action_revealed"
    side: str
    slot: int
    action: Slot
    team: int = 0


@dataclass(frozen=True)
class ExchangeBegun(Event):
    """The revealed pair meets: who tests, with which modifiers already known. ``step`` is
    the meeting's place in the volley (-1 in journals from before teams: the slot's)."""

    kind: ClassVar[str] = "mg.exchange_begun"
    interaction: str
    tests: tuple[ActionTest, ...]
    step: int = -1


@dataclass(frozen=True)
class ActionHelped(Event):
    """``helper`` adds a die to ``side``'s action test with ``via``, a skill, an ability or
    (``wise``) a wise; the actor itself with a wise of its own is I Am Wise. Older
    journals name no ``via``."""

    kind: ClassVar[str] = "mg.action_helped"
    side: str
    helper: str
    via: str = ""
    wise: bool = False


@dataclass(frozen=True)
class ActionTraitUsed(Event):
    """``side``'s actor uses ``trait`` on its action test, ``use`` "against" (step 2) or
    "for" (step 3): ``change`` goes on the pool of ``target``, the side itself or, when
    a trait against gives the opponent dice, the other side."""

    kind: ClassVar[str] = "mg.action_trait_used"
    side: str
    trait: str
    use: str
    change: Part
    target: str


@dataclass(frozen=True)
class ActionNatureChosen(Event):
    """Before ``side`` rolls, the table says its actor rolls Nature in place of the
    action's skill, ``nature`` "within" or "against" Nature."""

    kind: ClassVar[str] = "mg.action_nature_chosen"
    side: str
    nature: str


@dataclass(frozen=True)
class ActionRolled(Event):
    """``side`` rolled ``rating`` (``base`` dice before modifiers); ``nature`` is "within"
    or "against" when Nature stood in for ``instead``, a skill."""

    kind: ClassVar[str] = "mg.action_rolled"
    side: str
    rating: str
    base: int
    faces: tuple[str, ...]
    nature: str = ""
    instead: str = ""


@dataclass(frozen=True)
class ActionPoolChanged(Event):
    """Persona spent on a side's action test before its roll: dice, or Nature (``tapped``;
    ``within`` false when the tap is outside Nature's scope)."""

    kind: ClassVar[str] = "mg.action_pool_changed"
    side: str
    change: Part
    tapped: bool = False
    within: bool = True


@dataclass(frozen=True)
class ActionExploded(Event):
    """Fate spent on a side's axes: the dice they added, new axes' dice included."""

    kind: ClassVar[str] = "mg.action_exploded"
    side: str
    faces: tuple[str, ...]


@dataclass(frozen=True)
class ActionRerolled(Event):
    """A side's failed dice rerolled ``way`` (a wise's, or a level 3 trait's): ``faces``
    replace its snakes, first to last."""

    kind: ClassVar[str] = "mg.action_rerolled"
    side: str
    faces: tuple[str, ...]
    way: str
    trait: str = ""
    """The level 3 trait that rerolled them, if a trait did."""


@dataclass(frozen=True)
class ActionSuccessAdded(Event):
    """A level 3 ``trait`` adds a success to a side's roll."""

    kind: ClassVar[str] = "mg.action_success_added"
    side: str
    trait: str


@dataclass(frozen=True)
class RollKept(Event):
    """The side spends nothing more on its roll."""

    kind: ClassVar[str] = "mg.roll_kept"
    side: str


@dataclass(frozen=True)
class ActionTieBroken(Event):
    """A versus tie broken ``way`` for ``winner`` ("" when the tiebreaker tied again)."""

    kind: ClassVar[str] = "mg.action_tie_broken"
    winner: str
    way: str
    gm_faces: tuple[str, ...] = ()
    patrol_faces: tuple[str, ...] = ()


@dataclass(frozen=True)
class DispositionChanged(Event):
    """``side``'s disposition moves by ``change.amount`` (kept between 0 and its start)."""

    kind: ClassVar[str] = "mg.disposition_changed"
    side: str
    change: Part


@dataclass(frozen=True)
class ManeuverWon(Event):
    """``side`` has ``margin`` to spend on maneuver effects."""

    kind: ClassVar[str] = "mg.maneuver_won"
    side: str
    margin: int


@dataclass(frozen=True)
class EffectsBought(Event):
    """A maneuver's purchase; ``target`` and ``item`` are set for a disarm."""

    kind: ClassVar[str] = "mg.effects_bought"
    side: str
    effects: tuple[str, ...]
    target: str = ""
    item: str = ""


@dataclass(frozen=True)
class ExchangeEnded(Event):
    kind: ClassVar[str] = "mg.exchange_ended"


@dataclass(frozen=True)
class VolleyEnded(Event):
    """Three actions are done and both sides stand: script three more."""

    kind: ClassVar[str] = "mg.volley_ended"


@dataclass(frozen=True)
class ConflictWon(Event):
    """Every team of a side is at 0; ``winner`` is the side still standing ("" if neither)."""

    kind: ClassVar[str] = "mg.conflict_won"
    winner: str


@dataclass(frozen=True)
class ConflictEnded(Event):
    """The conflict closes; ``outcome`` is what the table keeps of it (None in old logs)."""

    kind: ClassVar[str] = "mg.conflict_ended"
    outcome: Outcome | None = None


CONFLICT_EVENTS: tuple[type[Event], ...] = (
    ConflictBegun, TeamFormed, DispositionSet, DispositionExploded, Armed, ActionScripted,
    ActionUnscripted, ScriptCleared, ScriptLocked, ActionRevealed, ExchangeBegun, ActionHelped,
    ActionTraitUsed, ActionNatureChosen, ActionRolled, ActionPoolChanged, ActionExploded,
    ActionRerolled, ActionSuccessAdded, RollKept, ActionTieBroken, DispositionChanged,
    ManeuverWon, EffectsBought, ExchangeEnded, VolleyEnded, ConflictWon, ConflictEnded,
)  # fmt: skip
